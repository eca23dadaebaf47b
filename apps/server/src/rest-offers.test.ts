// HTTP tests of coupons at the cart and the checkout (issue 26, contracts/offers.md) over the real Fastify
// app: the quote (couponCode left out, empty, given), applying and removing a code, refusals in the REST
// error shape with their `code`, the checkout with a code, and a tRPC batch of checkouts of one cart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ codFee: 20, upiVpa: "shop@okicici", freeDeliveryAbove: 1000 });
});
afterAll(() => env.close());

const DAY = 24 * 3600 * 1000;
let serial = 0;
const newCoupon = (data: Record<string, unknown> = {}) =>
  env.handle.db.coupon.create({
    data: {
      code: `REST${Date.now() % 100000}X${++serial}`,
      description: "10% off",
      type: "PERCENT",
      value: 10,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      paymentMethods: "COD,UPI,ONLINE",
      ...data,
    },
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: object) =>
  env.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** a shopper with ₹300 × 2 (₹40 delivery) and ₹150 in the cart */
async function shopper() {
  const c = await env.newCustomer();
  const token = await env.tokenFor(c.customerId);
  for (const [price, delivery, quantity] of [
    [300, 40, 2],
    [150, "Free", 1],
  ] as const) {
    const productId = await env.newProduct({ productName: "Zz Offer Gel", productPrice: price, mainPrice: 400, deliveryCharge: delivery, quantity: 50 });
    expect((await call("POST", "/api/v1/addToCart/save", token, { productId, quantity })).statusCode).toBe(200);
  }
  return { ...c, token };
}

describe("GET /api/v1/cart/quote", () => {
  it("prices the cart in rupees for the method, with the threshold, and a code given, remembered or none", async () => {
    const s = await shopper();
    const plain = await call("GET", "/api/v1/cart/quote?paymentMethod=COD", s.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({
      paymentMethod: "COD",
      itemsTotal: 750,
      discountTotal: 0,
      deliveryTotal: 40,
      codFee: 20,
      grandTotal: 810,
      coupon: null,
      freeDeliveryAbove: 1000,
      addForFreeDelivery: 250,
      appliedCode: null,
    });
    expect(plain.json().lines).toHaveLength(2);
    const coupon = await newCoupon();
    const withCode = await call("GET", `/api/v1/cart/quote?paymentMethod=UPI&couponCode=${coupon.code.toLowerCase()}`, s.token);
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ discountTotal: 75, grandTotal: 715, coupon: { code: coupon.code, description: "10% off", discount: 75 } });

    expect((await call("POST", "/api/v1/cart/coupon", s.token, { code: coupon.code })).statusCode).toBe(200);
    expect((await call("GET", "/api/v1/cart/quote?paymentMethod=UPI", s.token)).json()).toMatchObject({ appliedCode: coupon.code, discountTotal: 75 });
    expect((await call("GET", "/api/v1/cart/quote?paymentMethod=UPI&couponCode=", s.token)).json()).toMatchObject({
      appliedCode: coupon.code,
      coupon: null,
      grandTotal: 790,
    });
  });

  it("answers a refusal in the REST error shape with its code, and a bad method as a field error", async () => {
    const s = await shopper();
    const unknown = await call("GET", "/api/v1/cart/quote?paymentMethod=UPI&couponCode=NOPE-42", s.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: "COUPON_NOT_FOUND", path: "/api/v1/cart/quote" });
    const short = await newCoupon({ minOrderValue: 80_100 });
    const min = await call("GET", `/api/v1/cart/quote?paymentMethod=UPI&couponCode=${short.code}`, s.token);
    expect(min.statusCode).toBe(400);
    expect(min.json()).toMatchObject({ code: "MIN_ORDER_NOT_MET", message: expect.stringContaining("Add ₹51.00 more") });
    const prepaid = await newCoupon({ paymentMethods: "UPI,ONLINE" });
    const cod = await call("GET", `/api/v1/cart/quote?paymentMethod=COD&couponCode=${prepaid.code}`, s.token);
    expect(cod.json()).toMatchObject({ status: 400, code: "PAYMENT_METHOD_NOT_ELIGIBLE", message: "This code is for prepaid orders (UPI or online)" });
    const used = await newCoupon({ usageLimit: 1, usedCount: 1 });
    expect((await call("GET", `/api/v1/cart/quote?couponCode=${used.code}`, s.token)).json()).toMatchObject({ status: 409, code: "USAGE_LIMIT_REACHED" });
    const bad = await call("GET", "/api/v1/cart/quote?paymentMethod=CHEQUE", s.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("paymentMethod");
    expect((await env.app.inject({ method: "GET", url: "/api/v1/cart/quote" })).statusCode).toBe(401);
  });
});

describe("POST and DELETE /api/v1/cart/coupon", () => {
  it("applies a code for the default method and remembers it; a refused one is not remembered; DELETE forgets it", async () => {
    const s = await shopper();
    const prepaid = await newCoupon({ paymentMethods: "UPI,ONLINE" });
    const applied = await call("POST", "/api/v1/cart/coupon", s.token, { code: prepaid.code.toLowerCase() });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ paymentMethod: "UPI", appliedCode: prepaid.code, discountTotal: 75 });
    const expired = await newCoupon({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - 1000) });
    const refused = await call("POST", "/api/v1/cart/coupon", s.token, { code: expired.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "COUPON_EXPIRED" });
    expect((await env.handle.db.cartCoupon.findUniqueOrThrow({ where: { customerId: s.customerId } })).code).toBe(prepaid.code);
    const empty = await call("POST", "/api/v1/cart/coupon", s.token, { code: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty("code");
    const removed = await call("DELETE", "/api/v1/cart/coupon", s.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ appliedCode: null, coupon: null, discountTotal: 0 });
    expect(await env.handle.db.cartCoupon.count({ where: { customerId: s.customerId } })).toBe(0);
  });
});

describe("POST /api/v1/addToCart/checkout with a coupon", () => {
  it("places the order at the quoted total with the code; a refusal creates nothing and keeps the cart", async () => {
    const s = await shopper();
    const used = await newCoupon({ usageLimit: 1, usedCount: 1 });
    const refused = await call("POST", "/api/v1/addToCart/checkout", s.token, { paymentMethod: "UPI", couponCode: used.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, code: "USAGE_LIMIT_REACHED", path: "/api/v1/addToCart/checkout" });
    expect(await env.handle.db.cartItem.count({ where: { customerId: s.customerId } })).toBe(2);

    const coupon = await newCoupon({ type: "FLAT", value: 5_000 });
    const quote = (await call("GET", `/api/v1/cart/quote?paymentMethod=COD&couponCode=${coupon.code}`, s.token)).json();
    const placed = await call("POST", "/api/v1/addToCart/checkout", s.token, { paymentMethod: "COD", couponCode: coupon.code });
    expect(placed.statusCode).toBe(200);
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.json().productOrderId } });
    expect(order).toMatchObject({ couponCode: coupon.code, discountTotal: 5_000, grandTotal: quote.grandTotal * 100 });
    expect(quote.grandTotal).toBe(750 - 50 + 40 + 20);
    expect((await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).usedCount).toBe(1);
  });

  it("a tRPC batch of 10 checkouts of one cart with a code: one order, one use", async () => {
    const s = await shopper();
    const coupon = await newCoupon({ usageLimit: 5 });
    const input: Record<string, { json: object }> = {};
    for (let i = 0; i < 10; i++) input[i] = { json: { paymentMethod: "UPI", couponCode: coupon.code } };
    const res = await env.app.inject({
      method: "POST",
      url: `/api/trpc/${Array(10).fill("cart.checkout").join(",")}?batch=1`,
      payload: input,
      headers: bearer(s.token),
    });
    const answers = res.json<({ result: unknown } | { error: { json: { message: string } } })[]>();
    expect(answers).toHaveLength(10);
    expect(answers.filter((a) => "result" in a)).toHaveLength(1);
    for (const a of answers) if ("error" in a) expect(a.error.json.message).toBe("Your cart is empty.");
    expect(await env.handle.db.order.count({ where: { customerId: s.customerId, couponCode: coupon.code } })).toBe(1);
    expect((await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).usedCount).toBe(1);
  });
});
