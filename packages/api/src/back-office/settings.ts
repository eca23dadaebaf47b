// Store settings kept as key/value rows, each with its default and how its text is read.
import { DEFAULT_SEARCH_SYNONYMS, ORDER_LIMIT_DEFAULTS, type settingsUpdateSchema } from "@store/validators";
import { REVIEW_POLICY_WORDS, REVIEW_REJECT_REASON_WORDS, REVIEW_REJECT_REASONS, stateLabel, toPaise, toRupees } from "@store/domain";
import type { z } from "zod";
import type { Db } from "@store/db";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

export interface Settings {
  defaultDeliveryCharge: number | "Free";
  maxOpenUnpaidOrders: number;
  maxOrdersPerHour: number;
  /** units of one product an order not paid online at placement may take (orders/order-limits.ts) */
  maxUnitsPerProductPerOrder: number;
  codEnabled: boolean;
  /** rupees */
  codFee: number;
  /** rupees; null = no cap */
  codMaxOrderValue: number | null;
  codBlockedPinCodes: string[];
  /** rupees; null = delivery is never free by value (issue 26: judged on the items before any coupon) */
  freeDeliveryAbove: number | null;
  /** "" = UPI not offered */
  upiVpa: string;
  upiPayeeName: string;
  upiExpiryHours: number;
  sellerLegalName: string;
  sellerAddress: string;
  sellerGstin: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  hsnDigits: number;
  defaultHsnCode: string;
  defaultGstRate: number;
  defaultCountryOfOrigin: string;
  defaultManufacturer: string;
  grievanceOfficerName: string;
  grievanceOfficerDesignation: string;
  grievanceOfficerEmail: string;
  grievanceOfficerPhone: string;
  customerCareEmail: string;
  customerCarePhone: string;
  lowStockThreshold: number;
  /** issue 27: the PIN code parcels leave from ("" = not set), the day's cut-off "HH:MM" IST, the days off (SUN, 2026-01-26) */
  dispatchPincode: string;
  dispatchCutoff: string;
  nonWorkingDays: string[];
  /** the storefront search's synonym groups, one a line: "phenyl, fenyl" or "pocha => mop" (issue 18) */
  searchSynonyms: string[];
  /** issue 29 (contracts/otp-and-sms.md): "otp" = a new cash-on-delivery order waits for the buyer's OTP */
  codConfirmation: "off" | "otp";
  /** whole hours a COD order may stay unconfirmed before the job cod-confirm-expiry cancels it */
  codConfirmHours: number;
  /** issue 29 (contracts/guest-and-addresses.md): shoppers may order without an account */
  guestCheckoutEnabled: boolean;
  /** a guest's cash-on-delivery order needs a verified OTP for its phone */
  guestCodNeedsOtp: boolean;
  /** issue 30 (contracts/whatsapp.md): order messages on WhatsApp to customers who opted in */
  whatsappEnabled: boolean;
  /** issue 31 (contracts/reviews.md): a review needs a delivered, not returned line of the product (403 NOT_A_BUYER) */
  reviewsRequirePurchase: boolean;
}

/**
 * The seller a new store starts with: a placeholder with a well-formed GSTIN (Maharashtra) that the
 * owner replaces in Settings before trading (README "GST").
 */
export const PLACEHOLDER_SELLER = {
  sellerLegalName: "CleanStore Home Care Private Limited",
  sellerAddress: "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057",
  sellerGstin: "27AAACC1234D1ZC",
};

type Update = z.infer<typeof settingsUpdateSchema>;

interface Codec<T> {
  fallback: string;
  read(text: string): T;
  write(value: T): string;
}
const flag = (fallback: boolean): Codec<boolean> => ({ fallback: String(fallback), read: (s) => s === "true", write: String });
const text: Codec<string> = { fallback: "", read: (s) => s, write: (s) => s };
const whole = (fallback: number): Codec<number> => ({ fallback: String(fallback), read: Number, write: String });
// money is kept as paise text so that no float is ever stored
const money: Codec<number> = { fallback: "0", read: (s) => toRupees(Number(s)), write: (r) => String(toPaise(r)) };
/** "" = none */
const optionalMoney: Codec<number | null> = {
  fallback: "",
  read: (s) => (s === "" ? null : toRupees(Number(s))),
  write: (r) => (r === null ? "" : String(toPaise(r))),
};

const CODECS: { [K in keyof Settings]: Codec<Settings[K]> } = {
  defaultDeliveryCharge: { fallback: "Free", read: (s) => (s === "Free" ? "Free" : Number(s)), write: String },
  maxOpenUnpaidOrders: whole(ORDER_LIMIT_DEFAULTS.maxOpenUnpaidOrders),
  maxOrdersPerHour: whole(ORDER_LIMIT_DEFAULTS.maxOrdersPerHour),
  maxUnitsPerProductPerOrder: whole(ORDER_LIMIT_DEFAULTS.maxUnitsPerProductPerOrder),
  codEnabled: flag(true),
  codFee: money,
  codMaxOrderValue: optionalMoney,
  freeDeliveryAbove: optionalMoney,
  codBlockedPinCodes: { fallback: "", read: (s) => (s === "" ? [] : s.split(",")), write: (list) => list.join(",") },
  upiVpa: text,
  upiPayeeName: { ...text, fallback: "CleanStore" },
  upiExpiryHours: whole(24),
  sellerLegalName: { ...text, fallback: PLACEHOLDER_SELLER.sellerLegalName },
  sellerAddress: { ...text, fallback: PLACEHOLDER_SELLER.sellerAddress },
  sellerGstin: { ...text, fallback: PLACEHOLDER_SELLER.sellerGstin },
  invoicePrefix: { ...text, fallback: "CS" },
  creditNotePrefix: { ...text, fallback: "CN" },
  hsnDigits: whole(4),
  defaultHsnCode: { ...text, fallback: "3402" },
  defaultGstRate: whole(18),
  defaultCountryOfOrigin: { ...text, fallback: "India" },
  defaultManufacturer: { ...text, fallback: PLACEHOLDER_SELLER.sellerLegalName },
  grievanceOfficerName: { ...text, fallback: "Priya Deshmukh" },
  grievanceOfficerDesignation: { ...text, fallback: "Grievance Officer" },
  grievanceOfficerEmail: { ...text, fallback: "grievance@cleanstore.in" },
  grievanceOfficerPhone: { ...text, fallback: "+91 20 4000 1234" },
  customerCareEmail: { ...text, fallback: "care@cleanstore.in" },
  customerCarePhone: { ...text, fallback: "+91 20 4000 1200" },
  lowStockThreshold: whole(10),
  dispatchPincode: text,
  dispatchCutoff: { ...text, fallback: "14:00" },
  nonWorkingDays: { fallback: "SUN", read: (s) => (s === "" ? [] : s.split(",")), write: (list) => list.join(",") },
  searchSynonyms: { fallback: DEFAULT_SEARCH_SYNONYMS.join("\n"), read: (s) => s.split("\n").filter(Boolean), write: (lines) => lines.join("\n") },
  codConfirmation: { fallback: "off", read: (s) => (s === "otp" ? "otp" : "off"), write: (v) => v },
  codConfirmHours: whole(24),
  guestCheckoutEnabled: flag(true),
  guestCodNeedsOtp: flag(true),
  whatsappEnabled: flag(false),
  reviewsRequirePurchase: flag(true),
};
const KEYS = Object.keys(CODECS) as (keyof Settings)[];

export async function loadSettings(db: Pick<Db, "storeSetting">): Promise<Settings> {
  const rows = new Map((await db.storeSetting.findMany({ where: { key: { in: KEYS } } })).map((r) => [r.key, r.value]));
  const read = <K extends keyof Settings>(key: K): Settings[K] => CODECS[key].read(rows.get(key) ?? CODECS[key].fallback);
  return Object.fromEntries(KEYS.map((key) => [key, read(key)])) as unknown as Settings;
}

export const readSettings = (ctx: Context) => loadSettings(ctx.db);

/** The search's synonym lines alone (every storefront search needs them; the caller caches them). */
export async function loadSearchSynonyms(db: Pick<Db, "storeSetting">): Promise<string[]> {
  const row = await db.storeSetting.findUnique({ where: { key: "searchSynonyms" } });
  return CODECS.searchSynonyms.read(row?.value ?? CODECS.searchSynonyms.fallback);
}

export async function saveSettings(ctx: Context, input: Update) {
  // an OTP that can never be sent would leave every COD order to expire
  if (input.codConfirmation === "otp" && !ctx.services.sms) {
    throw new StoreError(400, "SMS_NOT_CONFIGURED", "Set up SMS (SMS_PROVIDER) before asking COD buyers for an OTP");
  }
  const write = <K extends keyof Settings>(key: K, value: Settings[K]) => ({ key, value: CODECS[key].write(value) });
  const changes = KEYS.flatMap((key) => (input[key] === undefined ? [] : [write(key, input[key])]));
  await ctx.db.$transaction(changes.map(({ key, value }) => ctx.db.storeSetting.upsert({ where: { key }, create: { key, value }, update: { value } })));
  // the storefront shows settings (seller facts, delivery charges): its cached pages and lists go, on every instance
  ctx.services.productEvents.changed();
  return { success: true, message: "Settings saved.", ...(await loadSettings(ctx.db)) };
}

/** What the storefront must show by law (issue 15: contact-us / about-us, the product page). */
export async function storeFacts(ctx: Pick<Context, "db">) {
  const s = await loadSettings(ctx.db);
  return {
    sellerLegalName: s.sellerLegalName,
    sellerAddress: s.sellerAddress,
    sellerGstin: s.sellerGstin,
    sellerState: stateLabel(s.sellerGstin.slice(0, 2)),
    grievanceOfficer: {
      name: s.grievanceOfficerName,
      designation: s.grievanceOfficerDesignation,
      email: s.grievanceOfficerEmail,
      phone: s.grievanceOfficerPhone,
    },
    customerCare: { email: s.customerCareEmail, phone: s.customerCarePhone },
    defaultCountryOfOrigin: s.defaultCountryOfOrigin,
    defaultManufacturer: s.defaultManufacturer,
    /** issue 31: the published moderation policy: the only reasons a review is not shown */
    reviewPolicy: reviewPolicy(),
  };
}

/** The moderation policy in words (contracts/reviews.md), from the one list of reasons. */
export const reviewPolicy = () => ({
  summary: REVIEW_POLICY_WORDS as string,
  reasons: REVIEW_REJECT_REASONS.map((code) => ({ code, words: REVIEW_REJECT_REASON_WORDS[code] })),
});
