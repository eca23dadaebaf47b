// HTTP tests of the product paths of /api/v1, including multipart/form-data uploads.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let png: Buffer;
beforeAll(async () => {
  env = await createHttpTestEnv();
  png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2040c0" } })
    .png()
    .toBuffer();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Part = string | { filename: string; type: string; data: Buffer };
/** a multipart/form-data body built by hand, as a browser form would send it */
function multipart(fields: Record<string, Part>) {
  const boundary = `----storeTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
      );
      chunks.push(value.data, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const formFields = (o: Record<string, string> = {}) => ({
  productName: "Multipart Cleaner",
  productPrice: "149",
  mainPrice: "199",
  offer: "25% off",
  packSize: "1000ml",
  productInfo: "Uploaded as a form.",
  deliveryCharge: "Free",
  quantity: "12",
  ...o,
});

describe("POST /api/v1/products/saves", () => {
  it("accepts multipart/form-data with an image file, resizes it and answers image URLs", async () => {
    const body = multipart({ ...formFields(), productImg: { filename: "bottle.png", type: "image/png", data: png } });
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product).toMatchObject({
      productName: "Multipart Cleaner",
      productPrice: 149,
      mainPrice: 199,
      deliveryCharge: "Free",
      quantity: 12,
      productImgName: "bottle.png",
    });
    expect(product.productImg).toMatch(/^\/images\/products\/\d+\/396\/[0-9a-f]{12}\.webp$/);
    expect(await env.handle.db.productImage.count({ where: { productId: product.productId } })).toBe(3);
    const img = await env.app.inject({ method: "GET", url: product.productImg });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/webp");
  });

  it("accepts the image as a data URL field (multipart) and JSON bodies", async () => {
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    const body = multipart({ ...formFields({ productName: "DataUrl Form" }), productImg: dataUrl });
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.productImg).toMatch(/\.webp$/);
    const json = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: bearer(env.adminToken),
      payload: { ...formFields({ productName: "Json Product" }), productPrice: 59.5, deliveryCharge: 20, quantity: 3, productImg: dataUrl },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().product).toMatchObject({ productName: "Json Product", productPrice: 59.5, deliveryCharge: 20 });
  });

  it("accepts a large photo sent as a data URL text field (not cut off at a small field limit)", async () => {
    const photo = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const dataUrl = `data:image/png;base64,${photo.toString("base64")}`;
    expect(dataUrl.length).toBeGreaterThan(256 * 1024);
    const body = multipart({ ...formFields({ productName: "Big Photo" }), productImg: dataUrl });
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product.productImg).toMatch(/\.webp$/);
    const img = await env.app.inject({ method: "GET", url: product.productImg });
    expect((await sharp(img.rawPayload).metadata()).width).toBe(396);
  });

  it("answers 413 (never a silently cut value) for a data URL field over the image limit", async () => {
    const before = await env.handle.db.product.count();
    const dataUrl = `data:image/png;base64,${Buffer.alloc(6 * 1024 * 1024, 7).toString("base64")}`;
    const body = multipart({ ...formFields({ productName: "Too Big" }), productImg: dataUrl });
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, error: "Payload Too Large" });
    expect(await env.handle.db.product.count()).toBe(before);
  });

  it("answers 400 when the file is not an image, and stores nothing", async () => {
    const before = await env.handle.db.product.count();
    for (const file of [
      { filename: "notes.txt", type: "text/plain", data: Buffer.from("just text") },
      { filename: "fake.png", type: "image/png", data: Buffer.from("not really a png") },
    ]) {
      const body = multipart({ ...formFields(), productImg: file });
      const res = await env.app.inject({
        method: "POST",
        url: "/api/v1/products/saves",
        headers: { ...body.headers, ...bearer(env.adminToken) },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        error: "Bad Request",
        path: "/api/v1/products/saves",
        message: expect.stringContaining("Image must be an image file"),
      });
    }
    expect(await env.handle.db.product.count()).toBe(before);
  });

  it("answers 400 with the spec's messages for missing fields", async () => {
    const body = multipart(formFields({ productName: "", productPrice: "" }));
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Product Name is required",
      errors: { productName: "Product Name is required", productPrice: "Price is required" },
    });
  });

  it("answers 413 for an image over 5 MB", async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const body = multipart({ ...formFields(), productImg: { filename: "big.png", type: "image/png", data: big } });
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, error: "Payload Too Large", path: "/api/v1/products/saves" });
  });

  it("answers 415 for a content type it does not read", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...bearer(env.adminToken), "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, error: "Unsupported Media Type" });
  });

  it("is admin only (multipart too): 401 anonymous, 403 customer", async () => {
    const c = await env.newCustomer();
    const body = multipart(formFields());
    const anon = await env.app.inject({ method: "POST", url: "/api/v1/products/saves", headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: "Unauthorized" });
    const cust = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { ...body.headers, ...bearer(await env.tokenFor(c.customerId)) },
      payload: body.payload,
    });
    expect(cust.statusCode).toBe(403);
  });
});

describe("POST /api/v1/products/update/{productId}", () => {
  it("updates by multipart, keeping omitted fields, and replaces the image", async () => {
    const productId = await env.newProduct({ productName: "Before", productPrice: 80, deliveryCharge: 15, quantity: 9 });
    const body = multipart({ productName: "After", productImg: { filename: "new.png", type: "image/png", data: png } });
    const res = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: { ...body.headers, ...bearer(env.adminToken) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ productName: "After", productPrice: 80, deliveryCharge: 15, quantity: 9, productImgName: "new.png" });
    expect(res.json().product.productImg).toMatch(/\.webp$/);
    const json = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: bearer(env.adminToken),
      payload: { productName: "After2", quantity: 4 },
    });
    expect(json.json().product).toMatchObject({ productName: "After2", quantity: 4, productPrice: 80 });
    const row = await env.handle.db.product.findUniqueOrThrow({ where: { productId } });
    expect(row).toMatchObject({ productName: "After2", quantity: 4, productPrice: 8000, deliveryCharge: 1500 });
  });

  it("answers 400 without a name, 404 for a missing product, 403 for a customer", async () => {
    const productId = await env.newProduct();
    const noName = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: bearer(env.adminToken),
      payload: { productPrice: 5 },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe("Product Name is required");
    const missing = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/update/999999",
      headers: bearer(env.adminToken),
      payload: { productName: "x" },
    });
    expect(missing.statusCode).toBe(404);
    const c = await env.newCustomer();
    const cust = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: bearer(await env.tokenFor(c.customerId)),
      payload: { productName: "x" },
    });
    expect(cust.statusCode).toBe(403);
  });
});

describe("GET /api/v1/products/details(/{productId})", () => {
  it("is public, an array with image URLs (never base64), searchable with ?search=", async () => {
    const productId = await env.newProduct({ productName: "Searchable SPARKLE" });
    const res = await env.app.inject({ method: "GET", url: "/api/v1/products/details" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(res.body).not.toContain("base64");
    expect(list.map((p: { productId: number }) => p.productId)).toContain(productId);
    const found = (await env.app.inject({ method: "GET", url: "/api/v1/products/details?search=sparkle" })).json();
    expect(found.map((p: { productId: number }) => p.productId)).toEqual([productId]);
    const one = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    expect(one.json()).toMatchObject({ productId, productName: "Searchable SPARKLE", inStock: true });
    const missing = await env.app.inject({ method: "GET", url: "/api/v1/products/details/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      status: 404,
      error: "Not Found",
      message: "Product 999999 was not found.",
      path: "/api/v1/products/details/999999",
    });
  });
});

describe("product delete: GET /api/v1/products/delete/{id} and DELETE /api/v1/products/{id}", () => {
  it("soft-deletes for the admin only; past orders stay readable", async () => {
    const productId = await env.newProduct({ productName: "To Delete", quantity: 5 });
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const order = (
      await env.app.inject({ method: "POST", url: "/api/v1/productOrder/save", headers: bearer(token), payload: { productId, quantity: 1 } })
    ).json().order;
    expect((await env.app.inject({ method: "GET", url: `/api/v1/products/delete/${productId}`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: `/api/v1/products/delete/${productId}` })).statusCode).toBe(401);
    const res = await env.app.inject({ method: "GET", url: `/api/v1/products/delete/${productId}`, headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Product deleted." });
    expect((await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` })).statusCode).toBe(404);
    const past = await env.app.inject({ method: "GET", url: `/api/v1/productOrder/details/${order.orderId}`, headers: bearer(token) });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ productName: "To Delete" });
    expect((await env.app.inject({ method: "GET", url: `/api/v1/products/delete/${productId}`, headers: bearer(env.adminToken) })).statusCode).toBe(404);

    const other = await env.newProduct();
    const del = await env.app.inject({ method: "DELETE", url: `/api/v1/products/${other}`, headers: bearer(env.adminToken) });
    expect(del.statusCode).toBe(200);
    expect((await env.app.inject({ method: "DELETE", url: `/api/v1/products/${other}`, headers: bearer(env.adminToken) })).statusCode).toBe(404);
  });
});

describe("GET /api/v1/products/count", () => {
  it("is a plain number of live products for the admin", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/products/count", headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(await env.handle.db.product.count({ where: { deletedAt: null } }));
    expect((await env.app.inject({ method: "GET", url: "/api/v1/products/count" })).statusCode).toBe(401);
  });
});

describe("GET /api/v1/products/details answered from the kept bytes before Fastify (issue 22), over a real socket", () => {
  let served: HttpTestEnv;
  let base: string;
  const lines: string[] = [];
  beforeAll(async () => {
    served = await createHttpTestEnv({ logLevel: "info", logStream: { write: (line) => void lines.push(line) } });
    base = await served.app.listen({ port: 0, host: "127.0.0.1" });
    // a list long enough to be worth compressing
    for (let i = 0; i < 6; i++) await served.newProduct({ productName: `Edge Filler ${i}` });
  });
  afterAll(() => served.close());

  /** the raw answer: bytes as sent (fetch would decompress them) */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  const withoutDate = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date"));
  const names = (body: Buffer) => (JSON.parse(body.toString()) as { productName: string }[]).map((p) => p.productName);
  const requestLines = () =>
    lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; path?: string; status?: number }).filter((l) => l.msg === "request");
  const gzipped = async (path: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await get(path, { "accept-encoding": "gzip, deflate" });
      if (res.headers["content-encoding"] === "gzip") return res;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("never answered gzip");
  };

  it("sends the first answer's bytes and headers again without Fastify, and 304 to its ETag", async () => {
    await served.newProduct({ productName: "Edge List Polish" });
    lines.length = 0;
    const first = await get("/api/v1/products/details");
    const second = await get("/api/v1/products/details");
    expect(first.status).toBe(200);
    expect(names(first.body)).toContain("Edge List Polish");
    expect(second.body.equals(first.body)).toBe(true);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(second.headers.vary).toBe("authorization, trpc-accept, accept-encoding");
    const notModified = await get("/api/v1/products/details", { "if-none-match": String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // Fastify's request logger names its request; the edge answered the kept bytes before Fastify made one
    const logged = requestLines();
    expect(logged.map((l) => l.status)).toEqual([200, 200, 304]);
    for (const l of logged) expect(l.path).toMatch(/\/products\/details$/);
    expect(logged[0]).toHaveProperty("reqId");
    expect(logged[1]).not.toHaveProperty("reqId");
    expect(logged[2]).not.toHaveProperty("reqId");
  });

  it("sends gzip to a client that accepts it, the very same bytes once unzipped, and plain bytes to one that does not", async () => {
    const plain = await get("/api/v1/products/details");
    const zipped = await gzipped("/api/v1/products/details");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(zipped.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
    for (const refused of ["gzip;q=0", "identity", "deflate", "*;q=0"]) {
      const res = await get("/api/v1/products/details", { "accept-encoding": refused });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.equals(plain.body)).toBe(true);
    }
    // either ETag revalidates: both name the same list
    for (const etag of [String(plain.headers.etag), String(zipped.headers.etag)]) {
      expect((await get("/api/v1/products/details", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(304);
    }
  });

  it("answers the change on the very next request after a product write, here or on another instance", async () => {
    const productId = await served.newProduct({ productName: "Edge Before Write" });
    expect(names(gunzipSync((await gzipped("/api/v1/products/details")).body))).toContain("Edge Before Write");
    await served.admin.products.update({ productId, productName: "Edge After Write" });
    const afterPlain = await get("/api/v1/products/details");
    expect(names(afterPlain.body)).toContain("Edge After Write");
    expect(names(afterPlain.body)).not.toContain("Edge Before Write");
    // another instance's write reaches this one as a cleared product cache (product-sync.ts, LISTEN/NOTIFY)
    await served.handle.db.product.update({ where: { productId }, data: { productName: "Edge Other Instance" } });
    served.services.productCache.clear();
    const afterOther = await get("/api/v1/products/details", { "accept-encoding": "gzip" });
    const text = afterOther.headers["content-encoding"] === "gzip" ? gunzipSync(afterOther.body) : afterOther.body;
    expect(names(text)).toContain("Edge Other Instance");
    expect(names(text)).not.toContain("Edge After Write");
  });

  it("leaves signed-in, CORS and body-carrying requests to Fastify", async () => {
    await get("/api/v1/products/details");
    lines.length = 0;
    const signedIn = await get("/api/v1/products/details", { authorization: `Bearer ${served.adminToken}` });
    const cors = await get("/api/v1/products/details", { origin: "https://elsewhere.example" });
    expect(signedIn.status).toBe(200);
    expect(cors.status).toBe(200);
    expect(cors.headers["access-control-allow-origin"]).toBeUndefined();
    expect(requestLines().every((l) => "reqId" in l)).toBe(true);
    expect(requestLines()).toHaveLength(2);
  });
});
