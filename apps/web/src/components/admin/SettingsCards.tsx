import { GST_RATES } from "@store/domain";
import { trpc } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { SettingsSection, type SettingField } from "./SettingsSection";

const PAYMENT_FIELDS: SettingField[] = [
  { name: "codEnabled", label: "Offer cash on delivery", kind: "checkbox" },
  { name: "codFee", label: "COD fee (₹)", inputMode: "decimal", hint: "Added to every cash-on-delivery order as its own line. 0 for none." },
  { name: "codMaxOrderValue", label: "Largest COD order (₹)", inputMode: "decimal", hint: "Above it the shopper must pay online. Empty: no limit." },
  { name: "codBlockedPinCodes", label: "Pin codes without COD", kind: "list", hint: "6-digit pin codes, separated by commas or spaces." },
  {
    name: "maxUnitsPerProductPerOrder",
    label: "Units of a product per unpaid order",
    inputMode: "numeric",
    hint: "The most of one product a cash-on-delivery or UPI order may hold; more must be paid online.",
  },
  { name: "upiVpa", label: "UPI ID of the shop", hint: "handle@bank, e.g. cleanstore@okicici. Empty: UPI is not offered." },
  { name: "upiPayeeName", label: "UPI payee name" },
  { name: "upiExpiryHours", label: "Hours to pay a UPI order", inputMode: "numeric", hint: "Unpaid UPI orders are cancelled and restocked after this." },
];

const GST_FIELDS: SettingField[] = [
  { name: "sellerLegalName", label: "Seller legal name" },
  { name: "sellerAddress", label: "Seller address" },
  { name: "sellerGstin", label: "Seller GSTIN", hint: "15 characters; its first two digits are the seller's state." },
  { name: "invoicePrefix", label: "Invoice number prefix", hint: "Up to 6 letters or digits, e.g. CS → CS/2026-27/00001." },
  { name: "creditNotePrefix", label: "Credit note prefix" },
  { name: "hsnDigits", label: "HSN digits printed", kind: "select", options: [4, 6] },
  { name: "defaultHsnCode", label: "Default HSN code", inputMode: "numeric" },
  { name: "defaultGstRate", label: "Default GST rate (%)", kind: "select", options: GST_RATES },
  { name: "defaultCountryOfOrigin", label: "Default country of origin" },
  { name: "defaultManufacturer", label: "Default manufacturer" },
  { name: "grievanceOfficerName", label: "Grievance officer name" },
  { name: "grievanceOfficerDesignation", label: "Grievance officer designation" },
  { name: "grievanceOfficerEmail", label: "Grievance officer email", inputMode: "email" },
  { name: "grievanceOfficerPhone", label: "Grievance officer phone", inputMode: "tel" },
  { name: "customerCareEmail", label: "Customer care email", inputMode: "email" },
  { name: "customerCarePhone", label: "Customer care phone", inputMode: "tel" },
];

/** Settings → Payments: cash on delivery rules and the shop's UPI ID. */
export function PaymentSettingsCard() {
  const query = trpc.settings.get.useQuery();
  return (
    <QueryState query={query}>{(s) => <SettingsSection title="Payments" fields={PAYMENT_FIELDS} settings={s} saveLabel="Save payment settings" />}</QueryState>
  );
}

/** Settings → GST and seller: what the tax invoices and the storefront's legal pages show. */
export function GstSettingsCard() {
  const query = trpc.settings.get.useQuery();
  return (
    <QueryState query={query}>
      {(s) => (
        <SettingsSection
          title="GST and seller"
          intro="Printed on every tax invoice and credit note, and shown on the contact and about pages."
          fields={GST_FIELDS}
          settings={s}
          saveLabel="Save GST settings"
        />
      )}
    </QueryState>
  );
}

const SEARCH_FIELDS: SettingField[] = [
  {
    name: "searchSynonyms",
    label: "Search synonyms",
    kind: "lines",
    hint: "One group a line. “phenyl, fenyl”: each word also finds the others. “pocha => mop”: a search for pocha also finds mops (not the reverse).",
  },
];

/** Settings → Search: the synonym list of the storefront search (issue 18). */
export function SearchSettingsCard() {
  const query = trpc.settings.get.useQuery();
  return (
    <QueryState query={query}>
      {(s) => (
        <SettingsSection
          title="Search"
          intro="Shoppers' searches also look for these words. Misspellings are found without a list."
          fields={SEARCH_FIELDS}
          settings={s}
          saveLabel="Save search synonyms"
        />
      )}
    </QueryState>
  );
}
