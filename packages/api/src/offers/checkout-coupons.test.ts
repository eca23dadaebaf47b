// Coupons at the checkout (issue 26, contracts/offers.md), at procedure depth: the order's discount and
// totals, every refusal with nothing created and the cart intact, the free-delivery threshold, the use
// counted once (replays, 10 checkouts racing for the last use) and given back when the order comes to
// nothing. On PGlite, and on PostgreSQL with TEST_DATABASE_URL (real parallel transactions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { createRazorpayProvider } from "../payments/razorpay/adapter.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../payments/razorpay/stand-in.ts";
import { handleGatewayWebhook } from "../payments/gateway-webhook.ts";
import { expireUnpaidUpiOrders } from "../payments/payments.ts";
import { releaseCouponUse } from "./coupon-uses.ts";
import { cartCount, newCoupon, remembered, shopperWithCart, usedCount } from "./offers-testing.ts";

let env: TestEnv;
let razorpay: RazorpayStandIn;
const KEYS = { keyId: "rzp_test_offers", keySecret: "offers-key-secret", webhookSecret: "offers-webhook-secret" };
beforeAll(async () => {
  env = await createTestEnv();
  razorpay = await startRazorpayStandIn(KEYS);
  await env.admin.settings.update({ codFee: 20, upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await razorpay.close();
  await env.close();
});

const standardCart = () =>
  shopperWithCart(env, [
    { price: 300, quantity: 2, delivery: 40 },
    { price: 150, delivery: 10 },
  ]);
const header = (productOrderId: string) => env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });
const linesOf = (productOrderId: string) => env.handle.db.productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
const useOf = (productOrderId: string) => env.handle.db.couponUse.findUnique({ where: { productOrderId } });
const refusal = (status: string, code: string) => ({ code: status, cause: expect.objectContaining({ code }) });

describe("checkout with a coupon", () => {
  it("writes the discount on the order and its lines, the totals the quote showed, counts the use, forgets the remembered code", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { type: "PERCENT", value: 20, maxDiscount: 10_000 });
    const quote = await c.caller.offers.cartQuote({ paymentMethod: "COD", couponCode: coupon.code });
    await c.caller.offers.applyCartCoupon({ code: coupon.code, paymentMethod: "COD" });
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD", couponCode: coupon.code.toLowerCase() });
    const order = await header(placed.productOrderId);
    expect(order).toMatchObject({
      couponCode: coupon.code,
      itemsTotal: 75_000,
      discountTotal: 10_000,
      deliveryTotal: 5_000,
      codFee: 2_000,
      grandTotal: 72_000,
    });
    expect(order.grandTotal / 100).toBe(quote.grandTotal);
    const lines = await linesOf(placed.productOrderId);
    expect(lines.map((l) => l.discount)).toEqual([8_000, 2_000]);
    // a line's orderTotalPrice stays price × quantity + delivery
    expect(lines.map((l) => l.orderTotalPrice)).toEqual([64_000, 16_000]);
    expect(await useOf(placed.productOrderId)).toMatchObject({ couponId: coupon.couponId, customerId: c.customerId, discount: 10_000, releasedAt: null });
    expect(await usedCount(env, coupon.couponId)).toBe(1);
    expect(await remembered(env, c.customerId)).toBeNull();
    expect(await cartCount(env, c.customerId)).toBe(0);
    // the order-placed mail shows the discount
    const mail = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { kind: "order-placed", attachInvoiceOf: placed.productOrderId } });
    expect(mail.text).toContain(`Coupon ${coupon.code}`);
    expect(mail.text).toContain("−₹100.00");
  });

  it('uses the code remembered on the cart when none is given; couponCode "" means none', async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { type: "FLAT", value: 5_000 });
    await c.caller.offers.applyCartCoupon({ code: coupon.code });
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    expect(await header(placed.productOrderId)).toMatchObject({ couponCode: coupon.code, discountTotal: 5_000, grandTotal: 75_000 - 5_000 + 5_000 });
    const d = await standardCart();
    await d.caller.offers.applyCartCoupon({ code: coupon.code });
    const none = await d.caller.cart.checkout({ paymentMethod: "UPI", couponCode: "" });
    expect(await header(none.productOrderId)).toMatchObject({ couponCode: null, discountTotal: 0, grandTotal: 80_000 });
    expect(await remembered(env, d.customerId)).toBeNull();
    expect(await usedCount(env, coupon.couponId)).toBe(1);
  });

  it("FREE_SHIPPING and the threshold: delivery 0 on every line, the threshold judged before the discount; the one-product order gets the threshold", async () => {
    const c = await standardCart();
    const ship = await newCoupon(env, { type: "FREE_SHIPPING", value: 0 });
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI", couponCode: ship.code });
    expect(await header(placed.productOrderId)).toMatchObject({ discountTotal: 0, deliveryTotal: 0, grandTotal: 75_000 });
    expect((await linesOf(placed.productOrderId)).map((l) => [l.deliveryCharge, l.orderTotalPrice, l.discount])).toEqual([
      [0, 60_000, 0],
      [0, 15_000, 0],
    ]);
    expect(await useOf(placed.productOrderId)).toMatchObject({ discount: 5_000 });
    try {
      await env.admin.settings.update({ freeDeliveryAbove: 700 });
      const d = await standardCart();
      const ten = await newCoupon(env, { value: 10 });
      const withTen = await d.caller.cart.checkout({ paymentMethod: "UPI", couponCode: ten.code });
      expect(await header(withTen.productOrderId)).toMatchObject({ itemsTotal: 75_000, discountTotal: 7_500, deliveryTotal: 0, grandTotal: 67_500 });
      expect((await linesOf(withTen.productOrderId)).every((l) => l.deliveryCharge === 0)).toBe(true);
      const one = await env.newCustomer();
      const productId = await env.newProduct({ productPrice: 800, mainPrice: 900, deliveryCharge: 50, quantity: 5 });
      const single = await one.caller.orders.save({ productId, quantity: 1, paymentMethod: "UPI" });
      expect(await header(single.productOrderId)).toMatchObject({ itemsTotal: 80_000, deliveryTotal: 0, grandTotal: 80_000, couponCode: null });
      expect(single.order).toMatchObject({ deliveryCharge: 0, orderTotalPrice: 800 });
    } finally {
      await env.admin.settings.update({ freeDeliveryAbove: null });
    }
  });

  it("checks the COD limit on the real total, after the discount", async () => {
    try {
      await env.admin.settings.update({ codMaxOrderValue: 760 });
      const c = await standardCart();
      await expect(c.caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining("Please pay online"),
      });
      const coupon = await newCoupon(env, { type: "FLAT", value: 10_000 });
      const placed = await c.caller.cart.checkout({ paymentMethod: "COD", couponCode: coupon.code });
      expect((await header(placed.productOrderId)).grandTotal).toBe(75_000 - 10_000 + 5_000 + 2_000);
    } finally {
      await env.admin.settings.update({ codMaxOrderValue: null });
    }
  });

  describe("every refusal: no order, no use, the cart and its remembered code intact", () => {
    const DAY = 24 * 3600 * 1000;
    const cases: [string, () => Promise<string>, string, string][] = [
      ["unknown", () => Promise.resolve("NO-SUCH-1"), "NOT_FOUND", "COUPON_NOT_FOUND"],
      ["disabled", async () => (await newCoupon(env, { active: false })).code, "BAD_REQUEST", "COUPON_INACTIVE"],
      [
        "not started",
        async () => (await newCoupon(env, { startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + 2 * DAY) })).code,
        "BAD_REQUEST",
        "COUPON_NOT_STARTED",
      ],
      [
        "expired",
        async () => (await newCoupon(env, { startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - 1) })).code,
        "BAD_REQUEST",
        "COUPON_EXPIRED",
      ],
      ["minimum", async () => (await newCoupon(env, { minOrderValue: 100_000 })).code, "BAD_REQUEST", "MIN_ORDER_NOT_MET"],
      ["used up", async () => (await newCoupon(env, { usageLimit: 2, usedCount: 2 })).code, "CONFLICT", "USAGE_LIMIT_REACHED"],
      ["prepaid only", async () => (await newCoupon(env, { paymentMethods: "UPI,ONLINE" })).code, "BAD_REQUEST", "PAYMENT_METHOD_NOT_ELIGIBLE"],
      ["out of scope", async () => (await newCoupon(env, { categories: "Laundry" })).code, "BAD_REQUEST", "NO_ELIGIBLE_ITEMS"],
    ];
    for (const [situation, codeOf, status, code] of cases) {
      it(`${situation}: ${code}`, async () => {
        const c = await standardCart();
        const keep = await newCoupon(env);
        await c.caller.offers.applyCartCoupon({ code: keep.code });
        const couponCode = await codeOf();
        await expect(c.caller.cart.checkout({ paymentMethod: "COD", couponCode })).rejects.toMatchObject(refusal(status, code));
        expect(await cartCount(env, c.customerId)).toBe(2);
        expect(await remembered(env, c.customerId)).toBe(keep.code);
        expect(await env.handle.db.order.count({ where: { customerId: c.customerId } })).toBe(0);
        expect(await env.handle.db.couponUse.count({ where: { customerId: c.customerId } })).toBe(0);
      });
    }

    it("per customer and first order only", async () => {
      const c = await standardCart();
      const once = await newCoupon(env, { perCustomerLimit: 1 });
      const first = await newCoupon(env, { firstOrderOnly: true });
      await c.caller.cart.checkout({ paymentMethod: "COD", couponCode: once.code });
      await c.caller.cart.save({ productId: c.productIds[0] ?? 0 });
      await expect(c.caller.cart.checkout({ paymentMethod: "COD", couponCode: once.code })).rejects.toMatchObject(
        refusal("BAD_REQUEST", "CUSTOMER_LIMIT_REACHED"),
      );
      await expect(c.caller.cart.checkout({ paymentMethod: "COD", couponCode: first.code })).rejects.toMatchObject(refusal("BAD_REQUEST", "FIRST_ORDER_ONLY"));
      expect(await cartCount(env, c.customerId)).toBe(1);
      expect(await usedCount(env, once.couponId)).toBe(1);
      expect(await usedCount(env, first.couponId)).toBe(0);
    });
  });

  it("an idempotent replay returns the first order and counts the use once", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { usageLimit: 5 });
    const input = { paymentMethod: "UPI" as const, couponCode: coupon.code, idempotencyKey: `offers-${coupon.code}` };
    const answers = await Promise.all([c.caller.cart.checkout(input), c.caller.cart.checkout(input)].map((p) => p.catch((e: unknown) => e)));
    const placed = answers.filter((a): a is { productOrderId: string } => typeof a === "object" && a !== null && "productOrderId" in a);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const again = await c.caller.cart.checkout(input);
    expect(new Set([...placed.map((p) => p.productOrderId), again.productOrderId]).size).toBe(1);
    expect(await usedCount(env, coupon.couponId)).toBe(1);
    expect(await env.handle.db.couponUse.count({ where: { couponId: coupon.couponId } })).toBe(1);
  });

  it("usageLimit 1 and 10 customers checking out at once: exactly one order gets it, nine 409 USAGE_LIMIT_REACHED with their carts intact", async () => {
    const coupon = await newCoupon(env, { usageLimit: 1 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithCart(env, [{ price: 200 }])));
    for (const s of shoppers) await s.caller.offers.applyCartCoupon({ code: coupon.code });
    const results = await Promise.allSettled(
      shoppers.map((s, i) => s.caller.cart.checkout({ paymentMethod: "UPI", ...(i % 2 ? { couponCode: coupon.code } : {}) })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const reason of lost) expect(reason).toMatchObject(refusal("CONFLICT", "USAGE_LIMIT_REACHED"));
    expect(await usedCount(env, coupon.couponId)).toBe(1);
    expect(await env.handle.db.order.count({ where: { couponCode: coupon.code } })).toBe(1);
    const losers = shoppers.filter((_, i) => results[i]?.status === "rejected");
    for (const s of losers) {
      expect(await cartCount(env, s.customerId)).toBe(1);
      expect(await remembered(env, s.customerId)).toBe(coupon.code);
      expect(await env.handle.db.order.count({ where: { customerId: s.customerId } })).toBe(0);
    }
  });
});

describe("the use given back", () => {
  it("when the whole order is cancelled (once, however often asked), and kept on a partial cancellation", async () => {
    const coupon = await newCoupon(env, { usageLimit: 10 });
    const partial = await standardCart();
    const kept = await partial.caller.cart.checkout({ paymentMethod: "COD", couponCode: coupon.code });
    const [firstLine] = await linesOf(kept.productOrderId);
    await env.admin.orders.updateStatus({ orderId: firstLine?.orderId ?? 0, orderStatus: "Cancelled" });
    expect(await useOf(kept.productOrderId)).toMatchObject({ releasedAt: null });
    expect(await usedCount(env, coupon.couponId)).toBe(1);

    const whole = await standardCart();
    const cancelled = await whole.caller.cart.checkout({ paymentMethod: "COD", couponCode: coupon.code });
    expect(await usedCount(env, coupon.couponId)).toBe(2);
    await env.admin.orderDesk.setStatus({ productOrderId: cancelled.productOrderId, orderStatus: "Cancelled" });
    expect((await useOf(cancelled.productOrderId))?.releasedAt).toBeInstanceOf(Date);
    expect(await usedCount(env, coupon.couponId)).toBe(1);
    // a replay of the release changes nothing
    expect(await env.handle.db.$transaction((tx) => releaseCouponUse(tx, cancelled.productOrderId))).toBe(false);
    expect(await usedCount(env, coupon.couponId)).toBe(1);

    // the rest of the partly cancelled order cancelled line by line: given back with the last line
    const [, secondLine] = await linesOf(kept.productOrderId);
    await env.admin.orders.updateStatus({ orderId: secondLine?.orderId ?? 0, orderStatus: "Cancelled" });
    expect(await usedCount(env, coupon.couponId)).toBe(0);
    // the customer may use it again (perCustomerLimit 1)
    await whole.caller.cart.save({ productId: whole.productIds[0] ?? 0 });
    await expect(whole.caller.offers.cartQuote({ couponCode: coupon.code })).resolves.toMatchObject({ coupon: { code: coupon.code } });
  });

  it("when an unpaid UPI order expires", async () => {
    const coupon = await newCoupon(env, { usageLimit: 1 });
    const c = await standardCart();
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI", couponCode: coupon.code });
    expect(await usedCount(env, coupon.couponId)).toBe(1);
    expect(await expireUnpaidUpiOrders(env.handle.db, env.services.mail, new Date(Date.now() + 48 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await header(placed.productOrderId)).toMatchObject({ paymentStatus: "Failed" });
    expect((await useOf(placed.productOrderId))?.releasedAt).toBeInstanceOf(Date);
    expect(await usedCount(env, coupon.couponId)).toBe(0);
    // another customer can now have it
    const d = await standardCart();
    await expect(d.caller.cart.checkout({ paymentMethod: "UPI", couponCode: coupon.code })).resolves.toMatchObject({ success: true });
  });

  it("when the gateway payment fails; a payment that then succeeds counts it again", async () => {
    env.services.paymentProvider = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
    try {
      const coupon = await newCoupon(env, { usageLimit: 3, paymentMethods: "UPI,ONLINE" });
      const c = await standardCart();
      const placed = await c.caller.cart.checkout({ paymentMethod: "ONLINE", couponCode: coupon.code });
      const order = await header(placed.productOrderId);
      expect(order).toMatchObject({ discountTotal: 7_500, grandTotal: 75_000 - 7_500 + 5_000 });
      const providerOrderId = (await c.caller.payments.get({ productOrderId: placed.productOrderId })).providerOrderId ?? "";
      const send = async (event: { body: string; signature: string; eventId: string }) =>
        handleGatewayWebhook(env.handle.db, env.services, {
          rawBody: Buffer.from(event.body),
          headers: { "x-razorpay-signature": event.signature, "x-razorpay-event-id": event.eventId },
        });
      await send(razorpay.webhook("payment.failed", providerOrderId));
      expect(await header(placed.productOrderId)).toMatchObject({ paymentStatus: "Failed" });
      expect(await usedCount(env, coupon.couponId)).toBe(0);
      expect((await useOf(placed.productOrderId))?.releasedAt).toBeInstanceOf(Date);
      await send(razorpay.webhook("payment.captured", providerOrderId, { amountPaise: order.grandTotal }));
      expect(await header(placed.productOrderId)).toMatchObject({ paymentStatus: "Paid" });
      expect(await usedCount(env, coupon.couponId)).toBe(1);
      expect(await useOf(placed.productOrderId)).toMatchObject({ releasedAt: null });
    } finally {
      env.services.paymentProvider = null;
    }
  });
});
