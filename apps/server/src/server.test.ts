// HTTP tests of what the server adds around the procedures: health, docs, the OpenAPI
// document, tRPC over HTTP (superjson), image serving, errors for unknown paths.
import SwaggerParser from "@apidevtools/swagger-parser";
import sharp from "sharp";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("/healthz", () => {
  it("answers ok after pinging the database", async () => {
    const res = await env.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: env.handle.kind });
  });
});

describe("/api/docs", () => {
  it("serves Swagger UI from this server (no CDN) pointing at the OpenAPI document", async () => {
    const page = await env.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    expect(page.body).not.toMatch(/https?:\/\//);
    const init = await env.app.inject({ method: "GET", url: "/api/docs/init.js" });
    expect(init.body).toContain("/api/v1/openapi.json");
    for (const asset of ["swagger-ui.css", "swagger-ui-bundle.js"]) {
      const res = await env.app.inject({ method: "GET", url: `/api/docs/assets/${asset}` });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeGreaterThan(1000);
    }
  });
});

describe("/api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3 document of every documented path", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const documented: Array<[string, string]> = [
      ["post", "/customers/save"],
      ["post", "/customers/login"],
      ["get", "/customers/details/{customerId}"],
      ["get", "/customers/details"],
      ["post", "/customers/update/{customerId}"],
      ["delete", "/customers/delete/{customerId}"],
      ["delete", "/cctv/api/v1/customer/delete/{id}"],
      ["post", "/admin/login"],
      ["get", "/products/details"],
      ["get", "/products/details/{productId}"],
      ["post", "/products/saves"],
      ["post", "/products/update/{productId}"],
      ["get", "/products/delete/{productId}"],
      ["delete", "/products/{productId}"],
      ["post", "/addToCart/save"],
      ["get", "/addToCart/update/{addToCartId}"],
      ["get", "/addToCart/details"],
      ["get", "/addToCart/details/{addToCartId}"],
      ["get", "/addToCart/details/addToCartProductCustomerDetails/{customerId}"],
      ["get", "/addToCart/delete/{addToCartId}"],
      ["delete", "/addToCart/{addToCartId}"],
      ["post", "/addToCart/checkout"],
      ["post", "/productOrder/save"],
      ["get", "/productOrder/details"],
      ["get", "/productOrder/details/{orderId}"],
      ["get", "/productOrder/details/CustomerId/{customerId}"],
      ["get", "/productOrder/details/orderProductCustomerDetails/{customerId}"],
      ["get", "/productOrder/update"],
      ["post", "/productOrder/update/{orderId}"],
      ["post", "/productOrder/return/{orderId}"],
      ["post", "/productOrder/return/{orderId}/decision"],
      ["get", "/customers/count"],
      ["get", "/products/count"],
      ["get", "/productOrder/count"],
      ["get", "/productOrder/completed/count"],
      ["get", "/productOrder/pending/count"],
      ["get", "/addToCart/count"],
    ];
    for (const [method, path] of documented) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.servers?.[0]?.url).toBe("/api/v1");
  });

  it("marks public operations as needing no auth and protected ones as needing the bearer token", async () => {
    const doc = (await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const needsAuth = (op: { security?: unknown[] }) => (op.security ?? doc.security ?? []).length > 0;
    const publicOps: [string, string][] = [
      ["post", "/customers/save"],
      ["post", "/customers/login"],
      ["post", "/admin/login"],
      ["get", "/products/details"],
      ["get", "/products/details/{productId}"],
    ];
    for (const [m, p] of publicOps) expect(needsAuth(doc.paths[p][m]), `${m} ${p}`).toBe(false);
    const protectedOps: [string, string][] = [
      ["get", "/customers/details"],
      ["post", "/productOrder/save"],
      ["get", "/productOrder/count"],
      ["post", "/products/saves"],
    ];
    for (const [m, p] of protectedOps) {
      expect(needsAuth(doc.paths[p][m]), `${m} ${p}`).toBe(true);
    }
    expect(Object.values(doc.components.securitySchemes)).toContainEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
  });

  it("documents multipart product forms and the query parameters of the GET updates", async () => {
    const doc = (await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    expect(Object.keys(doc.paths["/products/saves"].post.requestBody.content)).toContain("multipart/form-data");
    expect(Object.keys(doc.paths["/products/update/{productId}"].post.requestBody.content)).toContain("multipart/form-data");
    const names = (op: { parameters?: Array<{ name: string }> }) => (op.parameters ?? []).map((p) => p.name);
    expect(names(doc.paths["/addToCart/update/{addToCartId}"].get)).toEqual(expect.arrayContaining(["addToCartId", "quantity"]));
    expect(names(doc.paths["/productOrder/update"].get)).toEqual(expect.arrayContaining(["orderId", "orderStatus", "paymentStatus"]));
  });
});

describe("no answer carries a password or its hash", () => {
  it("sweeps every GET of the OpenAPI document as the admin and as a customer", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 5 });
    await c.caller.cart.save({ productId });
    const { order } = await c.caller.orders.save({ productId, quantity: 1 });
    const cartId = (await env.handle.db.cartItem.findFirstOrThrow({ where: { customerId: c.customerId } })).addToCartId;
    const ids: Record<string, number> = { customerId: c.customerId, productId, orderId: order.orderId, addToCartId: cartId, id: c.customerId };
    const customerToken = await env.tokenFor(c.customerId);
    const doc = (await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    let checked = 0;
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      if (!ops.get || path.includes("/delete/")) continue;
      const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]))}${path === "/productOrder/update" ? `?orderId=${order.orderId}&paymentStatus=Paid` : ""}`;
      for (const token of [env.adminToken, customerToken]) {
        const res = await env.app.inject({ method: "GET", url, headers: bearer(token) });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toMatch(/passwordHash|\$argon2|"password"/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe("tRPC over HTTP (/api/trpc, superjson)", () => {
  it("answers a query with superjson dates", async () => {
    const productId = await env.newProduct({ productName: "Trpc Product" });
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ productId })));
    const res = await env.app.inject({ method: "GET", url: `/api/trpc/products.byId?input=${input}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const data = superjson.deserialize<{ productName: string; createdAt: Date }>(body.result.data);
    expect(data.productName).toBe("Trpc Product");
    expect(data.createdAt).toBeInstanceOf(Date);
    expect(body.result.data.meta.values.createdAt).toEqual(["Date"]);
  });

  it("runs a mutation with a bearer token, and answers errors with the code and field errors", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 5 });
    const token = await env.tokenFor(c.customerId);
    const res = await env.app.inject({
      method: "POST",
      url: "/api/trpc/cart.save",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: JSON.stringify(superjson.serialize({ productId, quantity: 2 })),
    });
    expect(res.statusCode).toBe(200);
    const data = superjson.deserialize<{ addToCart: { quantity: number; addToCartDateTime: Date } }>(res.json().result.data);
    expect(data.addToCart.quantity).toBe(2);
    expect(data.addToCart.addToCartDateTime).toBeInstanceOf(Date);
    expect(await env.handle.db.cartItem.count({ where: { customerId: c.customerId } })).toBe(1);

    const anon = await env.app.inject({
      method: "POST",
      url: "/api/trpc/cart.save",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(superjson.serialize({ productId })),
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.json).toMatchObject({ message: "Please log in to continue.", data: { code: "UNAUTHORIZED", httpStatus: 401 } });

    const bad = await env.app.inject({
      method: "POST",
      url: "/api/trpc/customers.save",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(superjson.serialize({ firstName: "" })),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.json).toMatchObject({
      message: "First Name is required",
      data: { code: "BAD_REQUEST", fieldErrors: { firstName: "First Name is required" } },
    });
  });

  it("never shows internals on a 500-class error", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/trpc/no.such.procedure" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("dates on /api/v1 are ISO strings", () => {
  it("for customers, products, cart and orders", async () => {
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const productId = await env.newProduct({ quantity: 5 });
    const customer = (await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${c.customerId}`, headers: bearer(token) })).json();
    expect(customer.createdAt).toMatch(ISO);
    const product = (await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` })).json();
    expect(product.updatedAt).toMatch(ISO);
    const cart = await env.app.inject({ method: "POST", url: "/api/v1/addToCart/save", headers: bearer(token), payload: { productId } });
    expect(cart.json().addToCart.addToCartDateTime).toMatch(ISO);
    const order = (
      await env.app.inject({ method: "POST", url: "/api/v1/productOrder/save", headers: bearer(token), payload: { productId, quantity: 1 } })
    ).json();
    expect(order.order.orderAddDateTime).toMatch(ISO);
    expect(order.order.deliveryDate).toMatch(ISO);
    expect(Date.parse(order.order.deliveryDate) - Date.parse(order.order.orderAddDateTime)).toBe(3 * 24 * 3600 * 1000);
  });
});

describe("product images", () => {
  it("serves each size with an ETag and an immutable year-long cache, 304 on revalidation, 404 for a stale hash", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#10a010" } })
      .png()
      .toBuffer();
    const { product } = await env.admin.products.save({
      productName: "Pictured",
      productPrice: 10,
      mainPrice: 12,
      packSize: "250ml",
      productInfo: "x",
      deliveryCharge: "Free",
      quantity: 1,
      productImg: `data:image/png;base64,${png.toString("base64")}`,
    });
    for (const url of [product.productImg!, product.productImgSmall!, product.productImgThumb!]) {
      const res = await env.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{12}-\d+"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(url).toContain(`/${meta.width}/`);
      const again = await env.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    // a new image changes the URL; the old one is gone
    const other = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const updated = await env.admin.products.update({
      productId: product.productId,
      productName: "Pictured",
      productImg: `data:image/png;base64,${other.toString("base64")}`,
    });
    expect(updated.product.productImg).not.toBe(product.productImg);
    expect((await env.app.inject({ method: "GET", url: product.productImg! })).statusCode).toBe(404);
    expect((await env.app.inject({ method: "GET", url: updated.product.productImg! })).statusCode).toBe(200);
    expect((await env.app.inject({ method: "GET", url: `/images/products/${product.productId}/999/abc.webp` })).statusCode).toBe(404);
    expect((await env.app.inject({ method: "GET", url: `/images/products/abc/150/abc.webp` })).statusCode).toBe(404);
  });
});

describe("unknown paths and methods", () => {
  it("answer 404 in the Spring error shape under /api", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/no/such/thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      timestamp: expect.stringMatching(ISO),
      status: 404,
      error: "Not Found",
      message: "No API endpoint GET /api/v1/no/such/thing. See /api/v1/openapi.json.",
      path: "/api/v1/no/such/thing",
      code: "NOT_FOUND",
    });
    const wrongVerb = await env.app.inject({ method: "PUT", url: "/api/v1/products/details" });
    expect(wrongVerb.statusCode).toBe(404);
    expect(wrongVerb.json()).toMatchObject({ status: 404, error: "Not Found" });
  });

  it("serve the web app's page (client-side routes) with security headers", async () => {
    const res = await env.app.inject({ method: "GET", url: "/singleProductDetails/1/2" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
