// A product CSV (issue 17), row by row, with the product form's own schemas: used by the import
// procedure and, for progress and early errors, by the import screen. Parsing the CSV text is each
// side's (csv-parse's Node and browser builds); this checks the parsed records.
import type { z } from "zod";
import { productCreateSchema, productUpdateSchema, type ProductCreate, type ProductUpdate } from "./products.ts";
import { id } from "./common.ts";

/** The columns a product CSV may have (the product form's fields; images are added on the form). */
export const IMPORT_COLUMNS = [
  "productId",
  "productName",
  "productPrice",
  "mainPrice",
  "offer",
  "packSize",
  "productInfo",
  "category",
  "deliveryCharge",
  "quantity",
  "hsnCode",
  "gstRate",
  "countryOfOrigin",
  "manufacturer",
] as const;
const KNOWN = new Set<string>(IMPORT_COLUMNS);

export interface ImportRowError {
  /** the line of the file (the header is line 1) */
  line: number;
  field: string;
  message: string;
}
export type ImportRow = { line: number } & ({ action: "create"; data: ProductCreate } | { action: "update"; productId: number; data: ProductUpdate });

/** What is wrong with the header row, or undefined. */
export function headerProblem(columns: string[]): string | undefined {
  const unknown = columns.filter((c) => !KNOWN.has(c));
  if (unknown.length > 0)
    return `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `'${c}'`).join(", ")}. Columns: ${IMPORT_COLUMNS.join(", ")}.`;
  if (!columns.includes("productName")) return "The header row must name the columns, productName among them.";
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated) return `The column '${repeated}' appears twice.`;
  return undefined;
}

const issuesOf = (error: z.ZodError, line: number): ImportRowError[] =>
  error.issues.map((issue) => ({ line, field: issue.path.join(".") || "row", message: issue.message }));

/**
 * One record (column -> cell text) as a create or an update: a row with a productId updates that
 * product, where a blank cell keeps the value; any other row creates one.
 */
export function checkImportRecord(record: Record<string, string>, line: number): { row?: ImportRow; errors: ImportRowError[] } {
  const productIdText = (record.productId ?? "").trim();
  if (productIdText === "") {
    const { productId: _none, ...fields } = record;
    const parsed = productCreateSchema.safeParse(fields);
    return parsed.success ? { row: { line, action: "create", data: parsed.data }, errors: [] } : { errors: issuesOf(parsed.error, line) };
  }
  const productId = id("productId").safeParse(productIdText);
  if (!productId.success) return { errors: issuesOf(productId.error, line).map((e) => ({ ...e, field: "productId" })) };
  const sent = Object.fromEntries(Object.entries(record).filter(([key, value]) => key !== "productId" && value.trim() !== ""));
  const parsed = productUpdateSchema.safeParse(sent);
  return parsed.success
    ? { row: { line, action: "update", productId: productId.data, data: parsed.data }, errors: [] }
    : { errors: issuesOf(parsed.error, line) };
}
