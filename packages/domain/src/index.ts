// The store's business rules that need no database: imported by the procedures (packages/api) and
// by the web app alike, so a rule is written once.
export * from "./statuses.ts";
export * from "./order-lifecycle.ts";
export * from "./returns.ts";
export * from "./money.ts";
export * from "./totals.ts";
export * from "./cart.ts";
export * from "./delivery.ts";
export * from "./payments.ts";
export * from "./upi.ts";
export * from "./gst.ts";
export * from "./amount-in-words.ts";
export * from "./document-links.ts";
export * from "./unit-price.ts";
export * from "./pack-name.ts";
export * from "./ist.ts";
export * from "./audit-diff.ts";
export * from "./storefront-links.ts";
export * from "./offers.ts";
export * from "./deliver-by.ts";
export * from "./zone-match.ts";
export * from "./shipment-status.ts";
export * from "./eway-bill.ts";
export * from "./courier-links.ts";
export * from "./message-kinds.ts";
export * from "./whatsapp-kinds.ts";
export * from "./whatsapp-delivery.ts";
