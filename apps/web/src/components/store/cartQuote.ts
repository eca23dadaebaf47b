// The cart's price as the server quotes it (issue 26, contracts/offers.md GET /cart/quote): the
// checkout shows only the server's numbers, never totals worked out in the browser.
import type { CouponRefusalCode, PaymentMethod } from "@store/domain";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc";

export type CartQuote = RouterOutputs["offers"]["cartQuote"];
export type QuoteInput = Exclude<RouterInputs["offers"]["cartQuote"], void | undefined>;
export type CouponOffer = CartQuote["offers"][number];

/** The refusals of a coupon (the code cannot be used on this cart): shown next to the field, never a failed screen. */
const COUPON_REFUSALS: Record<CouponRefusalCode | "COUPON_NOT_FOUND", true> = {
  COUPON_NOT_FOUND: true,
  COUPON_INACTIVE: true,
  COUPON_NOT_STARTED: true,
  COUPON_EXPIRED: true,
  MIN_ORDER_NOT_MET: true,
  USAGE_LIMIT_REACHED: true,
  CUSTOMER_LIMIT_REACHED: true,
  FIRST_ORDER_ONLY: true,
  PAYMENT_METHOD_NOT_ELIGIBLE: true,
  NO_ELIGIBLE_ITEMS: true,
};

export const isCouponRefusal = (storeCode: string | undefined): boolean => storeCode !== undefined && Object.hasOwn(COUPON_REFUSALS, storeCode);

/** A code the server would not use, with its message ("This code is for prepaid orders (UPI or online)"). */
export interface Refusal {
  code: string;
  message: string;
}

/** What the checkout shows: the quote, and why the coupon asked for is not in it (else null). */
export interface QuoteView {
  quote: CartQuote;
  refusal: Refusal | null;
}

/**
 * The quote for `method` with `couponCode` (undefined: the code remembered on the cart). A coupon the
 * server refuses for this cart or method is not a dead end: the quote is asked again without a coupon
 * (couponCode ""), and the refusal comes with it, so the shopper sees why and can still check out.
 */
export async function quoteWithFallback(
  ask: (input: QuoteInput) => Promise<CartQuote>,
  method: PaymentMethod,
  couponCode: string | undefined,
  refusalOf: (error: unknown) => Refusal | null,
): Promise<QuoteView> {
  try {
    return { quote: await ask(couponCode === undefined ? { paymentMethod: method } : { paymentMethod: method, couponCode }), refusal: null };
  } catch (error) {
    const refusal = couponCode === "" ? null : refusalOf(error);
    if (!refusal) throw error;
    return { quote: await ask({ paymentMethod: method, couponCode: "" }), refusal };
  }
}

/** The code the place-order call sends: the coupon priced into the totals shown, "" when none (never a code the screen does not show). */
export const checkoutCouponCode = (view: QuoteView): string => view.quote.coupon?.code ?? "";

/** "Add ₹51.00 more for free delivery", when the store has a threshold the cart has not reached. */
export const needsMoreForFreeDelivery = (quote: Pick<CartQuote, "freeDeliveryAbove" | "addForFreeDelivery">): boolean =>
  quote.freeDeliveryAbove !== null && quote.addForFreeDelivery > 0;

/** Query key: the customer, the cart's lines as they are now (a quantity changed → a new quote), the method and the code. */
export const quoteKey = (customerId: number, cart: string, method: PaymentMethod | null, code: string | undefined) =>
  ["offers.cartQuote", customerId, cart, method, code ?? null] as const;

/** The cart's lines and quantities, part of the quote's key. */
export const cartSignature = (lines: readonly { addToCartId: number; quantity: number }[]): string =>
  lines.map((l) => `${l.addToCartId}x${l.quantity}`).join(",");
