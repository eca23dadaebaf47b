// A pack's own photo over HTTP (issue 25): sent as a data URL on the pack endpoints, served at
// /images/variants/{variantId}/{size}/{hash}.webp with the caching rules of product images.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let photo: string;
beforeAll(async () => {
  env = await createHttpTestEnv();
  // noise does not compress: a data URL well over the 64 KB of an ordinary body
  const png = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  photo = `data:image/png;base64,${png.toString("base64")}`;
});
afterAll(() => env.close());

const admin = () => ({ authorization: `Bearer ${env.adminToken}` });
const pack = (o: Record<string, unknown> = {}) => ({ sku: "PI-5L", label: "5 l", netQuantity: 5, netUnit: "l", mrp: 499, price: 449, stock: 10, ...o });
type Variant = { variantId: number; image: string | null; imageSmall: string | null; imageThumb: string | null };

describe("a pack's own photo over HTTP", () => {
  it("is uploaded with a new pack (201) and served as WebP, immutable, with an ETag and 304 on revalidation", async () => {
    expect(photo.length).toBeGreaterThan(64 * 1024);
    const productId = await env.newProduct({ productName: "Http Pack Photo" });
    const added = await env.app.inject({ method: "POST", url: `/api/v1/products/${productId}/variants`, headers: admin(), payload: pack({ image: photo }) });
    expect(added.statusCode).toBe(201);
    const variant = added.json<Variant>();
    expect(variant.image).toMatch(new RegExp(`^/images/variants/${variant.variantId}/396/[0-9a-f]{12}\\.webp$`));

    for (const [url, size] of [
      [variant.image!, 396],
      [variant.imageSmall!, 150],
      [variant.imageThumb!, 100],
    ] as const) {
      const img = await env.app.inject({ method: "GET", url });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      expect(img.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(img.rawPayload).metadata()).width).toBe(size);
      const again = await env.app.inject({ method: "GET", url, headers: { "if-none-match": String(img.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }

    const details = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    const listed = details.json<{ variants: Variant[] }>().variants;
    expect(listed.map((v) => v.image)).toEqual([null, variant.image]);
  });

  it("is replaced (the old URL is 404, not cached) and removed (the pack shows the product's image again)", async () => {
    const productId = await env.newProduct({ productName: "Http Photo Swap" });
    const added = await env.app.inject({ method: "POST", url: `/api/v1/products/${productId}/variants`, headers: admin(), payload: pack({ sku: "PI-SWAP" }) });
    const { variantId, image } = added.json<Variant>();
    expect(image).toBeNull();
    const url = `/api/v1/products/${productId}/variants/${variantId}`;

    const first = await env.app.inject({ method: "POST", url, headers: admin(), payload: { image: photo } });
    expect(first.statusCode).toBe(200);
    const oldUrl = first.json<Variant>().image!;
    expect((await env.app.inject({ method: "GET", url: oldUrl })).statusCode).toBe(200);

    const other = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#00aa00" } })
      .png()
      .toBuffer();
    const second = await env.app.inject({ method: "POST", url, headers: admin(), payload: { image: `data:image/png;base64,${other.toString("base64")}` } });
    expect(second.statusCode).toBe(200);
    const newUrl = second.json<Variant>().image!;
    expect(newUrl).not.toBe(oldUrl);
    const stale = await env.app.inject({ method: "GET", url: oldUrl });
    expect(stale.statusCode).toBe(404);
    expect(stale.headers["cache-control"]).toBe("no-store");
    expect(stale.headers.etag).toBeUndefined();
    expect((await env.app.inject({ method: "GET", url: newUrl })).statusCode).toBe(200);

    const removed = await env.app.inject({ method: "POST", url, headers: admin(), payload: { removeImage: true } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ image: null, imageSmall: null, imageThumb: null });
    expect((await env.app.inject({ method: "GET", url: newUrl })).statusCode).toBe(404);
  });

  it("answers 400 for a file that is not an image or a value that is no data URL, and 404 for a malformed image URL", async () => {
    const productId = await env.newProduct({ productName: "Http Photo Bad" });
    const fake = `data:image/png;base64,${Buffer.from("this is not a png at all").toString("base64")}`;
    const bad = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/${productId}/variants`,
      headers: admin(),
      payload: pack({ sku: "PI-BAD", image: fake }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: expect.stringMatching(/Image must be an image file/) });
    expect(await env.handle.db.productVariant.count({ where: { sku: "PI-BAD" } })).toBe(0);

    const { variants } = (await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` })).json<{ variants: Variant[] }>();
    const url = `/api/v1/products/${productId}/variants/${variants[0]!.variantId}`;
    const notDataUrl = await env.app.inject({ method: "POST", url, headers: admin(), payload: { image: "https://example.com/x.png" } });
    expect(notDataUrl.statusCode).toBe(400);
    expect(notDataUrl.json()).toMatchObject({ errors: { image: "Image must be an image file" } });
    const both = await env.app.inject({ method: "POST", url, headers: admin(), payload: { image: photo, removeImage: true } });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ errors: { removeImage: "Send a new image or remove the image, not both" } });

    for (const path of [
      "/images/variants/abc/396/abc.webp",
      "/images/variants/1/397/abc.webp",
      "/images/variants/1/396/XYZ.webp",
      "/images/variants/999999/396/abcdef.webp",
    ]) {
      expect((await env.app.inject({ method: "GET", url: path })).statusCode, path).toBe(404);
    }
  });

  it("is refused without a token (401) and to a customer (403)", async () => {
    const productId = await env.newProduct({ productName: "Http Photo Roles" });
    const { customerId } = await env.newCustomer();
    const post = (headers: Record<string, string>) =>
      env.app.inject({ method: "POST", url: `/api/v1/products/${productId}/variants`, headers, payload: pack({ sku: "PI-ROLE", image: photo }) });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ authorization: `Bearer ${await env.tokenFor(customerId)}` })).statusCode).toBe(403);
    expect(await env.handle.db.productVariant.count({ where: { sku: "PI-ROLE" } })).toBe(0);
  });
});
