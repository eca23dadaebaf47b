// A Coupon row and the API (issue 26, contracts/offers.md): the row keeps paise and its lists as text
// (prisma/schema.prisma), the API speaks rupees and arrays, and the domain's quoteCart wants
// CouponTerms in paise (couponTermsOf, used by the shopper's side and the checkout).
import { z } from "zod";
import type { CouponModel, Prisma } from "@store/db";
import { COUPON_TYPES, isPaymentMethod, PAYMENT_METHODS, toPaise, toRupees, type CouponTerms, type CouponType, type PaymentMethod } from "@store/domain";
import { COUPON_STATUSES, type CouponCreate, type CouponStatus } from "@store/validators";

const listOf = (text: string, separator: string | RegExp) =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

const paymentMethodsOf = (row: Pick<CouponModel, "paymentMethods">): PaymentMethod[] => listOf(row.paymentMethods, ",").filter(isPaymentMethod);
const productIdsOf = (row: Pick<CouponModel, "productIds">): number[] =>
  listOf(row.productIds, ",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
/** one per line: a category name may hold a comma */
const categoriesOf = (row: Pick<CouponModel, "categories">): string[] => listOf(row.categories, "\n");

export function couponTermsOf(row: CouponModel): CouponTerms {
  return {
    code: row.code,
    description: row.description,
    type: row.type as CouponType,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minOrderValue: row.minOrderValue,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    paymentMethods: paymentMethodsOf(row),
    productIds: productIdsOf(row),
    categories: categoriesOf(row),
    active: row.active,
  };
}

/** The four words of the list: disabled wins, then by the dates at `now`. */
export function couponStatusOf(row: Pick<CouponModel, "active" | "startsAt" | "endsAt">, now: Date): CouponStatus {
  if (!row.active) return "disabled";
  if (now < row.startsAt) return "scheduled";
  if (now >= row.endsAt) return "expired";
  return "active";
}

/** The rows of one status at `now` (the same rules as couponStatusOf). */
export function couponStatusWhere(status: CouponStatus, now: Date): Prisma.CouponWhereInput {
  switch (status) {
    case "disabled":
      return { active: false };
    case "scheduled":
      return { active: true, startsAt: { gt: now } };
    case "expired":
      return { active: true, endsAt: { lte: now } };
    case "active":
      return { active: true, startsAt: { lte: now }, endsAt: { gt: now } };
  }
}

/** The row's columns for validated coupon fields: paise, the lists as text, no value or cap where the type has none. */
export function couponData(c: CouponCreate) {
  return {
    code: c.code,
    description: c.description,
    type: c.type,
    value: c.type === "PERCENT" ? (c.value ?? 0) : c.type === "FLAT" ? toPaise(c.value ?? 0) : 0,
    maxDiscount: c.type === "PERCENT" && c.maxDiscount !== null ? toPaise(c.maxDiscount) : null,
    minOrderValue: toPaise(c.minOrderValue),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    firstOrderOnly: c.firstOrderOnly,
    paymentMethods: c.paymentMethods.join(","),
    productIds: c.productIds.join(","),
    categories: c.categories.join("\n"),
    showAtCheckout: c.showAtCheckout,
    active: c.active,
  };
}

/** The coupon's fields as the API speaks them (what a partial update merges into). */
export function couponFieldsOf(row: CouponModel) {
  return {
    code: row.code,
    description: row.description,
    type: row.type as CouponType,
    /** PERCENT: per cent; FLAT: rupees; FREE_SHIPPING: 0 */
    value: row.type === "FLAT" ? toRupees(row.value) : row.value,
    maxDiscount: row.maxDiscount === null ? null : toRupees(row.maxDiscount),
    minOrderValue: toRupees(row.minOrderValue),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    paymentMethods: paymentMethodsOf(row),
    productIds: productIdsOf(row),
    categories: categoriesOf(row),
    showAtCheckout: row.showAtCheckout,
    active: row.active,
  };
}

export function serializeCoupon(row: CouponModel, now: Date) {
  return {
    couponId: row.couponId,
    ...couponFieldsOf(row),
    usedCount: row.usedCount,
    status: couponStatusOf(row, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const couponOutput = z.object({
  couponId: z.number().int(),
  code: z.string(),
  description: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number().describe("PERCENT: per cent (1–90); FLAT: rupees; FREE_SHIPPING: 0"),
  maxDiscount: z.number().nullable().describe("rupees, PERCENT only; null = no cap"),
  minOrderValue: z.number().describe("rupees, on the eligible items' value before any discount"),
  startsAt: z.date(),
  endsAt: z.date(),
  usageLimit: z.number().int().nullable().describe("total orders; null = no limit"),
  perCustomerLimit: z.number().int(),
  firstOrderOnly: z.boolean(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)).describe('["UPI","ONLINE"] is prepaid only'),
  productIds: z.array(z.number().int()).describe("eligibility scope; empty (with no categories) = the whole cart"),
  categories: z.array(z.string()),
  showAtCheckout: z.boolean().describe("listed to shoppers at the checkout as an offer"),
  active: z.boolean(),
  usedCount: z.number().int().describe("orders holding a use that was not given back"),
  status: z.enum(COUPON_STATUSES).describe("disabled, else by the dates now: scheduled, active or expired"),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const couponUseOutput = z.object({
  productOrderId: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  discount: z.number().describe("rupees the coupon took off (free shipping: the delivery it saved)"),
  grandTotal: z.number().nullable().describe("rupees; null if the order is gone"),
  createdAt: z.date(),
  released: z.boolean().describe("the use was given back (the order was cancelled, expired unpaid or its payment failed)"),
  releasedAt: z.date().nullable(),
});

export const couponDetailOutput = couponOutput.extend({ uses: z.array(couponUseOutput).describe("the orders that used the coupon, newest first") });
