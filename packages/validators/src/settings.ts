import { z } from "zod";
import { rupees, trueOrFalse, wholeNumber } from "./common.ts";
import { deliveryChargeSchema } from "./products.ts";
import { upiVpaSchema } from "./payments.ts";
import { searchSynonymsSchema } from "./search.ts";
import { GST_RATES, whyBadCutoff, whyBadNonWorkingDay, whyInvalidGstin } from "@store/domain";

/** Anti-hoarding limits on ordering (docs/decisions.md, issue 13): what a shopper never reaches. */
export const ORDER_LIMIT_DEFAULTS = { maxOpenUnpaidOrders: 10, maxOrdersPerHour: 20, maxUnitsPerProductPerOrder: 20 } as const;

export const orderLimitFields = {
  /** orders neither delivered nor cancelled nor paid that one customer may have at once */
  maxOpenUnpaidOrders: wholeNumber("Open unpaid orders per customer", { min: 1, max: 10_000 }),
  /** orders one customer may place in an hour */
  maxOrdersPerHour: wholeNumber("Orders per customer an hour", { min: 1, max: 10_000 }),
  /** units of one product an order not paid online at placement (cash on delivery, UPI) may take (issue 22) */
  maxUnitsPerProductPerOrder: wholeNumber("Units of a product per unpaid order", { min: 1, max: 1_000_000 }),
};

const booleanField = trueOrFalse;

/** "411001, 560001" or a list: six-digit pin codes, each once. */
const pinCodeList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().regex(/^\d{6}$/, "Each blocked pin code must be 6 digits"), { error: "Blocked pin codes must be a list of 6-digit pin codes" })
    .max(5_000, "At most 5,000 blocked pin codes")
    .transform((list) => [...new Set(list)]),
);

/** Dispatch settings (issue 27, contracts/delivery.md): where parcels leave from and on which days. */
export const dispatchSettingFields = {
  /** the PIN code parcels are dispatched from ("" = not set) */
  dispatchPincode: z
    .string()
    .trim()
    .refine((v) => v === "" || /^[1-9]\d{5}$/.test(v), "Enter a 6-digit PIN code"),
  /** "14:00" IST: an order after it counts from the next working day */
  dispatchCutoff: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = whyBadCutoff(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** weekdays ("SUN") and ISO dates ("2026-01-26"), a list or one text separated by commas */
  nonWorkingDays: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(/[\s,]+/)
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean)
        : Array.isArray(v)
          ? v.map((s: unknown) => (typeof s === "string" ? s.trim().toUpperCase() : s))
          : v,
    z
      .array(
        z.string().superRefine((v, ctx) => {
          const problem = whyBadNonWorkingDay(v);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
        { error: "Non-working days must be a list of weekdays (SUN) and dates (YYYY-MM-DD)" },
      )
      .max(400, "At most 400 non-working days")
      .transform((list) => [...new Set(list)]),
  ),
};

/** Payment settings (issue 14). */
export const paymentSettingFields = {
  codEnabled: booleanField("Cash on delivery on/off"),
  codFee: rupees("COD fee", { max: 10_000 }),
  /** null: no cap */
  codMaxOrderValue: z.preprocess((v) => (v === "" ? null : v), rupees("Maximum COD order value", { min: 1, max: 10_000_000 }).nullable()),
  codBlockedPinCodes: pinCodeList,
  upiVpa: upiVpaSchema,
  upiPayeeName: z.string().trim().max(60, "The UPI payee name must be at most 60 characters"),
  upiExpiryHours: wholeNumber("Hours to pay a UPI order", { min: 1, max: 720 }),
  /** issue 26: delivery is free when the items' value before any coupon reaches it; null: never */
  freeDeliveryAbove: z.preprocess((v) => (v === "" ? null : v), rupees("Free delivery above", { min: 1, max: 10_000_000 }).nullable()),
};

const gstinField = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = v === "" ? null : whyInvalidGstin(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The seller's legal facts and the GST documents (issue 15). */
export const gstSettingFields = {
  sellerLegalName: z.string().trim().min(1, "The seller's legal name is required").max(120, "The seller's legal name is at most 120 characters"),
  sellerAddress: z.string().trim().min(1, "The seller's address is required").max(300, "The seller's address is at most 300 characters"),
  /** its first two digits are the seller's state */
  sellerGstin: gstinField.refine((v) => v !== "", "The seller's GSTIN is required on a tax invoice"),
  invoicePrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,6}$/, "The invoice prefix is 1 to 6 letters, digits or '-'"),
  creditNotePrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,6}$/, "The credit note prefix is 1 to 6 letters, digits or '-'"),
  hsnDigits: z.coerce.number().refine((v) => v === 4 || v === 6, "HSN digits printed must be 4 or 6"),
  defaultHsnCode: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, "An HSN code has 4 to 8 digits"),
  defaultGstRate: z.coerce.number().refine((v) => (GST_RATES as readonly number[]).includes(v), `The GST rate must be one of ${GST_RATES.join(", ")} per cent`),
  defaultCountryOfOrigin: z.string().trim().min(1).max(60),
  defaultManufacturer: z.string().trim().max(200),
  grievanceOfficerName: z.string().trim().max(100),
  grievanceOfficerDesignation: z.string().trim().max(100),
  grievanceOfficerEmail: z.union([z.literal(""), z.email("Enter the grievance officer's email address")]),
  grievanceOfficerPhone: z
    .string()
    .trim()
    .regex(/^[\d +-]{0,20}$/, "Enter the grievance officer's phone number"),
  customerCareEmail: z.union([z.literal(""), z.email("Enter the customer care email address")]),
  customerCarePhone: z
    .string()
    .trim()
    .regex(/^[\d +-]{0,20}$/, "Enter the customer care phone number"),
};

/** Checkout for everyone (issue 29): COD confirmation by OTP and guest checkout. */
export const checkoutSettingFields = {
  /** "otp": a new cash-on-delivery order is Pending until the buyer confirms it with a code sent by SMS */
  codConfirmation: z.enum(["off", "otp"], { error: 'COD confirmation must be "off" or "otp"' }),
  /** an unconfirmed COD order is cancelled after this many hours */
  codConfirmHours: wholeNumber("Hours to confirm a COD order", { min: 1, max: 168 }),
  guestCheckoutEnabled: booleanField("Guest checkout on/off"),
  guestCodNeedsOtp: booleanField("OTP for guest cash on delivery on/off"),
  whatsappEnabled: booleanField("WhatsApp messages on/off"),
  /** issue 31 (contracts/reviews.md): only customers with a delivered, not returned line of a product may review it */
  reviewsRequirePurchase: booleanField("Reviews only from buyers on/off"),
};

/** Any of the settings; what is left out keeps its value. */
export const settingsUpdateSchema = z
  .object({
    defaultDeliveryCharge: deliveryChargeSchema.optional(),
    maxOpenUnpaidOrders: orderLimitFields.maxOpenUnpaidOrders.optional(),
    maxOrdersPerHour: orderLimitFields.maxOrdersPerHour.optional(),
    maxUnitsPerProductPerOrder: orderLimitFields.maxUnitsPerProductPerOrder.optional(),
    codEnabled: paymentSettingFields.codEnabled.optional(),
    codFee: paymentSettingFields.codFee.optional(),
    codMaxOrderValue: paymentSettingFields.codMaxOrderValue.optional(),
    codBlockedPinCodes: paymentSettingFields.codBlockedPinCodes.optional(),
    upiVpa: paymentSettingFields.upiVpa.optional(),
    upiPayeeName: paymentSettingFields.upiPayeeName.optional(),
    upiExpiryHours: paymentSettingFields.upiExpiryHours.optional(),
    freeDeliveryAbove: paymentSettingFields.freeDeliveryAbove.optional(),
    /** the dashboard's low-stock list: products with stock at or under this (issue 17) */
    lowStockThreshold: wholeNumber("Low-stock threshold", { min: 0, max: 1_000_000 }).optional(),
    /** the storefront search's synonym groups, one a line (issue 18; validators/search.ts) */
    searchSynonyms: searchSynonymsSchema.optional(),
  })
  .extend(z.object(gstSettingFields).partial().shape)
  .extend(z.object(dispatchSettingFields).partial().shape)
  .extend(z.object(checkoutSettingFields).partial().shape)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one setting to change." });
