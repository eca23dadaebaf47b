// A pack's own photo (issue 25: the pack chooser switches the image too): sent with a pack's create or
// update as a data URL, removed with removeImage; null URLs mean "the product's image".
import sharp from "sharp";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, productFields, type TestEnv } from "../testing.ts";
import { errorCodeOf, fieldErrors } from "../platform/errors.ts";

let env: TestEnv;
let red: string;
let green: string;
beforeAll(async () => {
  env = await createTestEnv();
  const png = (background: string) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background } })
      .png()
      .toBuffer();
  red = `data:image/png;base64,${(await png("#cc2020")).toString("base64")}`;
  green = `data:image/png;base64,${(await png("#20cc20")).toString("base64")}`;
});
afterAll(() => env.close());

let skuCounter = 0;
const pack = (overrides: Record<string, unknown> = {}) => ({
  sku: `VI-${Date.now() % 100000}-${++skuCounter}`,
  label: "5 l",
  netQuantity: 5,
  netUnit: "l",
  mrp: 499,
  price: 449,
  stock: 10,
  ...overrides,
});

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("the call was not refused");
    },
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, storeCode: errorCodeOf(error), message: error.message, fields: error.cause instanceof ZodError ? fieldErrors(error.cause) : {} };
}

const storedSizes = (variantId: number) =>
  env.handle.db.productVariantImage.findMany({ where: { variantId }, select: { size: true, hash: true }, orderBy: { size: "desc" } });

describe("a pack's own photo", () => {
  it("is saved in three sizes with the new pack and answered as URLs; the product's image is left alone", async () => {
    const { productId } = (await env.admin.products.save(productFields({ productName: "Photo Packs", productImg: red }))).product;
    const created = await env.admin.variants.create({ productId, ...pack(), image: green });
    expect(created.image).toMatch(new RegExp(`^/images/variants/${created.variantId}/396/[0-9a-f]{12}\\.webp$`));
    expect(created.imageSmall).toMatch(new RegExp(`^/images/variants/${created.variantId}/150/[0-9a-f]{12}\\.webp$`));
    expect(created.imageThumb).toMatch(new RegExp(`^/images/variants/${created.variantId}/100/[0-9a-f]{12}\\.webp$`));
    const hash = created.image!.split("/").pop()!.replace(".webp", "");
    expect(await storedSizes(created.variantId)).toEqual([
      { size: 396, hash },
      { size: 150, hash },
      { size: 100, hash },
    ]);
    const stored = await env.handle.db.productVariantImage.findUniqueOrThrow({ where: { variantId_size: { variantId: created.variantId, size: 396 } } });
    const meta = await sharp(Buffer.from(stored.data, "base64")).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 396, height: 396 });

    const details = await env.anonymous.products.byId({ productId });
    expect(details.productImg).toMatch(/^\/images\/products\//);
    expect(details.productImg).not.toContain(hash);
    const [first, second] = details.variants;
    expect(first).toMatchObject({ image: null, imageSmall: null, imageThumb: null });
    expect(second).toMatchObject({ variantId: created.variantId, image: created.image, imageThumb: created.imageThumb });
  });

  it("is replaced by an update (new URL, old rows gone) and removed with removeImage; other fields keep their value", async () => {
    const productId = await env.newProduct({ productName: "Photo Swap" });
    const { variantId, image: redUrl } = await env.admin.variants.create({ productId, ...pack(), image: red });
    // the product page is cached: the change must reach it
    expect((await env.anonymous.products.byId({ productId })).variants[1]!.image).toBe(redUrl);

    const replaced = await env.admin.variants.update({ productId, variantId, image: green });
    expect(replaced.image).toMatch(/\.webp$/);
    expect(replaced.image).not.toBe(redUrl);
    expect(replaced).toMatchObject({ price: 449, mrp: 499, stock: 10, label: "5 l" });
    const newHash = replaced.image!.split("/").pop()!.replace(".webp", "");
    expect((await storedSizes(variantId)).map((r) => r.hash)).toEqual([newHash, newHash, newHash]);
    expect((await env.anonymous.products.byId({ productId })).variants[1]!.image).toBe(replaced.image);
    // the audit trail shows which photo the pack had before and after
    const entry = await env.handle.db.auditEntry.findFirst({ where: { action: "variants.update", entityId: String(productId) }, orderBy: { auditId: "desc" } });
    expect(JSON.stringify(entry?.changes)).toContain(`photo ${newHash}`);

    const priced = await env.admin.variants.update({ productId, variantId, price: 399 });
    expect(priced).toMatchObject({ price: 399, image: replaced.image });

    const removed = await env.admin.variants.update({ productId, variantId, removeImage: true });
    expect(removed).toMatchObject({ image: null, imageSmall: null, imageThumb: null, price: 399 });
    expect(await storedSizes(variantId)).toEqual([]);
    expect((await env.anonymous.products.byId({ productId })).variants[1]!.image).toBeNull();
    expect((await env.handle.db.productVariant.findUniqueOrThrow({ where: { variantId } })).imageHash).toBeNull();
  });

  it("goes with its pack when the pack is deleted", async () => {
    const productId = await env.newProduct({ productName: "Photo Delete" });
    const { variantId } = await env.admin.variants.create({ productId, ...pack(), image: red });
    await env.admin.variants.remove({ productId, variantId });
    expect(await storedSizes(variantId)).toEqual([]);
  });

  it("refuses a file that is not an image (400) and then changes nothing", async () => {
    const productId = await env.newProduct({ productName: "Photo Refused" });
    const sku = pack().sku;
    const fake = `data:image/png;base64,${Buffer.from("this is not a png at all").toString("base64")}`;
    const bad = await refusal(env.admin.variants.create({ productId, ...pack({ sku }), image: fake }));
    expect(bad).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/Image must be an image file/) });
    expect(await env.handle.db.productVariant.count({ where: { sku } })).toBe(0);

    const { variantId, image } = await env.admin.variants.create({ productId, ...pack(), image: red });
    const refused = await refusal(env.admin.variants.update({ productId, variantId, image: fake, price: 100 }));
    expect(refused.code).toBe("BAD_REQUEST");
    const after = (await env.anonymous.products.byId({ productId })).variants.find((v) => v.variantId === variantId);
    expect(after).toMatchObject({ image, price: 449 });
  });

  it.each([
    ["not a data URL", { image: "https://example.com/a.png" }, "image", "Image must be an image file"],
    [
      "an image and its removal at once",
      { image: "data:image/png;base64,AAAA", removeImage: true },
      "removeImage",
      "Send a new image or remove the image, not both",
    ],
    ["removeImage not a flag", { removeImage: "maybe" }, "removeImage", "Remove image must be true or false"],
  ])("refuses %s with a field message", async (_name, sent, field, message) => {
    const productId = await env.newProduct({ productName: "Photo Fields" });
    const { variants } = await env.admin.products.byId({ productId });
    const refused = await refusal(env.admin.variants.update({ productId, variantId: variants[0]!.variantId, ...(sent as object) }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.fields[field]).toBe(message);
  });

  it("is refused to a customer (403) and a guest (401)", async () => {
    const productId = await env.newProduct({ productName: "Photo Roles" });
    const { variants } = await env.admin.products.byId({ productId });
    const variantId = variants[0]!.variantId;
    const { caller } = await env.newCustomer();
    expect((await refusal(caller.variants.update({ productId, variantId, image: red }))).code).toBe("FORBIDDEN");
    expect((await refusal(env.anonymous.variants.update({ productId, variantId, removeImage: true }))).code).toBe("UNAUTHORIZED");
    expect(await storedSizes(variantId)).toEqual([]);
  });
});
