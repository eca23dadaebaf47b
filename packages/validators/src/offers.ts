// Coupons in the back office (issue 26, contracts/offers.md): one schema for the create, the same
// fields all optional for the partial update (the use case checks the merged coupon against the
// create schema, so a lone `value` is judged by the stored type), the list's filters, and the code
// as a shopper types it.
import { z } from "zod";
import { COUPON_TYPES, PAYMENT_METHODS } from "@store/domain";
import { id, pageInput, rupees, trueOrFalse, wholeNumber } from "./common.ts";
import { PRODUCT_CATEGORIES } from "./constants.ts";
import { optionalCell } from "./products.ts";

export { COUPON_TYPES };
export const COUPON_STATUSES = ["active", "scheduled", "expired", "disabled"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;
/** a coupon's scope names at most this many products (the row keeps them as text, 2000 characters) */
export const MAX_COUPON_PRODUCTS = 200;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const IST_OFFSET = "+05:30";
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A date-time as ISO text (or a Date); one without an offset is Indian Standard Time, as the form sends it. */
const dateTime = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const t = v.trim();
      if (t === "") return undefined;
      if (!ISO_DATE_TIME.test(t)) return t;
      // Date rolls 30 February over into March: the calendar day must be one that exists
      const [y, m, d] = t.slice(0, 10).split("-").map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d));
      if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return new Date(Number.NaN);
      return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(t) ? t : `${t}${IST_OFFSET}`);
    },
    z.date({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required`
          : issue.input instanceof Date
            ? `${label} is not a real date`
            : `${label} must be a date and time like 2026-12-01T00:00:00+05:30 (ISO 8601)`,
    }),
  );

const code = z.preprocess(
  blank,
  z
    .string({ error: "Code is required" })
    .trim()
    .toUpperCase()
    .min(3, "Code must be at least 3 characters")
    .max(20, "Code must be at most 20 characters")
    .regex(/^[A-Z0-9-]+$/, "Code may contain only letters, digits and hyphens"),
);

/** "12, 15" from a form, or a list of ids */
const productIds = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
      : v,
  z
    .array(id("Product id"), { error: "Products must be a list of product ids" })
    .max(MAX_COUPON_PRODUCTS, `A coupon can name at most ${MAX_COUPON_PRODUCTS} products`)
    .transform((list) => [...new Set(list)]),
);

const categories = z
  .array(z.enum(PRODUCT_CATEGORIES, { error: `Each category must be one of: ${PRODUCT_CATEGORIES.join(", ")}` }), {
    error: "Categories must be a list of categories",
  })
  .transform((list) => [...new Set(list)]);

const paymentMethods = z
  .array(z.enum(PAYMENT_METHODS, { error: "Each payment method must be COD, UPI or ONLINE" }), { error: "Payment methods must be a list of COD, UPI, ONLINE" })
  .min(1, "Choose at least one payment method")
  .transform((list) => PAYMENT_METHODS.filter((m) => list.includes(m)));

export const couponFields = {
  code,
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(120, "Description must be at most 120 characters")
    .nullish()
    .transform((v) => v ?? ""),
  type: z.enum(COUPON_TYPES, { error: "Type must be PERCENT, FLAT or FREE_SHIPPING" }),
  /** PERCENT: per cent; FLAT: rupees; FREE_SHIPPING: ignored (checked against the type by couponRules) */
  value: z.preprocess(
    (v) => (blank(v) === undefined || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Value must be a number" }).optional(),
  ),
  /** rupees, PERCENT only; blank = no cap */
  maxDiscount: optionalCell(rupees("Max discount", { min: 0.01 }))
    .nullable()
    .transform((v) => v ?? null),
  minOrderValue: optionalCell(rupees("Minimum order value")).transform((v) => v ?? 0),
  startsAt: dateTime("Starts at"),
  endsAt: dateTime("Ends at"),
  /** total orders; blank = no limit */
  usageLimit: optionalCell(wholeNumber("Usage limit", { min: 1, max: 10_000_000 }))
    .nullable()
    .transform((v) => v ?? null),
  perCustomerLimit: optionalCell(wholeNumber("Uses per customer", { min: 1, max: 10_000 })).transform((v) => v ?? 1),
  firstOrderOnly: trueOrFalse("First order only").default(false),
  paymentMethods: paymentMethods.default([...PAYMENT_METHODS]),
  productIds: productIds.default([]),
  categories: categories.default([]),
  /** listed to shoppers at the checkout as an offer the cart can use */
  showAtCheckout: trueOrFalse("Show at checkout").default(false),
  active: trueOrFalse("Active").default(true),
};

interface CouponRules {
  type?: (typeof COUPON_TYPES)[number];
  value?: number;
  maxDiscount?: number | null;
  startsAt?: Date;
  endsAt?: Date;
}

/** The rules between fields: the value by the type, the cap for percentages only, the end after the start. */
export const couponRules = (v: CouponRules, ctx: z.RefinementCtx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.type === "PERCENT") {
    if (v.value === undefined) issue("value", "Value is required: the percentage off, 1 to 90");
    else if (!Number.isInteger(v.value) || v.value < 1 || v.value > 90) issue("value", "A percentage off must be a whole number from 1 to 90");
  }
  if (v.type === "FLAT") {
    if (v.value === undefined) issue("value", "Value is required: the rupees off");
    else if (!Number.isFinite(v.value) || v.value <= 0) issue("value", "A flat discount must be more than ₹0");
    else if (v.value > 1_000_000) issue("value", "A flat discount must be at most ₹10,00,000");
    else if (Math.abs(Math.round(v.value * 100) - v.value * 100) > 1e-6) issue("value", "A flat discount can have at most 2 decimals");
  }
  if (v.type !== undefined && v.type !== "PERCENT" && v.maxDiscount !== undefined && v.maxDiscount !== null) {
    issue("maxDiscount", "Max discount applies to percentage coupons only");
  }
  if (v.startsAt && v.endsAt && !(v.endsAt.getTime() > v.startsAt.getTime())) issue("endsAt", "Ends at must be after Starts at");
};

export const couponCreateSchema = z.object(couponFields).superRefine(couponRules);
export type CouponCreate = z.infer<typeof couponCreateSchema>;
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** A partial update: what is left out keeps its value. */
export const couponUpdateFields = {
  code: optionalCell(code),
  description: couponFields.description.optional(),
  type: optionalCell(couponFields.type),
  value: couponFields.value,
  maxDiscount: z.preprocess((v) => (v === "" ? null : v), rupees("Max discount", { min: 0.01 }).nullable().optional()),
  minOrderValue: optionalCell(rupees("Minimum order value")),
  startsAt: optionalCell(couponFields.startsAt),
  endsAt: optionalCell(couponFields.endsAt),
  usageLimit: z.preprocess((v) => (v === "" ? null : v), wholeNumber("Usage limit", { min: 1, max: 10_000_000 }).nullable().optional()),
  perCustomerLimit: optionalCell(wholeNumber("Uses per customer", { min: 1, max: 10_000 })),
  firstOrderOnly: optionalCell(trueOrFalse("First order only")),
  paymentMethods: paymentMethods.optional(),
  productIds: productIds.optional(),
  categories: categories.optional(),
  showAtCheckout: optionalCell(trueOrFalse("Show at checkout")),
  active: optionalCell(trueOrFalse("Active")),
};
export const couponUpdateSchema = z.object(couponUpdateFields).superRefine(couponRules);
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

export const couponIdInput = z.object({ couponId: id("Coupon id") });

/** GET /coupons: by status (judged now) and a search of the code and description. */
export const couponListInput = pageInput.extend({
  status: z.preprocess(blank, z.enum(COUPON_STATUSES, { error: `status must be one of: ${COUPON_STATUSES.join(", ")}` }).optional()),
});
export type CouponListInput = z.infer<typeof couponListInput>;

/** The code as a shopper types it (the cart's coupon box): any case and spacing around it; stored codes are upper-case. */
export const couponCodeSchema = z.preprocess(
  blank,
  z.string({ error: "Enter a coupon code" }).trim().toUpperCase().max(20, "A coupon code is at most 20 characters"),
);
