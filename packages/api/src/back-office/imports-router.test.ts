// The product import (issue 17): row-by-row checks with the product form's schemas, a dry run that
// changes nothing, and all-or-nothing applying.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const HEADER = "productId,productName,productPrice,mainPrice,packSize,productInfo,deliveryCharge,quantity,category,hsnCode,gstRate";
const row = (n: number, fields: Partial<Record<string, string | number>> = {}) => {
  const r = {
    productId: "",
    productName: `Imported Cleaner ${n}`,
    productPrice: 100 + (n % 50),
    mainPrice: 200,
    packSize: "500 ml",
    productInfo: `"Cleans, shines, line ${n}"`,
    deliveryCharge: "Free",
    quantity: n % 40,
    category: "",
    hsnCode: "",
    gstRate: "",
    ...fields,
  };
  return HEADER.split(",")
    .map((k) => String(r[k as keyof typeof r]))
    .join(",");
};
const csvOf = (rows: string[]) => [HEADER, ...rows].join("\n") + "\n";
const products = () => env.handle.db.product.count();

describe("imports.products", () => {
  it("a dry run answers what would be created and updated, and each bad row, changing nothing", async () => {
    const existing = await env.newProduct({ productName: "Old Name", quantity: 5 });
    const before = await products();
    const csv = csvOf([
      row(1),
      row(2, { productId: existing, productName: "New Name", productPrice: "", quantity: 9 }),
      row(3, { productPrice: "abc" }),
      row(4, { productId: 999999 }),
    ]);
    const result = await env.admin.imports.products({ csv, dryRun: true });
    // what would be done: the rows without errors
    expect(result).toMatchObject({ dryRun: true, applied: false, rows: 4, created: 1, updated: 1 });
    expect(result.changes).toEqual([
      { line: 2, action: "create", productId: null, productName: "Imported Cleaner 1" },
      { line: 3, action: "update", productId: existing, productName: "New Name" },
    ]);
    expect(result.errors).toEqual([
      { line: 4, field: "productPrice", message: "Price must be a number" },
      { line: 5, field: "productId", message: "Product 999999 does not exist (leave productId blank to add a product)." },
    ]);
    expect(await products()).toBe(before);
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId: existing } })).productName).toBe("Old Name");
  });

  it("1,000 rows with a bad one at line 900: nothing is imported, and the error names the line", async () => {
    const before = await products();
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1, i + 2 === 900 ? { mainPrice: "-5" } : {}));
    const dry = await env.admin.imports.products({ csv: csvOf(rows), dryRun: true });
    expect(dry.errors).toEqual([{ line: 900, field: "mainPrice", message: "Main Price must be at least ₹1" }]);
    const refused = await env.admin.imports.products({ csv: csvOf(rows), dryRun: false }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "BAD_REQUEST",
      message: "1 row has errors, so nothing was imported. Line 900, mainPrice: Main Price must be at least ₹1",
    });
    expect(await products()).toBe(before);
  });

  it("applies all rows at once: creates with the Settings defaults, updates keep blank cells", async () => {
    const existing = await env.newProduct({ productName: "Keep Price", productPrice: 321, quantity: 5 });
    const before = await products();
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1));
    rows.push(
      row(0, { productId: existing, productName: "Keep Price", productPrice: "", mainPrice: "", packSize: "", productInfo: "", quantity: 77, gstRate: 12 }),
    );
    const result = await env.admin.imports.products({ csv: csvOf(rows), dryRun: false });
    expect(result).toMatchObject({ applied: true, rows: 1001, created: 1000, updated: 1, errors: [] });
    expect(await products()).toBe(before + 1000);
    const updated = await env.handle.db.product.findUniqueOrThrow({ where: { productId: existing } });
    expect(updated).toMatchObject({ productPrice: 32100, quantity: 77, gstRate: 12 });
    const created = await env.handle.db.product.findFirstOrThrow({ where: { productName: "Imported Cleaner 7" } });
    expect(created).toMatchObject({
      productPrice: 10700,
      mainPrice: 20000,
      deliveryCharge: null,
      hsnCode: "3402",
      gstRate: 18,
      productInfo: "Cleans, shines, line 7",
    });
  });

  it("bad files are 400s that say what is wrong", async () => {
    await expect(env.admin.imports.products({ csv: "name,price\nMop,10\n", dryRun: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Unknown columns 'name', 'price'"),
    });
    await expect(env.admin.imports.products({ csv: `${HEADER}\n`, dryRun: true })).rejects.toMatchObject({
      message: "The file has a header row but no products.",
    });
    await expect(env.admin.imports.products({ csv: `${HEADER}\n"unclosed,1,2\n`, dryRun: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("The file is not a readable CSV"),
    });
    const customer = await env.newCustomer();
    await expect(customer.caller.imports.products({ csv: csvOf([row(1)]), dryRun: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the audit trail of imports (issue 24)", () => {
  const entries = () => env.handle.db.auditEntry.findMany({ where: { action: "imports.products" }, orderBy: { auditId: "asc" } });

  it("a dry run writes nothing, a refused file is not imported, a real import is one entry with its counts", async () => {
    const existing = await env.newProduct({ productName: "Audited Import" });
    const good = csvOf([row(1), row(2), row(3, { productId: existing, productName: "Audited Import 2" })]);
    const bad = csvOf([row(1), row(2, { productPrice: "abc" })]);
    const before = (await entries()).length;

    expect(await env.admin.imports.products({ csv: good, dryRun: true })).toMatchObject({ dryRun: true, created: 2, updated: 1 });
    expect((await env.admin.imports.products({ csv: bad, dryRun: true })).errors).toHaveLength(1);
    await expect(env.admin.imports.products({ csv: bad, dryRun: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.imports.products({ csv: "name\nMop\n", dryRun: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await entries()).toHaveLength(before);

    await env.admin.imports.products({ csv: good, dryRun: false });
    const after = await entries();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ entity: "import", entityId: null, summary: "Test Admin imported products: 2 created, 1 updated" });
    expect(JSON.parse(after.at(-1)!.changes)).toEqual({ rows: [null, 3], created: [null, 2], updated: [null, 1] });
  });
});
