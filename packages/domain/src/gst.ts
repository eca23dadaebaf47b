// GST facts and maths (../shared/INDIA.md "GST tax invoice"): state codes, the GSTIN check
// character, the financial year, invoice numbers and the tax inside a GST-inclusive amount.

/** GST state and union-territory codes (the first two digits of a GSTIN). */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

// old names, and the two-letter abbreviations people write for a state (vehicle registration and ISO 3166-2:IN)
const ALIASES: Record<string, string> = {
  orissa: "21",
  pondicherry: "34",
  "new delhi": "07",
  "nct of delhi": "07",
  "j&k": "01",
  "jammu & kashmir": "01",
  ...Object.fromEntries(
    Object.entries({
      "01": ["jk"],
      "02": ["hp"],
      "03": ["pb"],
      "04": ["ch"],
      "05": ["uk", "ut"],
      "06": ["hr"],
      "07": ["dl"],
      "08": ["rj"],
      "09": ["up"],
      "10": ["br"],
      "11": ["sk"],
      "12": ["ar"],
      "13": ["nl"],
      "14": ["mn"],
      "15": ["mz"],
      "16": ["tr"],
      "17": ["ml"],
      "18": ["as"],
      "19": ["wb"],
      "20": ["jh"],
      "21": ["od", "or"],
      "22": ["cg", "ct"],
      "23": ["mp"],
      "24": ["gj"],
      "26": ["dd", "dn", "dh"],
      "27": ["mh"],
      "29": ["ka"],
      "30": ["ga"],
      "31": ["ld"],
      "32": ["kl"],
      "33": ["tn"],
      "34": ["py"],
      "35": ["an"],
      "36": ["ts", "tg"],
      "37": ["ap"],
      "38": ["la"],
    }).flatMap(([code, short]) => short.map((abbreviation) => [abbreviation, code])),
  ),
};
const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ").replace(/&/g, "and");

/** The GST state code of a state's name as a customer typed it ("tamil nadu", "Orissa"), or null. */
export function stateCodeOf(name: string): string | null {
  const wanted = normal(name);
  const alias = ALIASES[name.trim().toLowerCase()] ?? ALIASES[wanted];
  if (alias) return alias;
  for (const [code, state] of Object.entries(GST_STATES)) if (normal(state) === wanted) return code;
  return null;
}

/** "Maharashtra (27)" as an invoice prints a state. */
export const stateLabel = (code: string): string => `${GST_STATES[code] ?? "Unknown state"} (${code})`;

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? "");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? "";
}

const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Why the text is not a valid GSTIN, in words a person understands, or null when it is one. */
export function whyInvalidGstin(text: string): string | null {
  const gstin = text.trim().toUpperCase();
  if (gstin.length !== 15) return "A GSTIN has 15 characters.";
  const shape = GSTIN_SHAPE.exec(gstin);
  if (!shape) return "A GSTIN is a 2-digit state code, a 10-character PAN, an entity number, Z and a check character (e.g. 27AAPFU0939F1ZV).";
  if (!GST_STATES[shape[1] ?? ""]) return `A GSTIN starts with a state code; ${shape[1]} is not one.`;
  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) return `The GSTIN's check character is wrong (the last character should be ${expected}): please check for a typing mistake.`;
  return null;
}

/** The Indian financial year (1 April – 31 March, India time) of a moment: "2026-27". */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Rule 46: a document number is at most 16 characters. */
export const MAX_DOCUMENT_NUMBER = 16;

/**
 * `<prefix>/<financial year>/<serial>`, e.g. CS/2026-27/00123: the serial is zero-padded to fill
 * the 16 characters (at most 6 digits); with a prefix too long for that the year is written short
 * (CLEAN/26-27/0042). Null when the serial no longer fits: the series needs a shorter prefix.
 */
export function documentNumber(prefix: string, fy: string, serial: number): string | null {
  for (const year of [fy, fy.slice(2)]) {
    const room = MAX_DOCUMENT_NUMBER - prefix.length - year.length - 2;
    const digits = String(serial);
    if (room >= Math.max(4, digits.length) || (year !== fy && room >= digits.length)) {
      return `${prefix}/${year}/${digits.padStart(Math.min(room, 6), "0")}`;
    }
  }
  return null;
}

export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export interface LineTax {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * The tax inside a GST-inclusive amount (paise), per line: taxable = amount × 100 / (100 + rate).
 * Within the seller's state CGST and SGST are each computed once, rounded to the paisa, and are
 * equal; the odd paisa of an odd total tax therefore stays in the taxable value. Always
 * taxable + tax = amount exactly.
 */
export function taxOfInclusiveAmount(amountPaise: number, ratePercent: number, interState: boolean): LineTax {
  if (!Number.isInteger(amountPaise) || amountPaise < 0) throw new RangeError("An amount is a whole, non-negative number of paise");
  if (interState) {
    const igst = Math.round((amountPaise * ratePercent) / (100 + ratePercent));
    return { taxable: amountPaise - igst, cgst: 0, sgst: 0, igst };
  }
  const half = Math.round((amountPaise * ratePercent) / (2 * (100 + ratePercent)));
  return { taxable: amountPaise - 2 * half, cgst: half, sgst: half, igst: 0 };
}
