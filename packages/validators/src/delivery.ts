// Delivery (issue 27, contracts/delivery.md): the PIN-code directory and the delivery zones.
import { z } from "zod";
import { GST_STATES, stateCodeOf, whyBadZoneMatch } from "@store/domain";
import { id, pageInput, requiredText, rupees, trueOrFalse, wholeNumber } from "./common.ts";
import { paymentMethodSchema } from "./payments.ts";
import type { ImportRowError } from "./product-import.ts";

// ---------------------------------------------------------------- PIN codes

export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_FORMAT = "Enter a 6-digit PIN code";

/** A PIN code as the lookup takes it: 6 digits, the first 1–9. */
export const pincodeSchema = z.string({ error: PINCODE_FORMAT }).trim().regex(PINCODE_PATTERN, PINCODE_FORMAT);
export const pincodeLookupInput = z.object({ pincode: pincodeSchema });

/** "true"/"false" as a query string sends them; blank or absent: no filter. */
const queryBoolean = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : v === true || v === "true" ? true : v === false || v === "false" ? false : v),
    z.boolean({ error: `${label} must be true or false` }).optional(),
  );

/** GET /shipping/pincodes: 20 a page; search by PIN-code prefix, or by city or district name. */
export const pincodeListInput = pageInput.extend({
  search: z.string().trim().max(80, "Search is at most 80 characters").default(""),
  serviceable: queryBoolean("serviceable"),
});
export type PincodeListInput = z.infer<typeof pincodeListInput>;

/** A courier's list: at most this many rows, and this many bytes (~40 bytes a row). */
export const MAX_PINCODE_ROWS = 200_000;
export const MAX_PINCODE_IMPORT_BYTES = 16 * 1024 * 1024;
export const pincodeImportInput = z.object({
  csv: z.string({ error: "Send the CSV file in the field 'file'" }).min(1, "The file is empty").max(MAX_PINCODE_IMPORT_BYTES, "The file must be at most 16 MB"),
  dryRun: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()).default(false),
});

export const PINCODE_IMPORT_COLUMNS = ["pincode", "city", "district", "state", "serviceable", "cod", "etaDays"] as const;
const PINCODE_REQUIRED = ["pincode", "city", "state", "serviceable", "cod"];

/** What is wrong with a courier list's header row, or undefined. */
export function pincodeHeaderProblem(columns: string[]): string | undefined {
  const unknown = columns.filter((c) => !(PINCODE_IMPORT_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0)
    return `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `'${c}'`).join(", ")}. Columns: ${PINCODE_IMPORT_COLUMNS.join(", ")}.`;
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated) return `The column '${repeated}' appears twice.`;
  const missing = PINCODE_REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) return `The header row must name the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`;
  return undefined;
}

export interface PincodeImportRow {
  line: number;
  pincode: string;
  city: string;
  district: string;
  stateCode: string;
  stateName: string;
  serviceable: boolean;
  cod: boolean;
  etaDays: number | null;
}

const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);

const stateCells = new Map<string, string | null>();
/** A state by name ("Maharashtra", "Orissa") or GST code ("27", or "7" as a spreadsheet drops the zero): its code, or null. */
export function stateOfCell(text: string): string | null {
  const cell = text.trim();
  // a courier's file names a few dozen states 200,000 times
  const known = stateCells.get(cell);
  if (known !== undefined) return known;
  let code: string | null;
  if (/^\d{1,2}$/.test(cell)) code = GST_STATES[cell.padStart(2, "0")] ? cell.padStart(2, "0") : null;
  else code = cell ? stateCodeOf(cell) : null;
  if (stateCells.size < 1000) stateCells.set(cell, code);
  return code;
}

/**
 * One record of a courier list (column -> cell text) as a row, or its errors. Written by hand rather
 * than with zod: 200,000 rows are checked in well under a second this way.
 */
export function checkPincodeRecord(record: Record<string, string | undefined>, line: number): { row?: PincodeImportRow; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const err = (field: string, message: string) => errors.push({ line, field, message });
  const cell = (key: string) => (record[key] ?? "").trim();
  const pincode = cell("pincode");
  if (!PINCODE_PATTERN.test(pincode)) err("pincode", pincode ? `${PINCODE_FORMAT} (not ${pincode.slice(0, 12)})` : "PIN code is required");
  const city = cell("city").replace(/\s+/g, " ");
  if (!city) err("city", "City is required");
  else if (city.length > 80) err("city", "City is at most 80 characters");
  const district = cell("district").replace(/\s+/g, " ") || city;
  if (district.length > 80) err("district", "District is at most 80 characters");
  const stateCell = cell("state");
  const stateCode = stateOfCell(stateCell);
  if (!stateCell) err("state", "State is required");
  else if (!stateCode) err("state", `Unknown state '${stateCell.slice(0, 40)}': write its name (Maharashtra) or GST code (27)`);
  const flag = (key: string, label: string) => {
    const text = cell(key).toLowerCase();
    if (YES.has(text)) return true;
    if (NO.has(text)) return false;
    err(key, `${label} must be true or false (yes/no, 1/0)`);
    return false;
  };
  const serviceable = flag("serviceable", "Serviceable");
  const cod = flag("cod", "COD");
  const etaText = cell("etaDays");
  let etaDays: number | null = null;
  if (etaText !== "") {
    etaDays = Number(etaText);
    if (!/^\d+$/.test(etaText) || etaDays > 30) err("etaDays", "etaDays must be a whole number of days from 0 to 30 (or blank)");
  }
  if (errors.length > 0) return { errors };
  return { row: { line, pincode, city, district, stateCode: stateCode!, stateName: GST_STATES[stateCode!]!, serviceable, cod, etaDays }, errors };
}

// ---------------------------------------------------------------- delivery zones (issue 27)
// The owner's zones: a match list of PIN-code prefixes and GST state codes (empty = the default
// zone), a fee per order, the ETA and whether cash on delivery is offered. The preview and the
// storefront's serviceability check take a PIN code and, for the latter, the cart's value.

/** a zone's match holds at most this many entries (the row keeps them as text, 4000 characters) */
export const MAX_ZONE_ENTRIES = 500;

const zoneMatch = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v.split(/[\s,]+/).filter(Boolean)
      : Array.isArray(v)
        ? (v as unknown[]).map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "")
        : v,
  z
    .array(z.string({ error: "Each entry must be a PIN-code prefix or a GST state code" }), {
      error: "Match must be a list of PIN-code prefixes (1 to 6 digits) and GST state codes",
    })
    .max(MAX_ZONE_ENTRIES, `A zone matches at most ${MAX_ZONE_ENTRIES} prefixes and states`)
    .superRefine((list, ctx) => {
      const problem = whyBadZoneMatch(list);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((list) => [...new Set(list)]),
);

export const ZONE_ETA_DAYS = { min: 1, max: 15 } as const;

export const zoneFields = {
  name: requiredText("Name", 60),
  /** PIN-code prefixes ("400", "4000") and GST state codes ("27"); empty: the default zone */
  match: zoneMatch,
  /** rupees per order */
  fee: rupees("Fee", { max: 100_000 }),
  etaDaysMin: wholeNumber("Fastest delivery (days)", ZONE_ETA_DAYS),
  etaDaysMax: wholeNumber("Slowest delivery (days)", ZONE_ETA_DAYS),
  codAllowed: trueOrFalse("Cash on delivery"),
  position: wholeNumber("Position", { min: 0, max: 100_000 }),
};

export const ZONE_ETA_ORDER = "The slowest delivery cannot be faster than the fastest";
const etaInOrder = (v: { etaDaysMin?: number; etaDaysMax?: number }, ctx: z.RefinementCtx) => {
  if (v.etaDaysMin !== undefined && v.etaDaysMax !== undefined && v.etaDaysMin > v.etaDaysMax)
    ctx.addIssue({ code: "custom", path: ["etaDaysMax"], message: ZONE_ETA_ORDER });
};

export const zoneCreateSchema = z
  .object({ ...zoneFields, match: zoneFields.match.default([]), codAllowed: zoneFields.codAllowed.default(true), position: zoneFields.position.optional() })
  .superRefine(etaInOrder);
export type ZoneCreate = z.infer<typeof zoneCreateSchema>;

/** a partial update: fields left out keep their value (the use case checks the ETA against the stored other) */
export const zoneUpdateSchema = z.object({ zoneId: id("Zone id"), ...z.object(zoneFields).partial().shape }).superRefine(etaInOrder);
export type ZoneUpdate = z.infer<typeof zoneUpdateSchema>;

export const zoneIdInput = z.object({ zoneId: id("Zone id") });

/** the owner's preview: which zone serves a PIN code, at what fee and when */
export const zonePreviewInput = z.object({ pincode: pincodeSchema });

/** GET /serviceability: a PIN code, and optionally how the shopper pays and the items' value (rupees, before any coupon) */
export const serviceabilityInput = z.object({
  pincode: pincodeSchema,
  paymentMethod: z.preprocess((v) => (v === "" ? undefined : v), paymentMethodSchema.optional()),
  itemsTotal: z.preprocess((v) => (v === "" ? undefined : v), rupees("itemsTotal", { max: 100_000_000 }).optional()),
});
export type ServiceabilityInput = z.infer<typeof serviceabilityInput>;
