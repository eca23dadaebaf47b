import { GST_RATES } from "@store/domain";
import { SettingsSection, type SettingField, type Settings } from "./SettingsSection";

/** A section of the Settings screen (issue 24): its own form and Save, sending only its fields. */
export interface SettingsCardSpec {
  title: string;
  intro?: string;
  fields: SettingField[];
  saveLabel: string;
}

/** The seller's identity printed on invoices and shown on the contact and about pages. */
const STORE: SettingsCardSpec = {
  title: "GST and seller",
  intro: "Who sells: printed on every tax invoice and credit note, and shown on the contact and about pages.",
  fields: [
    { name: "sellerLegalName", label: "Seller legal name" },
    { name: "sellerAddress", label: "Seller address" },
    { name: "sellerGstin", label: "Seller GSTIN", hint: "15 characters; its first two digits are the seller's state." },
    { name: "grievanceOfficerName", label: "Grievance officer name" },
    { name: "grievanceOfficerDesignation", label: "Grievance officer designation" },
    { name: "grievanceOfficerEmail", label: "Grievance officer email", inputMode: "email" },
    { name: "grievanceOfficerPhone", label: "Grievance officer phone", inputMode: "tel" },
    { name: "customerCareEmail", label: "Customer care email", inputMode: "email" },
    { name: "customerCarePhone", label: "Customer care phone", inputMode: "tel" },
  ],
  saveLabel: "Save GST settings",
};

const INVOICES: SettingsCardSpec = {
  title: "Invoices and product defaults",
  intro: "How invoices and credit notes are numbered, and what a new product starts with.",
  fields: [
    { name: "invoicePrefix", label: "Invoice number prefix", hint: "Up to 6 letters or digits, e.g. CS → CS/2026-27/00001." },
    { name: "creditNotePrefix", label: "Credit note prefix" },
    { name: "hsnDigits", label: "HSN digits printed", kind: "select", options: [4, 6] },
    { name: "defaultHsnCode", label: "Default HSN code", inputMode: "numeric" },
    { name: "defaultGstRate", label: "Default GST rate (%)", kind: "select", options: GST_RATES },
    { name: "defaultCountryOfOrigin", label: "Default country of origin" },
    { name: "defaultManufacturer", label: "Default manufacturer" },
  ],
  saveLabel: "Save invoice settings",
};

const PAYMENTS: SettingsCardSpec = {
  title: "Payments",
  intro: "Cash on delivery, the shop's UPI ID and free delivery.",
  fields: [
    { name: "codEnabled", label: "Offer cash on delivery", kind: "checkbox" },
    { name: "codFee", label: "COD fee (₹)", inputMode: "decimal", hint: "Added to every cash-on-delivery order as its own line. 0 for none." },
    { name: "codMaxOrderValue", label: "Largest COD order (₹)", inputMode: "decimal", hint: "Above it the shopper must pay online. Empty: no limit." },
    { name: "codBlockedPinCodes", label: "Pin codes without COD", kind: "list", hint: "6-digit pin codes, separated by commas or spaces." },
    { name: "upiVpa", label: "UPI ID of the shop", hint: "handle@bank, e.g. cleanstore@okicici. Empty: UPI is not offered." },
    { name: "upiPayeeName", label: "UPI payee name" },
    { name: "upiExpiryHours", label: "Hours to pay a UPI order", inputMode: "numeric", hint: "Unpaid UPI orders are cancelled and restocked after this." },
    {
      name: "freeDeliveryAbove",
      label: "Free delivery above (₹)",
      inputMode: "decimal",
      hint: "Delivery is free when the items come to this much, before any coupon. Empty: never.",
    },
  ],
  saveLabel: "Save payment settings",
};

/** Where parcels leave from and on which days (issue 27): the delivery dates shown and promised follow them. */
const DISPATCH: SettingsCardSpec = {
  title: "Dispatch",
  intro: "Where parcels leave from and when. The delivery dates shoppers see count working days from dispatch.",
  fields: [
    { name: "dispatchPincode", label: "Dispatch PIN code", inputMode: "numeric", hint: "The PIN code parcels leave from. Empty: not set." },
    { name: "dispatchCutoff", label: "Dispatch cut-off (IST)", hint: "24-hour time, e.g. 14:00. An order after it counts from the next working day." },
    {
      name: "nonWorkingDays",
      label: "Non-working days",
      kind: "list",
      hint: "Weekdays (SUN, SAT) and holidays as dates (2026-01-26), separated by commas or spaces. No dispatch or delivery on them.",
    },
  ],
  saveLabel: "Save dispatch settings",
};

const ORDER_LIMITS: SettingsCardSpec = {
  title: "Order limits",
  intro: "What one customer may order, so that nobody hoards stock. A shopper buying as people do never meets them.",
  fields: [
    { name: "maxOpenUnpaidOrders", label: "Open unpaid orders per customer", inputMode: "numeric" },
    { name: "maxOrdersPerHour", label: "Orders per customer an hour", inputMode: "numeric" },
    {
      name: "maxUnitsPerProductPerOrder",
      label: "Units of a product per unpaid order",
      inputMode: "numeric",
      hint: "The most of one product a cash-on-delivery or UPI order may hold; more must be paid online.",
    },
  ],
  saveLabel: "Save order limits",
};

const STOCK: SettingsCardSpec = {
  title: "Stock",
  fields: [
    {
      name: "lowStockThreshold",
      label: "Low-stock threshold (packs)",
      inputMode: "numeric",
      hint: "The dashboard lists products with this many packs or fewer.",
    },
  ],
  saveLabel: "Save stock settings",
};

const SEARCH: SettingsCardSpec = {
  title: "Search",
  intro: "Shoppers' searches also look for these words. Misspellings are found without a list.",
  fields: [
    {
      name: "searchSynonyms",
      label: "Search synonyms",
      kind: "lines",
      hint: "One group a line. “phenyl, fenyl”: each word also finds the others. “pocha => mop”: a search for pocha also finds mops (not the reverse).",
    },
  ],
  saveLabel: "Save search synonyms",
};

/** Checkout for everyone (issue 29): guest checkout, and cash on delivery confirmed by an OTP; WhatsApp order messages (issue 30). */
const CHECKOUT: SettingsCardSpec = {
  title: "Guest checkout and COD confirmation",
  intro:
    "Who may order without an account, how a cash-on-delivery order is confirmed before it ships, and whether order updates go out on WhatsApp (to customers who ticked the box, with the templates under SMS Templates; needs the WhatsApp Cloud API set up).",
  fields: [
    { name: "guestCheckoutEnabled", label: "Offer guest checkout", kind: "checkbox" },
    { name: "guestCodNeedsOtp", label: "Guests paying cash on delivery confirm their phone with an OTP", kind: "checkbox" },
    {
      name: "codConfirmation",
      label: "COD confirmation",
      kind: "select",
      options: ["off", "otp"],
      hint: "otp: a new cash-on-delivery order waits until the buyer enters the code sent by SMS. Needs SMS set up.",
    },
    { name: "codConfirmHours", label: "Hours to confirm a COD order", inputMode: "numeric", hint: "An order still unconfirmed after this is cancelled." },
    { name: "whatsappEnabled", label: "WhatsApp messages", kind: "checkbox" },
    // issue 31: on, a review needs a delivered, not returned pack of the product (Verified purchase)
    {
      name: "reviewsRequirePurchase",
      label: "Reviews only from buyers",
      kind: "checkbox",
      hint: "On: only a customer with a delivered, not returned pack of a product may review it.",
    },
  ],
  saveLabel: "Save checkout settings",
};

/** The store's settings sections, in the screen's order (the default delivery charge and the password have their own forms). */
export const SETTINGS_SECTIONS = { STORE, INVOICES, PAYMENTS, CHECKOUT, DISPATCH, ORDER_LIMITS, STOCK, SEARCH } as const;

/** One section of store settings, read from the one settings answer. */
export function SettingsCard({ spec, settings }: { spec: SettingsCardSpec; settings: Settings }) {
  return <SettingsSection title={spec.title} intro={spec.intro} fields={spec.fields} settings={settings} saveLabel={spec.saveLabel} />;
}
