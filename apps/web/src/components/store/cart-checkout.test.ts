// The cart checkout's coupon parts (issue 26): the quote asked again without a refused coupon, the
// code the order is placed with, and the totals, offers and coupon field as they render.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import type { AppRouter } from "@store/api";
import { cartSignature, checkoutCouponCode, isCouponRefusal, needsMoreForFreeDelivery, quoteWithFallback, type CartQuote, type QuoteInput } from "./cartQuote";
import { CouponField } from "./CouponField";
import { OfferList } from "./OfferList";
import { QuoteTotals } from "./QuoteTotals";
import { refusalOf } from "./useCartQuote";

const quote = (over: Partial<CartQuote> = {}): CartQuote => ({
  paymentMethod: "UPI",
  appliedCode: null,
  itemsTotal: 500,
  discountTotal: 0,
  deliveryTotal: 25,
  codFee: 0,
  grandTotal: 525,
  coupon: null,
  lines: [],
  freeDeliveryAbove: null,
  addForFreeDelivery: 0,
  offers: [],
  delivery: { pincode: "411001", serviceable: true, cod: true, deliverBy: "2026-11-30", message: null },
  ...over,
});
const withSave10 = quote({
  appliedCode: "SAVE10",
  discountTotal: 50,
  grandTotal: 475,
  coupon: { code: "SAVE10", description: "10% off", discount: 50 },
});

/** A refusal as the tRPC client reports it (the server's errorFormatter: data.storeCode). */
const refusal = (storeCode: string, message: string) =>
  TRPCClientError.from<AppRouter>({ error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, storeCode } } });

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("quoteWithFallback", () => {
  it("asks for the remembered code when none is given, and for the code given otherwise", async () => {
    const ask = vi.fn((_: QuoteInput) => Promise.resolve(withSave10));
    expect(await quoteWithFallback(ask, "UPI", undefined, refusalOf)).toEqual({ quote: withSave10, refusal: null });
    expect(ask).toHaveBeenLastCalledWith({ paymentMethod: "UPI" });
    await quoteWithFallback(ask, "COD", "SAVE10", refusalOf);
    expect(ask).toHaveBeenLastCalledWith({ paymentMethod: "COD", couponCode: "SAVE10" });
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it("a code refused for this method: the quote again without a coupon, with the server's message", async () => {
    const plain = quote({ paymentMethod: "COD", appliedCode: "PREPAID5" });
    const ask = vi.fn((input: QuoteInput) =>
      input.couponCode === ""
        ? Promise.resolve(plain)
        : Promise.reject(refusal("PAYMENT_METHOD_NOT_ELIGIBLE", "This code is for prepaid orders (UPI or online)")),
    );
    const view = await quoteWithFallback(ask, "COD", undefined, refusalOf);
    expect(view).toEqual({ quote: plain, refusal: { code: "PAYMENT_METHOD_NOT_ELIGIBLE", message: "This code is for prepaid orders (UPI or online)" } });
    expect(ask.mock.calls.map(([input]) => input)).toEqual([{ paymentMethod: "COD" }, { paymentMethod: "COD", couponCode: "" }]);
    // the order is then placed without it: never a code the totals on the screen leave out
    expect(checkoutCouponCode(view)).toBe("");
  });

  it("any other failure is the quote's failure (no second ask)", async () => {
    const down = refusal("INTERNAL", "Something went wrong on our side. Please try again.");
    const ask = vi.fn(() => Promise.reject(down));
    await expect(quoteWithFallback(ask, "UPI", "SAVE10", refusalOf)).rejects.toBe(down);
    expect(ask).toHaveBeenCalledTimes(1);
    const offline = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(quoteWithFallback(offline, "UPI", undefined, refusalOf)).rejects.toThrow("Failed to fetch");
  });
});

describe("the coupon's codes and numbers", () => {
  it("knows the refusals of the contract and nothing else", () => {
    for (const code of ["COUPON_NOT_FOUND", "COUPON_EXPIRED", "MIN_ORDER_NOT_MET", "USAGE_LIMIT_REACHED", "PAYMENT_METHOD_NOT_ELIGIBLE", "NO_ELIGIBLE_ITEMS"])
      expect(isCouponRefusal(code), code).toBe(true);
    for (const code of [undefined, "BAD_REQUEST", "OUT_OF_STOCK", "toString", "constructor"]) expect(isCouponRefusal(code), String(code)).toBe(false);
  });

  it("the order is placed with the coupon in the totals shown", () => {
    expect(checkoutCouponCode({ quote: withSave10, refusal: null })).toBe("SAVE10");
    expect(checkoutCouponCode({ quote: quote(), refusal: null })).toBe("");
  });

  it("free delivery is offered only when the store has a threshold the cart has not reached", () => {
    expect(needsMoreForFreeDelivery({ freeDeliveryAbove: 499, addForFreeDelivery: 51 })).toBe(true);
    expect(needsMoreForFreeDelivery({ freeDeliveryAbove: 499, addForFreeDelivery: 0 })).toBe(false);
    expect(needsMoreForFreeDelivery({ freeDeliveryAbove: null, addForFreeDelivery: 0 })).toBe(false);
  });

  it("a changed quantity is a new quote", () => {
    expect(cartSignature([{ addToCartId: 4, quantity: 1 }])).not.toBe(cartSignature([{ addToCartId: 4, quantity: 2 }]));
  });
});

describe("QuoteTotals", () => {
  it("shows the server's numbers with the discount as its own line", () => {
    const out = text(html(createElement(QuoteTotals, { quote: withSave10, items: 2, updating: false })));
    expect(out).toBe("Items 2 Products ₹500.00 Coupon SAVE10 −₹50.00 Delivery ₹25.00 Total ₹475.00");
  });

  it("a cash-on-delivery fee, free delivery and what is missing for it", () => {
    const cod = quote({ paymentMethod: "COD", codFee: 30, deliveryTotal: 0, grandTotal: 530, freeDeliveryAbove: 549, addForFreeDelivery: 49 });
    const out = text(html(createElement(QuoteTotals, { quote: cod, items: 1, updating: false })));
    expect(out).toContain("Delivery Free Cash on delivery fee ₹30.00 Total ₹530.00");
    expect(out).toContain("Add ₹49.00 more for free delivery (orders of ₹549.00 and above).");
    expect(out).not.toContain("Coupon");
  });

  it("a free-delivery coupon names the code and takes nothing off the items", () => {
    const free = quote({ deliveryTotal: 0, grandTotal: 500, coupon: { code: "SHIPFREE", description: "Free delivery", discount: 25 } });
    expect(text(html(createElement(QuoteTotals, { quote: free, items: 1, updating: false })))).toContain("Coupon SHIPFREE Free delivery Delivery Free");
  });

  it("before the first quote: the same rows, marked busy", () => {
    const markup = html(createElement(QuoteTotals, { quote: null, items: 3, updating: false }));
    expect(markup).toContain('aria-busy="true"');
    expect(text(markup)).toBe("Items 3 Products … Delivery … Total …");
  });
});

describe("OfferList", () => {
  const offers: CartQuote["offers"] = [
    { code: "UPI5", description: "Pay by UPI and save 5%", prepaidOnly: true, eligible: true, message: null, discount: 25 },
    {
      code: "BIG100",
      description: "₹100 off orders of ₹999",
      prepaidOnly: false,
      eligible: false,
      message: "Add ₹499.00 more of eligible items to use the code BIG100 (minimum ₹999.00).",
      discount: 0,
    },
    { code: "SAVE10", description: "10% off", prepaidOnly: false, eligible: true, message: null, discount: 50 },
  ];

  it("lists each offer: Apply when the cart can use it, why not when it cannot, prepaid-only said", () => {
    const markup = html(createElement(OfferList, { offers, applied: "SAVE10", pending: false, onApply: () => undefined }));
    const items = markup
      .split(/<li[^>]*>/)
      .slice(1)
      .map(text);
    expect(items[0]).toBe("Pay by UPI and save 5% Code UPI5 · Prepaid only (UPI or online) · Saves ₹25.00 Apply");
    expect(markup).toContain('aria-label="Apply UPI5"');
    expect(items[1]).toContain("Add ₹499.00 more of eligible items to use the code BIG100");
    expect(markup).not.toContain('aria-label="Apply BIG100"');
    expect(items[2]).toContain("Applied");
    expect(markup).not.toContain('aria-label="Apply SAVE10"');
  });

  it("is not there when the store lists no offers", () => {
    expect(html(createElement(OfferList, { offers: [], applied: null, pending: false, onApply: () => undefined }))).toBe("");
  });
});

describe("CouponField", () => {
  const props = { pending: false, onApply: () => Promise.resolve(true), onRemove: () => undefined };

  it("without a code: Have a coupon code?, and a live region for the server's message", () => {
    const markup = html(createElement(CouponField, { ...props, applied: null, inTotals: false, message: "There is no coupon NOPE. Please check the code." }));
    expect(markup).toContain('aria-expanded="false"');
    expect(text(markup)).toBe("Coupon Have a coupon code? There is no coupon NOPE. Please check the code.");
    expect(markup).toMatch(/<p id="[^"]+-message" class="field-error coupon-message" aria-live="polite">/);
  });

  it("an applied code with Remove; one the totals leave out says so, with the reason", () => {
    const on = html(createElement(CouponField, { ...props, applied: "SAVE10", inTotals: true, message: null }));
    expect(text(on)).toBe("Coupon Coupon SAVE10 applied Remove Coupon SAVE10 applied");
    expect(on).toContain('aria-label="Remove coupon SAVE10"');
    const off = html(createElement(CouponField, { ...props, applied: "UPI5", inTotals: false, message: "This code is for prepaid orders (UPI or online)" }));
    expect(text(off)).toBe("Coupon Coupon UPI5 not applied Remove Coupon UPI5 not applied This code is for prepaid orders (UPI or online)");
  });
});
