// Coupons and the free-delivery threshold (issue 26, contracts/offers.md): who may use a code, what it
// takes off, how the discount is shared between the lines, and the tax after it. All amounts in paise.
// The quote, the apply call and the checkout all price a cart here, so the screen and the order agree.
import { formatRupees } from "./money.ts";
import { taxOfInclusiveAmount, type LineTax } from "./gst.ts";
import type { PaymentMethod } from "./statuses.ts";

export const COUPON_TYPES = ["PERCENT", "FLAT", "FREE_SHIPPING"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** `["UPI","ONLINE"]`: the coupon is for prepaid orders only. */
export const PREPAID_METHODS: readonly PaymentMethod[] = ["UPI", "ONLINE"];

export interface CouponTerms {
  code: string;
  description: string;
  type: CouponType;
  /** PERCENT: per cent (1–90); FLAT: paise; FREE_SHIPPING: ignored */
  value: number;
  /** paise, PERCENT only; null = no cap */
  maxDiscount: number | null;
  /** paise, on the eligible items' value before any discount */
  minOrderValue: number;
  startsAt: Date;
  endsAt: Date;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number;
  firstOrderOnly: boolean;
  paymentMethods: readonly PaymentMethod[];
  /** empty = every product (unless categories narrow it) */
  productIds: readonly number[];
  categories: readonly string[];
  active: boolean;
}

export type CouponRefusalCode =
  | "COUPON_INACTIVE"
  | "COUPON_NOT_STARTED"
  | "COUPON_EXPIRED"
  | "MIN_ORDER_NOT_MET"
  | "USAGE_LIMIT_REACHED"
  | "CUSTOMER_LIMIT_REACHED"
  | "FIRST_ORDER_ONLY"
  | "PAYMENT_METHOD_NOT_ELIGIBLE"
  | "NO_ELIGIBLE_ITEMS";

export interface CouponRefusal {
  status: 400 | 409;
  code: CouponRefusalCode;
  message: string;
}

export interface PricedLineInput {
  /** the caller's key for the line (addToCartId in a cart) */
  key: number;
  productId: number;
  category: string;
  /** price × quantity */
  amount: number;
  gstRate: number;
  /** the line's delivery charge (null or 0 = free) */
  delivery: number | null;
}

export interface PricedLine {
  key: number;
  amount: number;
  discount: number;
  /** delivery charged on this line after the threshold and a free-shipping coupon */
  delivery: number;
  /** the tax inside amount − discount (inclusive prices), taxable + tax = amount − discount */
  taxableValue: number;
  tax: number;
  gst: LineTax;
}

export interface CartQuote {
  itemsTotal: number;
  discountTotal: number;
  deliveryTotal: number;
  codFee: number;
  grandTotal: number;
  coupon: { code: string; description: string; discount: number } | null;
  lines: PricedLine[];
  /** paise or null when the store has no threshold */
  freeDeliveryAbove: number | null;
  /** paise still needed for free delivery: 0 when met or when there is no threshold */
  addForFreeDelivery: number;
}

/** What the shopper's history says about a coupon (counted by the server). */
export interface CouponHistory {
  /** this customer's uses of this coupon that were not given back */
  customerUses: number;
  /** the customer has an order that is not cancelled */
  hasOrders: boolean;
}

const methodNames: Record<PaymentMethod, string> = { COD: "cash on delivery", UPI: "UPI", ONLINE: "online payment" };

const isPrepaidOnly = (methods: readonly PaymentMethod[]) => methods.length > 0 && methods.every((m) => PREPAID_METHODS.includes(m));

/** The lines the coupon applies to: all of them when it has no scope, else those of its products or categories. */
export function isEligibleLine(coupon: Pick<CouponTerms, "productIds" | "categories">, line: Pick<PricedLineInput, "productId" | "category">): boolean {
  if (coupon.productIds.length === 0 && coupon.categories.length === 0) return true;
  const category = line.category.trim().toLowerCase();
  return coupon.productIds.includes(line.productId) || coupon.categories.some((c) => c.trim().toLowerCase() === category);
}

/** The discount on an eligible value: PERCENT rounded to the paisa and capped, FLAT at most the value, free shipping 0. */
export function couponDiscount(coupon: Pick<CouponTerms, "type" | "value" | "maxDiscount">, eligibleValue: number): number {
  if (coupon.type === "FREE_SHIPPING") return 0;
  const raw = coupon.type === "PERCENT" ? Math.round((eligibleValue * coupon.value) / 100) : coupon.value;
  const capped = coupon.type === "PERCENT" && coupon.maxDiscount !== null ? Math.min(raw, coupon.maxDiscount) : raw;
  return Math.max(0, Math.min(capped, eligibleValue));
}

/**
 * Shares `total` between the lines in proportion to their amounts by the largest-remainder rule: each
 * line gets the floor of its exact share, and the paise left go one each to the largest remainders
 * (ties to the earlier line). The shares add up to `total` exactly and none exceeds its line.
 */
export function allocateDiscount(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return amounts.map(() => 0);
  if (total >= sum) return [...amounts];
  // in BigInt: amount × total passes 2^53 for a large order
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = amounts.map((a) => Number((BigInt(a) * bigTotal) / bigSum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = amounts
    .map((a, i) => ({ i, remainder: (BigInt(a) * bigTotal) % bigSum }))
    .sort((x, y) => (y.remainder > x.remainder ? 1 : y.remainder < x.remainder ? -1 : x.i - y.i));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Why the coupon cannot be used now for this payment method and this customer, before looking at the cart. */
export function couponTermsRefusal(coupon: CouponTerms, now: Date, method: PaymentMethod, history: CouponHistory): CouponRefusal | null {
  if (!coupon.active) return { status: 400, code: "COUPON_INACTIVE", message: `The code ${coupon.code} is no longer active.` };
  if (now < coupon.startsAt) return { status: 400, code: "COUPON_NOT_STARTED", message: `The code ${coupon.code} cannot be used yet.` };
  if (now >= coupon.endsAt) return { status: 400, code: "COUPON_EXPIRED", message: `The code ${coupon.code} has expired.` };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return { status: 409, code: "USAGE_LIMIT_REACHED", message: `The code ${coupon.code} has been used as many times as it can be.` };
  }
  if (history.customerUses >= coupon.perCustomerLimit) {
    const times = coupon.perCustomerLimit === 1 ? "once" : `${coupon.perCustomerLimit} times`;
    return { status: 400, code: "CUSTOMER_LIMIT_REACHED", message: `You have already used the code ${coupon.code} (it can be used ${times} per customer).` };
  }
  if (coupon.firstOrderOnly && history.hasOrders) {
    return { status: 400, code: "FIRST_ORDER_ONLY", message: `The code ${coupon.code} is for a customer's first order only.` };
  }
  if (!coupon.paymentMethods.includes(method)) {
    const message = isPrepaidOnly(coupon.paymentMethods)
      ? "This code is for prepaid orders (UPI or online)"
      : `This code cannot be used with ${methodNames[method]}: pay by ${coupon.paymentMethods.map((m) => methodNames[m]).join(" or ")}.`;
    return { status: 400, code: "PAYMENT_METHOD_NOT_ELIGIBLE", message };
  }
  return null;
}

export interface QuoteInput {
  lines: readonly PricedLineInput[];
  coupon: CouponTerms | null;
  method: PaymentMethod;
  /** paise, charged on cash on delivery only; never discounted */
  codFee: number;
  /** paise or null: delivery is free when the items' value before any discount reaches it */
  freeDeliveryAbove: number | null;
  /** the buyer's state is not the seller's: IGST instead of CGST + SGST */
  interState: boolean;
  /**
   * paise: one delivery charge for the whole order (a shipping zone's fee, issue 27), replacing the lines'
   * own charges; left out or null: each line's `delivery` as before (a store without zones)
   */
  orderDelivery?: number | null;
  now: Date;
  history: CouponHistory;
}

/**
 * Prices a cart: the coupon's discount shared between its eligible lines, delivery after the
 * threshold (judged before the discount, so a coupon never makes the total larger) and a
 * free-shipping coupon, the COD fee, and each line's tax on its value after its discount.
 * A coupon that cannot be used is a refusal, never a silently smaller discount.
 */
export function quoteCart(input: QuoteInput): { quote: CartQuote } | { refusal: CouponRefusal } {
  const { lines, coupon } = input;
  const itemsTotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const perOrder = input.orderDelivery ?? null;
  // the delivery the order would pay with no threshold and no coupon
  const fullDelivery = perOrder ?? lines.reduce((sum, l) => sum + (l.delivery ?? 0), 0);
  let discounts = lines.map(() => 0);
  let freeShipping = false;
  if (coupon) {
    const refusal = couponTermsRefusal(coupon, input.now, input.method, input.history);
    if (refusal) return { refusal };
    const eligible = lines.map((l) => isEligibleLine(coupon, l));
    const eligibleValue = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.amount : 0), 0);
    if (eligibleValue === 0) {
      return { refusal: { status: 400, code: "NO_ELIGIBLE_ITEMS", message: `Nothing in your cart is eligible for the code ${coupon.code}.` } };
    }
    if (eligibleValue < coupon.minOrderValue) {
      const more = formatRupees(coupon.minOrderValue - eligibleValue);
      return {
        refusal: {
          status: 400,
          code: "MIN_ORDER_NOT_MET",
          message: `Add ${more} more of eligible items to use the code ${coupon.code} (minimum ${formatRupees(coupon.minOrderValue)}).`,
        },
      };
    }
    const hasDelivery = fullDelivery > 0;
    const discount = couponDiscount(coupon, eligibleValue);
    if (coupon.type === "FREE_SHIPPING") {
      const thresholdMet = input.freeDeliveryAbove !== null && itemsTotal >= input.freeDeliveryAbove;
      if (!hasDelivery || thresholdMet) {
        return {
          refusal: { status: 400, code: "NO_ELIGIBLE_ITEMS", message: `Delivery is already free on this order: the code ${coupon.code} takes nothing off.` },
        };
      }
      freeShipping = true;
    } else if (discount === 0) {
      return { refusal: { status: 400, code: "NO_ELIGIBLE_ITEMS", message: `The code ${coupon.code} takes nothing off this cart.` } };
    } else {
      discounts = allocateDiscount(
        discount,
        lines.map((l, i) => (eligible[i] ? l.amount : 0)),
      );
    }
  }
  const thresholdMet = input.freeDeliveryAbove !== null && itemsTotal >= input.freeDeliveryAbove;
  const priced: PricedLine[] = lines.map((l, i) => {
    const discount = discounts[i] ?? 0;
    const gst = taxOfInclusiveAmount(l.amount - discount, l.gstRate, input.interState);
    return {
      key: l.key,
      amount: l.amount,
      discount,
      delivery: freeShipping || thresholdMet || perOrder !== null ? 0 : (l.delivery ?? 0),
      taxableValue: gst.taxable,
      tax: gst.cgst + gst.sgst + gst.igst,
      gst,
    };
  });
  const discountTotal = priced.reduce((sum, l) => sum + l.discount, 0);
  const orderDelivery = perOrder === null || freeShipping || thresholdMet ? 0 : perOrder;
  const deliveryTotal = priced.reduce((sum, l) => sum + l.delivery, 0) + orderDelivery;
  const codFee = input.method === "COD" ? input.codFee : 0;
  const couponDiscountShown = coupon ? (freeShipping ? fullDelivery : discountTotal) : 0;
  return {
    quote: {
      itemsTotal,
      discountTotal,
      deliveryTotal,
      codFee,
      grandTotal: itemsTotal - discountTotal + deliveryTotal + codFee,
      coupon: coupon ? { code: coupon.code, description: coupon.description, discount: couponDiscountShown } : null,
      lines: priced,
      freeDeliveryAbove: input.freeDeliveryAbove,
      addForFreeDelivery: input.freeDeliveryAbove === null ? 0 : Math.max(0, input.freeDeliveryAbove - itemsTotal),
    },
  };
}

/** What a returned or cancelled line gives back: its value after its discount, plus its delivery share as before. */
export const lineRefundBase = (line: { amount: number; discount: number }): number => line.amount - line.discount;
