// The product CSV of packs (issue 25, contracts/packs.md): the export has one row per pack, and the
// import takes the same columns: a row with variantId changes that pack, one with productId adds a
// pack, one with neither creates a product (rows of one new productName make one product). All or nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACK_IMPORT_COLUMNS } from "@store/validators";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { exportInfo, exportRows } from "./exports.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const HEADER = PACK_IMPORT_COLUMNS.join(",");
type Cells = Partial<Record<(typeof PACK_IMPORT_COLUMNS)[number], string | number>>;
const line = (cells: Cells) => PACK_IMPORT_COLUMNS.map((c) => String(cells[c] ?? "")).join(",");
const csvOf = (rows: Cells[]) => [HEADER, ...rows.map(line)].join("\n") + "\n";
const pack = (sku: string, cells: Cells = {}): Cells => ({ sku, label: "500 ml", netQuantity: 500, netUnit: "ml", mrp: 120, price: 99, stock: 10, ...cells });

async function exported(search: string) {
  const rows: Record<string, string | number | boolean | Date | null>[] = [];
  for await (const r of exportRows(env.handle.db, { kind: "products", search } as Parameters<typeof exportRows>[1])) rows.push(r);
  return rows;
}

describe("the product export", () => {
  it("has one row per pack with exactly the contract's columns", async () => {
    const productId = await env.newProduct({ productName: "Export Packs Cleaner" });
    await env.admin.variants.create({ productId, sku: "EXP-5L", label: "5 l", netQuantity: 5, netUnit: "l", mrp: 499, price: 449, stock: 4, gstRate: 12 });
    const info = await exportInfo(env.handle, { kind: "products", search: "Export Packs" } as Parameters<typeof exportInfo>[1]);
    expect(info.columns).toEqual([
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
    ]);
    expect(info.rows).toBe(2);
    const rows = await exported("Export Packs");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      productId,
      productName: "Export Packs Cleaner",
      sku: "EXP-5L",
      label: "5 l",
      netQuantity: 5,
      netUnit: "l",
      mrp: 499,
      price: 449,
      stock: 4,
      gstRate: 12,
      weightGrams: 5000,
      active: true,
    });
    expect(rows[0]).toMatchObject({ productId, label: "500ml", netQuantity: 500, netUnit: "ml", mrp: 120, price: 99 });
  });
});

describe("the pack import", () => {
  it("changes a pack by variantId (blank cells keep), adds a pack by productId, and makes one product of rows with one new name", async () => {
    const productId = await env.newProduct({ productName: "Import Packs Cleaner" });
    const [first] = (await env.admin.products.byId({ productId })).variants;
    const csv = csvOf([
      { productId, variantId: first!.variantId, price: 95, stock: 7, active: "true" },
      { productId, ...pack("IMP-1L", { label: "1 l", netQuantity: 1, netUnit: "l", mrp: 220, price: 180 }) },
      { productName: "Imported Jerry Can", category: "Floor Care", ...pack("IJC-1L", { label: "1 l", netQuantity: 1, netUnit: "l", mrp: 200, price: 150 }) },
      {
        productName: "Imported Jerry Can",
        category: "Floor Care",
        ...pack("IJC-5L", { label: "5 l", netQuantity: 5, netUnit: "l", mrp: 800, price: 650, stock: 0 }),
      },
    ]);
    const dry = await env.admin.imports.products({ csv, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, applied: false, rows: 4, created: 3, updated: 1, errors: [] });
    expect(await env.handle.db.productVariant.count({ where: { sku: { in: ["IMP-1L", "IJC-1L", "IJC-5L"] } } })).toBe(0);

    const applied = await env.admin.imports.products({ csv, dryRun: false });
    expect(applied).toMatchObject({ applied: true, created: 3, updated: 1 });
    const details = await env.admin.products.byId({ productId });
    expect(details.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      [first!.sku, 95, 7],
      ["IMP-1L", 180, 10],
    ]);
    expect(details).toMatchObject({ productPrice: 95, quantity: 7, priceFrom: 95, variantCount: 2 });
    const made = await env.handle.db.product.findMany({ where: { productName: "Imported Jerry Can" }, select: { productId: true } });
    expect(made).toHaveLength(1);
    const jerry = await env.anonymous.products.byId({ productId: made[0]!.productId });
    expect(jerry).toMatchObject({ category: "Floor Care", priceFrom: 150, variantCount: 2, productPrice: 150, packSize: "1 l" });
    expect(jerry.variants.map((v) => v.sku)).toEqual(["IJC-1L", "IJC-5L"]);
    // one audit entry with the counts
    const audit = await env.handle.db.auditEntry.findMany({ where: { action: "imports.products" }, orderBy: { auditId: "desc" }, take: 1 });
    expect(audit[0]?.summary).toContain("3 created, 1 updated");
  });

  it("refuses the whole file with {line, field, message} for each bad row, and changes nothing", async () => {
    const productId = await env.newProduct({ productName: "Import Refused Cleaner" });
    const [first] = (await env.admin.products.byId({ productId })).variants;
    const other = await env.newProduct({ productName: "Import Other Cleaner" });
    const [otherPack] = (await env.admin.products.byId({ productId: other })).variants;
    const csv = csvOf([
      { productId, ...pack("REF-OK") },
      { productId, variantId: first!.variantId, price: 500 },
      { productId, ...pack(first!.sku) },
      { productName: "Refused New", ...pack("REF-NEW", { netUnit: "gallon" }) },
      { productId, variantId: otherPack!.variantId, stock: 1 },
      { productId: 999_999, ...pack("REF-NONE") },
      { productName: "Refused New", ...pack("REF-OK") },
      { productId, ...pack("REF-NEG", { stock: -1, weightGrams: 0, gstRate: 7 }) },
    ]);
    const dry = await env.admin.imports.products({ csv, dryRun: true });
    expect(dry.errors).toEqual([
      { line: 3, field: "price", message: "Price cannot be above the MRP" },
      { line: 4, field: "sku", message: `The SKU ${first!.sku} is already used by another pack.` },
      { line: 5, field: "netUnit", message: "Net unit must be one of ml, l, g, kg, piece" },
      { line: 6, field: "variantId", message: `Pack ${otherPack!.variantId} is not a pack of product ${productId}.` },
      { line: 7, field: "productId", message: "Product 999999 does not exist (leave productId blank to add a product)." },
      { line: 8, field: "sku", message: "The SKU REF-OK is already on line 2." },
      { line: 9, field: "stock", message: "Stock cannot be negative" },
      { line: 9, field: "gstRate", message: "GST rate must be one of 0, 5, 12, 18, 28 per cent" },
      { line: 9, field: "weightGrams", message: "Weight must be at least 1 gram" },
    ]);
    await expect(env.admin.imports.products({ csv, dryRun: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await env.handle.db.productVariant.count({ where: { sku: { startsWith: "REF-" } } })).toBe(0);
    expect((await env.admin.products.byId({ productId })).variants).toHaveLength(1);
  });

  it("round-trips an export: importing it unchanged changes no pack", async () => {
    const productId = await env.newProduct({ productName: "Roundtrip Packs Cleaner" });
    await env.admin.variants.create({ productId, sku: "RT-5L", label: "5 l", netQuantity: 5, netUnit: "l", mrp: 499, price: 449, stock: 4 });
    const rows = await exported("Roundtrip Packs");
    const csv = csvOf(rows.map((r) => Object.fromEntries(PACK_IMPORT_COLUMNS.map((c) => [c, String(r[c] ?? "")])) as Cells));
    const before = await env.admin.products.byId({ productId });
    expect(await env.admin.imports.products({ csv, dryRun: false })).toMatchObject({ created: 0, updated: 2 });
    const after = await env.admin.products.byId({ productId });
    expect(after.variants).toEqual(before.variants);
  });
});
