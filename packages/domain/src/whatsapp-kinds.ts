// What a WhatsApp template may be registered for (issue 30, contracts/whatsapp.md "Templates"): Meta
// approves a template in one category, and the category must fit the message's kind; the template's
// body variables are chosen, in order, from the values the kind's event supplies.

export const WHATSAPP_KINDS = [
  "order_placed",
  "payment_confirmed",
  "shipped",
  "out_for_delivery",
  "delivered",
  "ndr",
  "refund_issued",
  "subscription_upcoming",
  "otp",
  "cod_confirm",
  "cart_reminder",
  "grievance_update",
] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

export const WHATSAPP_CATEGORIES = ["UTILITY", "AUTHENTICATION", "MARKETING"] as const;
export type WhatsAppCategory = (typeof WHATSAPP_CATEGORIES)[number];

/** every value a template's body may carry */
export const WHATSAPP_PARAMS = [
  "customerName",
  "productOrderId",
  "grandTotal",
  "awb",
  "courierName",
  "trackingUrl",
  "deliverBy",
  "otp",
  "cartUrl",
  "refundAmount",
  "ticketNumber",
  "ticketStatus",
  "resolveBy",
] as const;
export type WhatsAppParam = (typeof WHATSAPP_PARAMS)[number];

export const WHATSAPP_LANGUAGES = ["en", "hi"] as const;
export type WhatsAppLanguage = (typeof WHATSAPP_LANGUAGES)[number];

/** the one category Meta approves each kind's template in */
export const WHATSAPP_CATEGORY_OF: Readonly<Record<WhatsAppKind, WhatsAppCategory>> = {
  order_placed: "UTILITY",
  payment_confirmed: "UTILITY",
  shipped: "UTILITY",
  out_for_delivery: "UTILITY",
  delivered: "UTILITY",
  ndr: "UTILITY",
  refund_issued: "UTILITY",
  subscription_upcoming: "UTILITY",
  otp: "AUTHENTICATION",
  cod_confirm: "AUTHENTICATION",
  cart_reminder: "MARKETING",
  grievance_update: "UTILITY",
};

/** the values each kind's event supplies: a template's params are some of these, in the template's order */
export const WHATSAPP_KIND_PARAMS: Readonly<Record<WhatsAppKind, readonly WhatsAppParam[]>> = {
  order_placed: ["customerName", "productOrderId", "grandTotal", "deliverBy"],
  payment_confirmed: ["customerName", "productOrderId", "grandTotal"],
  shipped: ["customerName", "productOrderId", "awb", "courierName", "trackingUrl", "deliverBy"],
  out_for_delivery: ["customerName", "productOrderId", "awb", "courierName", "trackingUrl"],
  delivered: ["customerName", "productOrderId"],
  /** trackingUrl: where the buyer asks for another attempt */
  ndr: ["customerName", "productOrderId", "awb", "courierName", "trackingUrl"],
  refund_issued: ["customerName", "productOrderId", "refundAmount"],
  subscription_upcoming: ["customerName", "productOrderId", "grandTotal", "deliverBy"],
  otp: ["otp"],
  cod_confirm: ["customerName", "otp", "productOrderId", "grandTotal"],
  cart_reminder: ["customerName", "cartUrl"],
  /** issue 31: a complaint's acknowledgement and each move of its status; resolveBy as "26 Dec 2026" */
  grievance_update: ["customerName", "ticketNumber", "ticketStatus", "resolveBy"],
};

/** The buyer asked for these (a code): they need no WhatsApp opt-in. */
export const isAuthenticationKind = (kind: WhatsAppKind): boolean => WHATSAPP_CATEGORY_OF[kind] === "AUTHENTICATION";

export type WhatsAppValues = Partial<Record<WhatsAppParam, string>>;

/** The template's params filled from the event's values, in the template's order ("" for a value the event lacks). */
export const whatsappParamValues = (params: readonly string[], values: WhatsAppValues): string[] => params.map((p) => values[p as WhatsAppParam] ?? "");
