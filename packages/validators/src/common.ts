import { z } from "zod";
import { MAX_LINE_QUANTITY } from "@store/domain";
import { PASSWORD_MIN_LENGTH } from "./constants.ts";

export { MAX_SHELF_PAGE, PAGE_SIZE, SHELF_SIZE } from "./constants.ts";

/** Blank form fields ("" or only spaces) count as missing, so "required" messages show. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * A true/false field. The REST facade (trpc-to-openapi) coerces a plain z.boolean, so "false" or "yes"
 * would become true: "true" and "false" are read as such, anything else is a 400 naming the field.
 */
export const trueOrFalse = (label: string) =>
  z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: `${label} must be true or false` }));

export const requiredText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} is required` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

/** Indian mobile number: digits only, exactly 10 (docs/store-spec.md §5: digits only, at most 10). */
export const phoneNumber = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Phone Number is required" })
    .trim()
    .regex(/^\d*$/, "Phone Number must contain digits only")
    .max(10, "Phone Number must be at most 10 digits")
    .length(10, "Phone Number must be 10 digits"),
);

export const email = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Email is required" })
    .trim()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Enter a valid email address"))
    .transform((v) => v.toLowerCase()),
);

export const pinCode = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Pin Code is required" })
    .trim()
    .regex(/^\d{6}$/, "Pin Code must be 6 digits"),
);

export const newPassword = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(128, "Password must be at most 128 characters"),
);

/** A money amount in rupees, at most 2 decimals (stored as paise). */
export const rupees = (label: string, { min = 0, max = 1_000_000 } = {}) =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .refine((n) => Number.isFinite(n), `${label} must be a number`)
      .min(min, `${label} must be at least ₹${min}`)
      .max(max, `${label} must be at most ₹${max.toLocaleString("en-IN")}`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  );

export const wholeNumber = (label: string, { min = 0, max = 1_000_000 } = {}) =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-IN")}`),
  );

/** An id in a path or body: a positive whole number (strings from a URL are converted). */
export const id = (label = "Id") =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2_147_483_647, `${label} is too large`);

/** Quantity of one line: a whole number from 1 to 100 (business limit for one order line). */
export const lineQuantity = wholeNumber("Quantity", { min: 1, max: MAX_LINE_QUANTITY });

export const pageInput = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page starts at 1").max(100_000).default(1),
  search: z.string().trim().max(100, "Search is at most 100 characters").default(""),
});
