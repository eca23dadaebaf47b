// A product CSV (issue 17), row by row, with the product form's own schemas: used by the import
// procedure and, for progress and early errors, by the import screen. Parsing the CSV text is each
// side's (csv-parse's Node and browser builds); this checks the parsed records.
import { z } from "zod";
import { PRODUCT_CATEGORIES, productCreateSchema, productUpdateSchema, type ProductCreate, type ProductUpdate } from "./products.ts";
import { id, requiredText } from "./common.ts";
import { variantCreateSchema, variantUpdateSchema, type VariantCreate, type VariantUpdate } from "./variants.ts";

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
/**
 * The product CSV of packs (issue 25, contracts/packs.md), one row per pack: the export's columns, and
 * what the import takes. A row with variantId changes that pack (blank cells keep their value; a
 * productName or category sent renames or moves its product); with a productId and no variantId it adds
 * a pack to that product; with neither it creates a product with that pack, rows of the same new
 * productName going to the same new product.
 */
export const PACK_IMPORT_COLUMNS = [
  "productId",
  "productName",
  "category",
  "variantId",
  "sku",
  "label",
  "netQuantity",
  "netUnit",
  "mrp",
  "price",
  "stock",
  "hsnCode",
  "gstRate",
  "weightGrams",
  "active",
] as const;
const PACK_KNOWN = new Set<string>(PACK_IMPORT_COLUMNS);
/** a header of packs (rather than the older one row a product, still taken): it names variantId or sku */
export const isPackHeader = (columns: string[]) => columns.includes("variantId") || columns.includes("sku");

export type ImportRow = { line: number } & (
  | { action: "create"; data: ProductCreate }
  | { action: "update"; productId: number; data: ProductUpdate }
  /** a pack file's row: change the pack; productName/category, when sent, change its product */
  | { action: "updatePack"; variantId: number; productId?: number; product: { productName?: string; category?: string }; data: VariantUpdate }
  /** a pack file's row: a new pack of an existing product */
  | { action: "addPack"; productId: number; data: VariantCreate }
  /** a pack file's row: a new product (one per productName in the file) with this pack */
  | { action: "createWithPack"; product: { productName: string; category?: string }; data: VariantCreate }
);

const productNameCell = requiredText("Product Name", 120);
const categoryCell = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(PRODUCT_CATEGORIES, { error: `Category must be one of: ${PRODUCT_CATEGORIES.join(", ")}` }).optional(),
);

/** What is wrong with the header row, or undefined. */
export function headerProblem(columns: string[]): string | undefined {
  if (isPackHeader(columns)) {
    const unknown = columns.filter((c) => !PACK_KNOWN.has(c));
    if (unknown.length > 0)
      return `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `'${c}'`).join(", ")}. Columns: ${PACK_IMPORT_COLUMNS.join(", ")}.`;
    const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
    if (repeated) return `The column '${repeated}' appears twice.`;
    return undefined;
  }
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
  if (isPackHeader(Object.keys(record))) return checkPackRecord(record, line);
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

const idCell = (record: Record<string, string>, key: "productId" | "variantId", line: number) => {
  const text = (record[key] ?? "").trim();
  if (text === "") return { value: undefined, errors: [] };
  const parsed = id(key).safeParse(text);
  return parsed.success ? { value: parsed.data, errors: [] } : { value: undefined, errors: issuesOf(parsed.error, line).map((e) => ({ ...e, field: key })) };
};

/** One row of a pack file (PACK_IMPORT_COLUMNS) as a pack change, a pack added to a product, or a new product's pack. */
function checkPackRecord(record: Record<string, string>, line: number): { row?: ImportRow; errors: ImportRowError[] } {
  const productId = idCell(record, "productId", line);
  const variantId = idCell(record, "variantId", line);
  if (productId.errors.length || variantId.errors.length) return { errors: [...productId.errors, ...variantId.errors] };
  const { productId: _p, variantId: _v, productName, category, ...packCells } = record;
  if (variantId.value !== undefined) {
    const sent = Object.fromEntries(Object.entries(packCells).filter(([, value]) => value.trim() !== ""));
    const pack = variantUpdateSchema.safeParse(sent);
    const name = (productName ?? "").trim() === "" ? { success: true as const, data: undefined } : productNameCell.safeParse(productName);
    const cat = categoryCell.safeParse(category ?? "");
    const errors = [
      ...(name.success ? [] : issuesOf(name.error, line).map((e) => ({ ...e, field: "productName" }))),
      ...(cat.success ? [] : issuesOf(cat.error, line).map((e) => ({ ...e, field: "category" }))),
      ...(pack.success ? [] : issuesOf(pack.error, line)),
    ];
    if (errors.length || !pack.success || !name.success || !cat.success) return { errors };
    return {
      row: {
        line,
        action: "updatePack",
        variantId: variantId.value,
        productId: productId.value,
        product: { productName: name.data, category: cat.data },
        data: pack.data,
      },
      errors: [],
    };
  }
  const pack = variantCreateSchema.safeParse(packCells);
  if (productId.value !== undefined) {
    return pack.success
      ? { row: { line, action: "addPack", productId: productId.value, data: pack.data }, errors: [] }
      : { errors: issuesOf(pack.error, line) };
  }
  const name = productNameCell.safeParse(productName);
  const cat = categoryCell.safeParse(category ?? "");
  const errors = [
    ...(name.success ? [] : issuesOf(name.error, line).map((e) => ({ ...e, field: "productName" }))),
    ...(cat.success ? [] : issuesOf(cat.error, line).map((e) => ({ ...e, field: "category" }))),
    ...(pack.success ? [] : issuesOf(pack.error, line)),
  ];
  if (errors.length || !pack.success || !name.success || !cat.success) return { errors };
  return { row: { line, action: "createWithPack", product: { productName: name.data, category: cat.data }, data: pack.data }, errors: [] };
}
