import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allocateDiscount, couponDiscount, couponTermsRefusal, quoteCart, type CouponTerms, type PricedLineInput } from "./offers.ts";

const now = new Date("2026-11-25T10:00:00Z");
const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: "SAVE10",
  description: "10% off",
  type: "PERCENT",
  value: 10,
  maxDiscount: null,
  minOrderValue: 0,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-31T00:00:00Z"),
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  paymentMethods: ["COD", "UPI", "ONLINE"],
  productIds: [],
  categories: [],
  active: true,
  ...over,
});
const line = (key: number, amount: number, over: Partial<PricedLineInput> = {}): PricedLineInput => ({
  key,
  productId: key,
  category: "Floor",
  amount,
  gstRate: 18,
  delivery: 4000,
  ...over,
});
const fresh = { customerUses: 0, hasOrders: false };
const quote = (lines: PricedLineInput[], c: CouponTerms | null, over: Partial<Parameters<typeof quoteCart>[0]> = {}) =>
  quoteCart({ lines, coupon: c, method: "UPI", codFee: 3000, freeDeliveryAbove: null, interState: false, now, history: fresh, ...over });
const ok = (r: ReturnType<typeof quoteCart>) => {
  if ("refusal" in r) throw new Error(`refused: ${r.refusal.code}`);
  return r.quote;
};
const refused = (r: ReturnType<typeof quoteCart>) => ("refusal" in r ? r.refusal.code : "priced");

describe("the discount of a coupon", () => {
  it("takes a rounded percentage, capped at maxDiscount, and never more than the eligible value", () => {
    expect(couponDiscount({ type: "PERCENT", value: 10, maxDiscount: null }, 12345)).toBe(1235);
    expect(couponDiscount({ type: "PERCENT", value: 50, maxDiscount: 5000 }, 100000)).toBe(5000);
    expect(couponDiscount({ type: "FLAT", value: 20000, maxDiscount: null }, 15000)).toBe(15000);
    expect(couponDiscount({ type: "FREE_SHIPPING", value: 0, maxDiscount: null }, 15000)).toBe(0);
  });

  it("is shared by the largest remainder, adding up exactly", () => {
    expect(allocateDiscount(100, [300, 300, 300])).toEqual([34, 33, 33]);
    expect(allocateDiscount(10, [0, 50, 50])).toEqual([0, 5, 5]);
    expect(allocateDiscount(7, [100, 200])).toEqual([2, 5]);
    expect(allocateDiscount(500, [200, 100])).toEqual([200, 100]);
  });
});

describe("refusals", () => {
  it("names each reason with the contract's code", () => {
    expect(couponTermsRefusal(coupon({ active: false }), now, "UPI", fresh)?.code).toBe("COUPON_INACTIVE");
    expect(couponTermsRefusal(coupon({ startsAt: new Date("2026-12-01") }), now, "UPI", fresh)?.code).toBe("COUPON_NOT_STARTED");
    expect(couponTermsRefusal(coupon({ endsAt: now }), now, "UPI", fresh)?.code).toBe("COUPON_EXPIRED");
    expect(couponTermsRefusal(coupon({ usageLimit: 1, usedCount: 1 }), now, "UPI", fresh)).toMatchObject({ status: 409, code: "USAGE_LIMIT_REACHED" });
    expect(couponTermsRefusal(coupon(), now, "UPI", { customerUses: 1, hasOrders: true })?.code).toBe("CUSTOMER_LIMIT_REACHED");
    expect(couponTermsRefusal(coupon({ firstOrderOnly: true }), now, "UPI", { customerUses: 0, hasOrders: true })?.code).toBe("FIRST_ORDER_ONLY");
    expect(couponTermsRefusal(coupon({ paymentMethods: ["UPI", "ONLINE"] }), now, "COD", fresh)).toEqual({
      status: 400,
      code: "PAYMENT_METHOD_NOT_ELIGIBLE",
      message: "This code is for prepaid orders (UPI or online)",
    });
  });

  it("says how much more to add under the minimum, and refuses a cart with nothing eligible", () => {
    const r = quote([line(1, 44900)], coupon({ minOrderValue: 50000 }));
    expect("refusal" in r && r.refusal).toMatchObject({ code: "MIN_ORDER_NOT_MET", message: expect.stringContaining("Add ₹51.00 more") });
    expect(refused(quote([line(1, 44900)], coupon({ productIds: [9] })))).toBe("NO_ELIGIBLE_ITEMS");
    expect(refused(quote([line(1, 44900, { delivery: null })], coupon({ type: "FREE_SHIPPING", value: 0 })))).toBe("NO_ELIGIBLE_ITEMS");
  });
});

describe("a quote", () => {
  it("discounts only the lines in scope and taxes each line after its discount", () => {
    const q = ok(quote([line(1, 10000, { category: "Floor" }), line(2, 30000, { category: "Kitchen" })], coupon({ categories: ["kitchen"] })));
    expect(q.lines.map((l) => l.discount)).toEqual([0, 3000]);
    expect(q.discountTotal).toBe(3000);
    const kitchen = q.lines[1];
    expect(kitchen && kitchen.taxableValue + kitchen.tax).toBe(27000);
    expect(kitchen?.gst.cgst).toBe(kitchen?.gst.sgst);
    expect(q.grandTotal).toBe(40000 - 3000 + 8000);
  });

  it("judges free delivery before the coupon, so a coupon never makes the total larger", () => {
    const lines = [line(1, 50000)];
    const without = ok(quote(lines, null, { freeDeliveryAbove: 49900 }));
    const withCoupon = ok(quote(lines, coupon({ type: "FLAT", value: 5000 }), { freeDeliveryAbove: 49900 }));
    expect(without.deliveryTotal).toBe(0);
    expect(withCoupon.deliveryTotal).toBe(0);
    expect(withCoupon.grandTotal).toBeLessThan(without.grandTotal);
    expect(ok(quote([line(1, 44800)], null, { freeDeliveryAbove: 49900 })).addForFreeDelivery).toBe(5100);
  });

  it("waives delivery on a free-shipping code and never discounts the COD fee", () => {
    const q = ok(quote([line(1, 20000), line(2, 10000)], coupon({ type: "FREE_SHIPPING", value: 0 }), { method: "COD" }));
    expect(q).toMatchObject({ deliveryTotal: 0, discountTotal: 0, codFee: 3000, grandTotal: 33000, coupon: { discount: 8000 } });
  });
});

describe("one delivery charge per order (a shipping zone, issue 27)", () => {
  it("charges the zone's fee once instead of each line's, free at the threshold or with a free-shipping code", () => {
    const lines = [line(1, 20000), line(2, 10000), line(3, 5000)];
    const zoned = ok(quote(lines, null, { orderDelivery: 6000 }));
    expect(zoned.lines.map((l) => l.delivery)).toEqual([0, 0, 0]);
    expect(zoned).toMatchObject({ deliveryTotal: 6000, grandTotal: 41000 });
    expect(ok(quote(lines, null, { orderDelivery: 6000, freeDeliveryAbove: 35000 })).deliveryTotal).toBe(0);
    const shipFree = ok(quote(lines, coupon({ type: "FREE_SHIPPING", value: 0 }), { orderDelivery: 6000 }));
    expect(shipFree).toMatchObject({ deliveryTotal: 0, discountTotal: 0, coupon: { discount: 6000 } });
    expect(refused(quote(lines, coupon({ type: "FREE_SHIPPING", value: 0 }), { orderDelivery: 0 }))).toBe("NO_ELIGIBLE_ITEMS");
  });
});

describe("the maths, for random carts", () => {
  const lines = fc
    .array(
      fc.record({
        amount: fc.integer({ min: 1, max: 50_000_000 }),
        gstRate: fc.constantFrom(0, 5, 12, 18, 28),
        delivery: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
        productId: fc.integer({ min: 1, max: 6 }),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .map((ls) => ls.map((l, i) => ({ ...l, key: i + 1, category: l.productId % 2 ? "Floor" : "Kitchen" })));
  const coupons = fc.oneof(
    fc.record({
      type: fc.constant("PERCENT" as const),
      value: fc.integer({ min: 1, max: 90 }),
      maxDiscount: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
    }),
    fc.record({ type: fc.constant("FLAT" as const), value: fc.integer({ min: 1, max: 100_000_000 }), maxDiscount: fc.constant(null) }),
  );
  const scopes = fc.oneof(
    fc.constant({ productIds: [] as number[], categories: [] as string[] }),
    fc.record({ productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }), categories: fc.constant([] as string[]) }),
    fc.constant({ productIds: [] as number[], categories: ["kitchen"] }),
  );

  it("line discounts add up to the order's, never exceed the eligible value, and tax + taxable = amount − discount to the paisa", () => {
    fc.assert(
      fc.property(
        lines,
        coupons,
        scopes,
        fc.boolean(),
        fc.constantFrom<"COD" | "UPI" | "ONLINE">("COD", "UPI", "ONLINE"),
        (ls, terms, scope, interState, method) => {
          const c = coupon({ ...terms, ...scope });
          const result = quoteCart({ lines: ls, coupon: c, method, codFee: 3000, freeDeliveryAbove: 100_000, interState, now, history: fresh });
          if ("refusal" in result) {
            expect(result.refusal.code).toBe("NO_ELIGIBLE_ITEMS");
            return;
          }
          const q = result.quote;
          const eligible = ls.filter(
            (l) =>
              (scope.productIds.length === 0 && scope.categories.length === 0) ||
              scope.productIds.includes(l.productId) ||
              (scope.categories.length > 0 && l.category === "Kitchen"),
          );
          const eligibleValue = eligible.reduce((s, l) => s + l.amount, 0);
          expect(q.lines.reduce((s, l) => s + l.discount, 0)).toBe(q.discountTotal);
          expect(q.discountTotal).toBeLessThanOrEqual(eligibleValue);
          expect(q.discountTotal).toBe(couponDiscount(c, eligibleValue));
          for (const l of q.lines) {
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.discount).toBeLessThanOrEqual(l.amount);
            expect(l.taxableValue + l.tax).toBe(l.amount - l.discount);
            expect(l.gst.cgst).toBe(l.gst.sgst);
            if (!eligible.some((e) => e.key === l.key)) expect(l.discount).toBe(0);
          }
          expect(q.grandTotal).toBe(q.itemsTotal - q.discountTotal + q.deliveryTotal + q.codFee);
          const plain = quoteCart({ lines: ls, coupon: null, method, codFee: 3000, freeDeliveryAbove: 100_000, interState, now, history: fresh });
          expect("quote" in plain && q.grandTotal <= plain.quote.grandTotal).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
