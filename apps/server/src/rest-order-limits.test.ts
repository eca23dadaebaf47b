// Issue 22, hoarding over the REST API: an order not paid online takes at most
// `maxUnitsPerProductPerOrder` units of a product (Settings, default 20, the owner's to change).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const call = (method: "GET" | "POST", url: string, token: string, payload?: Record<string, unknown>) =>
  env.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });

describe("units of a product per unpaid order (REST)", () => {
  it("GET /settings shows 20; a COD checkout of 1,455 units answers 400 QUANTITY_ABOVE_UNPAID_LIMIT saying to pay online or contact the shop", async () => {
    const settings = await call("GET", "/api/v1/settings", env.adminToken);
    expect(settings.json()).toMatchObject({ maxUnitsPerProductPerOrder: 20 });
    const productIds = await Promise.all(Array.from({ length: 15 }, (_, i) => env.newProduct({ productName: `Sale Day Cleaner ${i}`, quantity: 120 })));
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    // a new account fills its cart with most of the stock (100 a line is the cart's own limit)
    for (const productId of productIds) expect((await call("POST", "/api/v1/addToCart/save", token, { productId, quantity: 97 })).statusCode).toBe(200);
    const res = await call("POST", "/api/v1/addToCart/checkout", token, { paymentMethod: "COD" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      error: "Bad Request",
      code: "QUANTITY_ABOVE_UNPAID_LIMIT",
      message: expect.stringMatching(
        /^An order paid with cash on delivery may hold at most 20 of one product; this one has 97 of Sale Day Cleaner \d+\. To buy more, please pay online, or contact the shop/,
      ),
      path: "/api/v1/addToCart/checkout",
    });
    const stock = await env.handle.db.product.findMany({ where: { productId: { in: productIds } }, select: { quantity: true } });
    expect(stock.every((p) => p.quantity === 120)).toBe(true);
  });

  it("POST /productOrder/save of 21 units by COD is refused, 20 placed; the owner's POST /settings raises the limit", async () => {
    const productId = await env.newProduct({ productName: "Single Line Gel", quantity: 200 });
    const token = await env.tokenFor((await env.newCustomer()).customerId);
    const over = await call("POST", "/api/v1/productOrder/save", token, { productId, quantity: 21, paymentMethod: "COD" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: "QUANTITY_ABOVE_UNPAID_LIMIT", message: expect.stringContaining("21 of Single Line Gel") });
    expect((await call("POST", "/api/v1/productOrder/save", token, { productId, quantity: 20, paymentMethod: "COD" })).statusCode).toBe(200);

    const raised = await call("POST", "/api/v1/settings", env.adminToken, { maxUnitsPerProductPerOrder: 30 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ maxUnitsPerProductPerOrder: 30 });
    expect((await call("POST", "/api/v1/productOrder/save", token, { productId, quantity: 21, paymentMethod: "COD" })).statusCode).toBe(200);
    const bad = await call("POST", "/api/v1/settings", env.adminToken, { maxUnitsPerProductPerOrder: "many" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Units of a product per unpaid order must be a number");
    await call("POST", "/api/v1/settings", env.adminToken, { maxUnitsPerProductPerOrder: 20 });
  });
});
