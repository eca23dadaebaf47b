// The cart's quote and applying a coupon to the cart (issue 26, contracts/offers.md), at procedure depth:
// the maths of each coupon type, the free-delivery threshold, every refusal with nothing changed, and the
// code remembered on the cart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { cartCount, newCoupon, remembered, shopperWithCart } from "./offers-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ codFee: 20, upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

/** ₹300 × 2 with ₹40 delivery, and ₹150 × 1 delivered free: items ₹750 */
const standardCart = (categories: [string?, string?] = []) =>
  shopperWithCart(env, [
    { price: 300, quantity: 2, delivery: 40, category: categories[0] },
    { price: 150, category: categories[1] },
  ]);

const refusal = (status: string, code: string, message?: string | RegExp) => ({
  code: status,
  cause: expect.objectContaining({
    code,
    ...(message === undefined ? {} : { message: typeof message === "string" ? message : expect.stringMatching(message) }),
  }),
});

describe("offers.cartQuote", () => {
  it("prices the cart for each payment method: the COD fee only on COD, tax inside each line, nothing changed", async () => {
    const c = await standardCart();
    const cod = await c.caller.offers.cartQuote({ paymentMethod: "COD" });
    expect(cod).toMatchObject({
      paymentMethod: "COD",
      appliedCode: null,
      itemsTotal: 750,
      discountTotal: 0,
      deliveryTotal: 40,
      codFee: 20,
      grandTotal: 810,
      coupon: null,
      freeDeliveryAbove: null,
      addForFreeDelivery: 0,
    });
    const [first, second] = cod.lines;
    expect(first).toMatchObject({ amount: 600, discount: 0, delivery: 40, taxableValue: 508.48, tax: 91.52 });
    expect(second).toMatchObject({ amount: 150, discount: 0, delivery: 0 });
    const upi = await c.caller.offers.cartQuote({ paymentMethod: "UPI" });
    expect(upi).toMatchObject({ paymentMethod: "UPI", codFee: 0, grandTotal: 790 });
    // left out: the first of UPI, ONLINE, COD the store offers (no gateway here)
    expect((await c.caller.offers.cartQuote()).paymentMethod).toBe("UPI");
    expect(await cartCount(env, c.customerId)).toBe(2);
    expect(await env.handle.db.order.count({ where: { customerId: c.customerId } })).toBe(0);
  });

  it("taxes a buyer in another state with IGST, as the invoice does (one tax on the whole line, not two halves)", async () => {
    const away = await shopperWithCart(env, [{ price: 300, quantity: 2, delivery: 40 }], { state: "Karnataka", pinCode: "560001" });
    const [line] = (await away.caller.offers.cartQuote({ paymentMethod: "UPI" })).lines;
    // IGST round(600 × 18 / 118) = ₹91.53; within Maharashtra 2 × round(600 × 9 / 118) = ₹91.52
    expect(line).toMatchObject({ amount: 600, tax: 91.53, taxableValue: 508.47 });
  });

  it("PERCENT: rounded and capped at maxDiscount, shared across the lines to the paisa, tax on the discounted value", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { type: "PERCENT", value: 20, maxDiscount: 10_000, description: "20% off up to ₹100" });
    const q = await c.caller.offers.cartQuote({ paymentMethod: "COD", couponCode: coupon.code.toLowerCase() });
    expect(q).toMatchObject({ itemsTotal: 750, discountTotal: 100, grandTotal: 750 - 100 + 40 + 20 });
    expect(q.coupon).toEqual({ code: coupon.code, description: "20% off up to ₹100", discount: 100 });
    expect(q.lines.map((l) => l.discount)).toEqual([80, 20]);
    expect(q.lines[0]).toMatchObject({ taxableValue: 440.68, tax: 79.32 });
    const uncapped = await newCoupon(env, { type: "PERCENT", value: 15 });
    const q2 = await c.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: uncapped.code });
    expect(q2.discountTotal).toBe(112.5);
    expect(q2.lines.reduce((s, l) => s + Math.round(l.discount * 100), 0)).toBe(11_250);
  });

  it("FLAT: never more than the eligible value; scope by product and by category", async () => {
    const c = await standardCart(["Kitchen", "General"]);
    const [, cheap] = c.productIds;
    const flat = await newCoupon(env, { type: "FLAT", value: 50_000, productIds: String(cheap) });
    const q = await c.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: flat.code });
    expect(q.discountTotal).toBe(150);
    expect(q.lines.map((l) => l.discount)).toEqual([0, 150]);
    expect(q.lines[1]).toMatchObject({ taxableValue: 0, tax: 0 });
    const kitchen = await newCoupon(env, { type: "PERCENT", value: 10, categories: "kitchen" });
    const k = await c.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: kitchen.code });
    expect(k.lines.map((l) => l.discount)).toEqual([60, 0]);
    expect(k.grandTotal).toBe(750 - 60 + 40);
  });

  it("FREE_SHIPPING: delivery 0, items untouched; refused when delivery is already free", async () => {
    const c = await standardCart();
    const ship = await newCoupon(env, { type: "FREE_SHIPPING", value: 0, description: "Free delivery" });
    const q = await c.caller.offers.cartQuote({ paymentMethod: "COD", couponCode: ship.code });
    expect(q).toMatchObject({ itemsTotal: 750, discountTotal: 0, deliveryTotal: 0, codFee: 20, grandTotal: 770 });
    expect(q.coupon).toMatchObject({ code: ship.code, discount: 40 });
    const free = await shopperWithCart(env, [{ price: 200 }]);
    await expect(free.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: ship.code })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "NO_ELIGIBLE_ITEMS", /already free/),
    );
  });

  it("the free-delivery threshold is judged before the coupon, so applying a coupon never makes the total larger", async () => {
    const c = await standardCart();
    try {
      await env.admin.settings.update({ freeDeliveryAbove: 800 });
      expect(await c.caller.offers.cartQuote({ paymentMethod: "UPI" })).toMatchObject({ deliveryTotal: 40, freeDeliveryAbove: 800, addForFreeDelivery: 50 });
      await env.admin.settings.update({ freeDeliveryAbove: 700 });
      const plain = await c.caller.offers.cartQuote({ paymentMethod: "UPI" });
      expect(plain).toMatchObject({ deliveryTotal: 0, grandTotal: 750, addForFreeDelivery: 0 });
      expect(plain.lines.every((l) => l.delivery === 0)).toBe(true);
      const tenPercent = await newCoupon(env, { type: "PERCENT", value: 10 });
      const withCoupon = await c.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: tenPercent.code });
      // ₹675 after the discount is under ₹700, yet delivery stays free
      expect(withCoupon).toMatchObject({ itemsTotal: 750, discountTotal: 75, deliveryTotal: 0, grandTotal: 675 });
      expect(withCoupon.grandTotal).toBeLessThanOrEqual(plain.grandTotal);
    } finally {
      await env.admin.settings.update({ freeDeliveryAbove: null });
    }
  });

  it("lists the running offers shown at the checkout, each eligible or not for this cart and method, with why not", async () => {
    const c = await standardCart();
    const prepaid = await newCoupon(env, { showAtCheckout: true, paymentMethods: "UPI,ONLINE", value: 5, description: "Pay by UPI and save 5%" });
    const big = await newCoupon(env, { showAtCheckout: true, minOrderValue: 100_000, description: "10% off above ₹1,000" });
    const hidden = await newCoupon(env, { showAtCheckout: false });
    const ended = await newCoupon(env, { showAtCheckout: true, startsAt: new Date(Date.now() - 9e8), endsAt: new Date(Date.now() - 1000) });
    const offersOf = async (paymentMethod: "COD" | "UPI") =>
      (await c.caller.offers.cartQuote({ paymentMethod })).offers.filter((o) => [prepaid.code, big.code, hidden.code, ended.code].includes(o.code));
    expect(await offersOf("UPI")).toEqual([
      { code: prepaid.code, description: "Pay by UPI and save 5%", prepaidOnly: true, eligible: true, message: null, discount: 37.5 },
      {
        code: big.code,
        description: "10% off above ₹1,000",
        prepaidOnly: false,
        eligible: false,
        message: expect.stringContaining("Add ₹250.00 more"),
        discount: 0,
      },
    ]);
    expect((await offersOf("COD"))[0]).toMatchObject({ eligible: false, message: "This code is for prepaid orders (UPI or online)" });
  });
});

describe("refusals: the quote and the apply call alike, and nothing is remembered", () => {
  const DAY = 24 * 3600 * 1000;
  const cases: [string, () => Promise<string>, string, string, (string | RegExp)?][] = [
    ["an unknown code", () => Promise.resolve("NO-SUCH-CODE"), "NOT_FOUND", "COUPON_NOT_FOUND"],
    ["a disabled coupon", async () => (await newCoupon(env, { active: false })).code, "BAD_REQUEST", "COUPON_INACTIVE"],
    [
      "before startsAt",
      async () => (await newCoupon(env, { startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + 2 * DAY) })).code,
      "BAD_REQUEST",
      "COUPON_NOT_STARTED",
    ],
    [
      "after endsAt",
      async () => (await newCoupon(env, { startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - 1000) })).code,
      "BAD_REQUEST",
      "COUPON_EXPIRED",
    ],
    ["under minOrderValue", async () => (await newCoupon(env, { minOrderValue: 80_100 })).code, "BAD_REQUEST", "MIN_ORDER_NOT_MET", /Add ₹51\.00 more/],
    ["usageLimit reached", async () => (await newCoupon(env, { usageLimit: 3, usedCount: 3 })).code, "CONFLICT", "USAGE_LIMIT_REACHED"],
    [
      "a payment method it is not for",
      async () => (await newCoupon(env, { paymentMethods: "UPI,ONLINE" })).code,
      "BAD_REQUEST",
      "PAYMENT_METHOD_NOT_ELIGIBLE",
      "This code is for prepaid orders (UPI or online)",
    ],
    ["no eligible line", async () => (await newCoupon(env, { productIds: "999999" })).code, "BAD_REQUEST", "NO_ELIGIBLE_ITEMS"],
    ["a discount of 0", async () => (await newCoupon(env, { type: "PERCENT", value: 1, maxDiscount: 0 })).code, "BAD_REQUEST", "NO_ELIGIBLE_ITEMS"],
  ];
  for (const [situation, codeOf, status, code, message] of cases) {
    it(`${situation}: ${status} ${code}`, async () => {
      const c = await standardCart();
      const couponCode = await codeOf();
      await expect(c.caller.offers.cartQuote({ paymentMethod: "COD", couponCode })).rejects.toMatchObject(refusal(status, code, message));
      await expect(c.caller.offers.applyCartCoupon({ code: couponCode, paymentMethod: "COD" })).rejects.toMatchObject(refusal(status, code, message));
      expect(await remembered(env, c.customerId)).toBeNull();
      expect(await cartCount(env, c.customerId)).toBe(2);
    });
  }

  it("the customer's uses at perCustomerLimit: 400 CUSTOMER_LIMIT_REACHED", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { perCustomerLimit: 1 });
    await env.handle.db.couponUse.create({
      data: { couponId: coupon.couponId, customerId: c.customerId, productOrderId: `TEST-${coupon.couponId}`, discount: 100 },
    });
    await expect(c.caller.offers.applyCartCoupon({ code: coupon.code })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "CUSTOMER_LIMIT_REACHED", /once per customer/),
    );
    // a use given back does not count
    await env.handle.db.couponUse.updateMany({ where: { couponId: coupon.couponId }, data: { releasedAt: new Date() } });
    await expect(c.caller.offers.applyCartCoupon({ code: coupon.code })).resolves.toMatchObject({ coupon: { code: coupon.code } });
  });

  it("firstOrderOnly and the customer has a non-cancelled order: 400 FIRST_ORDER_ONLY", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { firstOrderOnly: true });
    await expect(c.caller.offers.cartQuote({ couponCode: coupon.code })).resolves.toMatchObject({ coupon: { code: coupon.code } });
    await c.caller.cart.checkout({ paymentMethod: "COD" });
    await c.caller.cart.save({ productId: c.productIds[0] ?? 0 });
    await expect(c.caller.offers.cartQuote({ couponCode: coupon.code })).rejects.toMatchObject(refusal("BAD_REQUEST", "FIRST_ORDER_ONLY"));
  });

  it("a code that is not a code at all is a clear 400", async () => {
    const c = await standardCart();
    await expect(c.caller.offers.applyCartCoupon({ code: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Enter a coupon code" });
    await expect(c.caller.offers.applyCartCoupon({ code: "X".repeat(21) })).rejects.toMatchObject({ message: "A coupon code is at most 20 characters" });
  });
});

describe("offers.applyCartCoupon / removeCartCoupon", () => {
  it("remembers the code (any case): the quote then uses it unless told otherwise; removing forgets it", async () => {
    const c = await standardCart();
    const coupon = await newCoupon(env, { value: 10 });
    const applied = await c.caller.offers.applyCartCoupon({ code: ` ${coupon.code.toLowerCase()} ` });
    expect(applied).toMatchObject({ paymentMethod: "UPI", appliedCode: coupon.code, discountTotal: 75, coupon: { code: coupon.code } });
    expect(await remembered(env, c.customerId)).toBe(coupon.code);
    expect(await c.caller.offers.cartQuote({ paymentMethod: "COD" })).toMatchObject({ appliedCode: coupon.code, discountTotal: 75, grandTotal: 735 });
    // couponCode= (empty): priced without it, still remembered
    expect(await c.caller.offers.cartQuote({ paymentMethod: "COD", couponCode: "" })).toMatchObject({
      appliedCode: coupon.code,
      coupon: null,
      grandTotal: 810,
    });
    const removed = await c.caller.offers.removeCartCoupon();
    expect(removed).toMatchObject({ appliedCode: null, coupon: null, discountTotal: 0 });
    expect(await remembered(env, c.customerId)).toBeNull();
  });

  it("prices for the first method the store offers and the coupon allows: a COD-only code on COD, a prepaid one on UPI", async () => {
    const c = await standardCart();
    const codOnly = await newCoupon(env, { paymentMethods: "COD" });
    expect((await c.caller.offers.applyCartCoupon({ code: codOnly.code })).paymentMethod).toBe("COD");
    const prepaid = await newCoupon(env, { paymentMethods: "UPI,ONLINE" });
    expect((await c.caller.offers.applyCartCoupon({ code: prepaid.code })).paymentMethod).toBe("UPI");
    expect(await remembered(env, c.customerId)).toBe(prepaid.code);
    // a refused code leaves the one remembered before
    await expect(c.caller.offers.applyCartCoupon({ code: prepaid.code, paymentMethod: "COD" })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "PAYMENT_METHOD_NOT_ELIGIBLE"),
    );
    await expect(c.caller.offers.applyCartCoupon({ code: "NOPE-1" })).rejects.toMatchObject(refusal("NOT_FOUND", "COUPON_NOT_FOUND"));
    expect(await remembered(env, c.customerId)).toBe(prepaid.code);
  });

  it("is for customers only", async () => {
    await expect(env.anonymous.offers.cartQuote({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.offers.applyCartCoupon({ code: "ANY" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
