// Issue 13 item 5: stock hoarding. Limits per customer on open unpaid orders and on orders an hour,
// checked under the customer's row lock so parallel orders cannot slip past (PGlite and PostgreSQL);
// issue 22: at most maxUnitsPerProductPerOrder units of a product in an order not paid online.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { createRazorpayProvider } from "../payments/razorpay/adapter.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../payments/razorpay/stand-in.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const limits = (maxOpenUnpaidOrders: number, maxOrdersPerHour: number) => env.admin.settings.update({ maxOpenUnpaidOrders, maxOrdersPerHour });

describe("order limits per customer", () => {
  it("24 parallel orders of one new account with a limit of 3 open unpaid orders: exactly 3 are placed, the rest 429 with what to do", async () => {
    await limits(3, 100);
    try {
      const productId = await env.newProduct({ quantity: 1_000 });
      const { caller, customerId } = await env.newCustomer();
      const results = await Promise.allSettled(Array.from({ length: 24 }, () => caller.orders.save({ productId, quantity: 5 })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      const refusals = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string; message: string }] : []));
      expect(refusals).toHaveLength(21);
      for (const r of refusals) {
        expect(r.code).toBe("TOO_MANY_REQUESTS");
        expect(r.message).toMatch(/^You have 3 orders waiting for delivery or payment, the most one account may have\. Please wait/);
      }
      expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(3);
      expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(1_000 - 15);
      // a cancelled order no longer counts
      const first = await env.handle.db.productOrder.findFirstOrThrow({ where: { customerId } });
      await env.admin.orders.update({ orderId: first.orderId, orderStatus: "Cancelled" });
      await expect(caller.orders.save({ productId, quantity: 1 })).resolves.toMatchObject({ success: true });
    } finally {
      await limits(10, 20);
    }
  });

  it("counts a whole cart checkout as one order, and limits orders an hour", async () => {
    await limits(100, 2);
    try {
      const productId = await env.newProduct({ quantity: 100 });
      const other = await env.newProduct({ quantity: 100 });
      const { caller } = await env.newCustomer();
      await caller.cart.save({ productId, quantity: 1 });
      await caller.cart.save({ productId: other, quantity: 1 });
      await caller.cart.checkout();
      await caller.orders.save({ productId, quantity: 1 });
      await expect(caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: expect.stringMatching(/^You have placed 2 orders in the last hour/) as string,
      });
      // another customer is not affected
      await expect((await env.newCustomer()).caller.orders.save({ productId, quantity: 1 })).resolves.toMatchObject({ success: true });
    } finally {
      await limits(10, 20);
    }
  });
});

describe("units of a product per unpaid order (issue 22)", () => {
  const stockOf = async (productId: number) => (await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity;
  const refusal = {
    code: "BAD_REQUEST",
    cause: expect.objectContaining({ code: "QUANTITY_ABOVE_UNPAID_LIMIT" }) as unknown,
    message: expect.stringMatching(
      /at most 20 of one product; this one has 21 of Hoard .*please pay online, or contact the shop \(\+91 20 4000 1200 or care@cleanstore\.in\)\.$/,
    ) as string,
  };

  it("is 20 by default, in the owner's settings", async () => {
    await expect(env.admin.settings.get()).resolves.toMatchObject({ maxUnitsPerProductPerOrder: 20 });
  });

  it("refuses a cash-on-delivery checkout of a new account holding more than 20 of a product, taking nothing; 20 is placed", async () => {
    const hoarded = await env.newProduct({ productName: "Hoard Floor Gel", quantity: 1_744 });
    const other = await env.newProduct({ productName: "Hoard Glass Spray", quantity: 100 });
    const { caller, customerId } = await env.newCustomer();
    await caller.cart.save({ productId: hoarded, quantity: 21 });
    await caller.cart.save({ productId: other, quantity: 5 });
    await expect(caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject({
      ...refusal,
      message: expect.stringContaining("21 of Hoard Floor Gel"),
    });
    await expect(caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject(refusal);
    expect(await stockOf(hoarded)).toBe(1_744);
    expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(0);
    // the cart is kept as it was, to lower the quantity or pay online
    expect(await env.handle.db.cartItem.count({ where: { customerId } })).toBe(2);
    const line = (await caller.cart.byCustomer({ customerId })).find((l) => l.productId === hoarded);
    await caller.cart.updatePost({ addToCartId: line!.addToCartId, quantity: 20 });
    await expect(caller.cart.checkout({ paymentMethod: "COD" })).resolves.toMatchObject({ success: true });
    expect(await stockOf(hoarded)).toBe(1_744 - 20);
  });

  it("applies to one product ordered on its own, by cash on delivery or UPI", async () => {
    await env.admin.settings.update({ upiVpa: "cleanstore@okicici" });
    const productId = await env.newProduct({ productName: "Hoard Dish Gel", quantity: 500 });
    const { caller } = await env.newCustomer();
    for (const paymentMethod of ["COD", "UPI"] as const) {
      await expect(caller.orders.save({ productId, quantity: 21, paymentMethod })).rejects.toMatchObject({
        cause: expect.objectContaining({ code: "QUANTITY_ABOVE_UNPAID_LIMIT" }) as unknown,
        message: expect.stringContaining(paymentMethod === "COD" ? "paid with cash on delivery" : "paid by UPI") as string,
      });
    }
    expect(await stockOf(productId)).toBe(500);
    await expect(caller.orders.save({ productId, quantity: 20, paymentMethod: "UPI" })).resolves.toMatchObject({ success: true });
  });

  it("follows the owner's setting", async () => {
    const productId = await env.newProduct({ productName: "Hoard Bulk Can", quantity: 500 });
    const { caller } = await env.newCustomer();
    await env.admin.settings.update({ maxUnitsPerProductPerOrder: 50 });
    try {
      await expect(caller.orders.save({ productId, quantity: 50, paymentMethod: "COD" })).resolves.toMatchObject({ success: true });
      await env.admin.settings.update({ maxUnitsPerProductPerOrder: 3 });
      await expect(caller.orders.save({ productId, quantity: 4, paymentMethod: "COD" })).rejects.toMatchObject({
        cause: expect.objectContaining({ code: "QUANTITY_ABOVE_UNPAID_LIMIT" }) as unknown,
        message: expect.stringContaining("at most 3 of one product; this one has 4 of Hoard Bulk Can") as string,
      });
      await expect(env.admin.settings.update({ maxUnitsPerProductPerOrder: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    } finally {
      await env.admin.settings.update({ maxUnitsPerProductPerOrder: 20 });
    }
  });
});

describe("units of a product per order paid online", () => {
  const KEYS = { keyId: "rzp_test_standin", keySecret: "stand-in-key-secret", webhookSecret: "stand-in-webhook-secret" };
  let razorpay: RazorpayStandIn;
  beforeAll(async () => {
    razorpay = await startRazorpayStandIn(KEYS);
    env.services.paymentProvider = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
  });
  afterAll(async () => {
    env.services.paymentProvider = null;
    await razorpay.close();
  });

  it("are not limited by the unpaid limit", async () => {
    const productId = await env.newProduct({ productName: "Hoard Paid Online", quantity: 500 });
    const { caller } = await env.newCustomer();
    await caller.cart.save({ productId, quantity: 60 });
    await expect(caller.cart.checkout({ paymentMethod: "ONLINE" })).resolves.toMatchObject({ success: true });
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(440);
  });
});
