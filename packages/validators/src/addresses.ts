// The address book (issue 29, contracts/guest-and-addresses.md): an address's fields when it is added,
// and the same fields, each optional, when it is changed.
import { z } from "zod";
import { pinCode, requiredText } from "./common.ts";
import { customerGstinSchema } from "./customers.ts";

export const ADDRESS_LABELS = ["Home", "Work", "Other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/** The recipient's mobile number, for the courier's calls and SMS: 10 digits starting 6 to 9. */
const addressPhone = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string({ error: "Phone Number is required" })
    .trim()
    .regex(/^[6-9]\d{9}$/, "Enter a 10-digit mobile number starting with 6, 7, 8 or 9"),
);

// one line of text: a line break or bidi control in a name would garble the label and the invoice
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const oneLine = (label: string, max: number) =>
  requiredText(label, max).refine((v) => !CONTROL_CHARACTERS.test(v), `${label} may not contain line breaks or control characters`);

/** "" or null clears an optional field (on a change, left out keeps it). */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

const label = z.enum(ADDRESS_LABELS, { error: "Label must be Home, Work or Other" });

const fields = {
  name: oneLine("Name", 121),
  phone: addressPhone,
  houseNo: oneLine("House Number", 100),
  areaAddress: oneLine("Area Address", 200),
  city: oneLine("City", 80),
  pinCode,
  state: oneLine("State", 80),
};

const optionalFields = {
  landmark: clearable(z.string().trim().max(120, "Landmark must be at most 120 characters")).optional(),
  /** a business buyer's GSTIN for invoices to this address; "" or null: none */
  gstin: clearable(customerGstinSchema).optional(),
};

/** POST /customers/me/addresses; label left out: Home. */
export const addressCreateSchema = z.object({ label: label.optional(), ...fields, ...optionalFields });
export type AddressCreate = z.infer<typeof addressCreateSchema>;

/** POST /customers/me/addresses/{addressId}: only the fields sent change. */
export const addressUpdateSchema = z.object({
  label: label.optional(),
  name: fields.name.optional(),
  phone: fields.phone.optional(),
  houseNo: fields.houseNo.optional(),
  areaAddress: fields.areaAddress.optional(),
  city: fields.city.optional(),
  pinCode: fields.pinCode.optional(),
  state: fields.state.optional(),
  ...optionalFields,
});
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;
