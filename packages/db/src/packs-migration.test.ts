// The packs migration (issue 25, prisma/migrations/20261127000100_packs) on a database as the version
// before it made it: products (one with a pack size that says no quantity, one whose MRP was below its
// price), a customer with a cart line, an order of two lines and its invoice. Nothing may be lost: every
// product gets exactly one pack with its label, MRP, price, stock, HSN and rate; carts and order lines
// point at it with their snapshots; the invoice is untouched. Also: applyMigrations' `before` option.
// On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { pgliteExtensions, pgliteRunner, pgRunner } from "./client.ts";
import { applyMigrations, type SqlRunner } from "./migrate.ts";

const PACKS = "20261127000100_packs";
let closeDb: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeDb?.();
  closeDb = undefined;
});

/** An empty database, on the server of TEST_DATABASE_URL or in memory. */
async function emptyDb(): Promise<SqlRunner> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pglite = new PGlite({ extensions: pgliteExtensions });
    closeDb = () => pglite.close();
    return pgliteRunner(pglite);
  }
  const name = `store_migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  closeDb = async () => {
    await pool.end();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  };
  return pgRunner(pool);
}

const INVOICE_DOCUMENT = JSON.stringify({ kind: "TAX INVOICE", number: "CS/2026-27/00001", lines: [{ description: "Floor Shine (500ml)", hsn: "3402" }] });

/** What the version before packs wrote: its columns only. */
async function previousVersionData(db: SqlRunner) {
  await db.exec(`
    INSERT INTO "Product" ("productId", "productName", "productPrice", "mainPrice", "packSize", "productInfo", quantity, "hsnCode", "gstRate", "updatedAt")
    VALUES (1, 'Floor Shine', 9900, 12000, '500ml', 'Cleans floors.', 40, '34022010', 18, now()),
           (2, 'Gift Box', 49900, 59900, 'Family pack', 'A bit of everything.', 7, '3401', 12, now()),
           (3, 'Odd Price Gel', 15000, 12000, '1.5 L', 'Its MRP was below its price.', 3, '3402', 5, now()),
           (4, 'Old Stock', 5000, 5000, '', 'An empty pack size.', 0, '3402', 18, now());
    INSERT INTO "Customer" ("customerId", "firstName", "lastName", number, email, "houseNo", city, "pinCode", state, "areaAddress", "passwordHash", "updatedAt")
    VALUES (1, 'Asha', 'Verma', '9876543210', 'asha@example.in', '12B', 'Pune', '411001', 'Maharashtra', 'MG Road', 'x', now());
    INSERT INTO "CartItem" ("customerId", "productId", quantity, "updatedAt") VALUES (1, 2, 2, now());
    INSERT INTO "Order" ("productOrderId", "customerId", "customerName", "shippingAddress", "pinCode", state, "itemsTotal", "deliveryTotal", "grandTotal", "updatedAt")
    VALUES ('ORD-20261101-000001', 1, 'Asha Verma', '12B, MG Road, Pune, Maharashtra 411001', '411001', 'Maharashtra', 39600, 0, 39600, now());
    INSERT INTO "ProductOrder" ("productOrderId", "customerId", "customerName", "shippingAddress", "productId", "productName", "productPrice", "orderTotalPrice", quantity, "deliveryDate", "updatedAt")
    VALUES ('ORD-20261101-000001', 1, 'Asha Verma', '12B, MG Road, Pune', 1, 'Floor Shine', 9900, 19800, 2, now(), now()),
           ('ORD-20261101-000001', 1, 'Asha Verma', '12B, MG Road, Pune', 3, 'Odd Price Gel', 15000, 15000, 1, now(), now());
    INSERT INTO "Invoice" (number, kind, "productOrderId", "invoiceOf", "financialYear", serial, "issuedAt", "placeOfSupply", "interState", taxable, cgst, sgst, igst, total, document)
    VALUES ('CS/2026-27/00001', 'INVOICE', 'ORD-20261101-000001', 'ORD-20261101-000001', '2026-27', 1, now(), '27', false, 33559, 3020, 3021, 0, 39600, '${INVOICE_DOCUMENT}');
  `);
}

interface Pack {
  variantId: number;
  productId: number;
  sku: string;
  label: string;
  netQuantity: number | null;
  netUnit: string | null;
  mrp: number;
  price: number;
  stock: number;
  hsnCode: string;
  gstRate: number;
  weightGrams: number;
  active: boolean;
  mrpRaised: boolean;
}

describe("applyMigrations({ before })", () => {
  it("stops before the named migration, applies the rest later, and refuses a name it does not know", async () => {
    const db = await emptyDb();
    const ran = await applyMigrations(db, { before: PACKS });
    expect(ran.length).toBeGreaterThan(0);
    expect(ran).not.toContain(PACKS);
    expect(ran.every((name) => name < PACKS)).toBe(true);
    expect(await db.query(`SELECT to_regclass('"ProductVariant"') AS t`)).toEqual([{ t: null }]);
    const rest = await applyMigrations(db);
    expect(rest[0]).toBe(PACKS);
    expect(await applyMigrations(db)).toEqual([]);
    await expect(applyMigrations(db, { before: "20990101000000_nothing" })).rejects.toThrow("No migration named 20990101000000_nothing");
  });
});

describe("the packs migration on a database of the previous version", () => {
  it("gives every product one pack and points carts and order lines at it, losing nothing", async () => {
    const db = await emptyDb();
    await applyMigrations(db, { before: PACKS });
    await previousVersionData(db);
    const invoiceBefore = await db.query(`SELECT * FROM "Invoice"`);
    await applyMigrations(db);

    const packs = await db.query<Pack>(`
      SELECT "variantId", "productId", sku, label, "netQuantity"::float8 AS "netQuantity", "netUnit", mrp, price, stock, "hsnCode", "gstRate",
             "weightGrams", active, "mrpRaised"
      FROM "ProductVariant" ORDER BY "productId"`);
    expect(packs.map((p) => p.productId)).toEqual([1, 2, 3, 4]);
    const [shine, gift, odd, old] = packs;
    expect(shine).toMatchObject({
      sku: "P1-500ML",
      label: "500ml",
      netQuantity: 500,
      netUnit: "ml",
      mrp: 12000,
      price: 9900,
      stock: 40,
      hsnCode: "34022010",
      gstRate: 18,
      weightGrams: 500,
      active: true,
      mrpRaised: false,
    });
    // a pack size that says no quantity: kept as the label, net quantity left for the owner
    expect(gift).toMatchObject({
      sku: "P2-FAMILYPACK",
      label: "Family pack",
      netQuantity: null,
      netUnit: null,
      mrp: 59900,
      price: 49900,
      stock: 7,
      hsnCode: "3401",
      gstRate: 12,
      mrpRaised: false,
    });
    // MRP below the price: raised to the price and marked
    expect(odd).toMatchObject({
      label: "1.5 L",
      netQuantity: 1.5,
      netUnit: "l",
      mrp: 15000,
      price: 15000,
      stock: 3,
      gstRate: 5,
      weightGrams: 1500,
      mrpRaised: true,
    });
    expect(old).toMatchObject({ sku: "P4", label: "Standard", netQuantity: null, stock: 0, mrpRaised: false });

    // each product mirrors its one pack
    const products = await db.query<{
      productId: number;
      defaultVariantId: number;
      priceFrom: number;
      variantCount: number;
      mainPrice: number;
      productPrice: number;
      quantity: number;
    }>(`SELECT "productId", "defaultVariantId", "priceFrom", "variantCount", "mainPrice", "productPrice", quantity FROM "Product" ORDER BY "productId"`);
    expect(products).toEqual(
      packs.map((p) => ({
        productId: p.productId,
        defaultVariantId: p.variantId,
        priceFrom: p.price,
        variantCount: 1,
        mainPrice: p.mrp,
        productPrice: p.price,
        quantity: p.stock,
      })),
    );

    // the cart line points at its product's pack
    expect(await db.query(`SELECT "customerId", "productId", "variantId", quantity FROM "CartItem"`)).toEqual([
      { customerId: 1, productId: 2, variantId: gift?.variantId, quantity: 2 },
    ]);

    // the order lines snapshot their pack; what the customer paid is unchanged
    const lines = await db.query(`
      SELECT "productId", "variantId", sku, label, "netQuantity"::float8 AS "netQuantity", "netUnit", mrp, "productPrice", "hsnCode", "gstRate", quantity, "orderTotalPrice"
      FROM "ProductOrder" ORDER BY "orderId"`);
    expect(lines).toEqual([
      {
        productId: 1,
        variantId: shine?.variantId,
        sku: "P1-500ML",
        label: "500ml",
        netQuantity: 500,
        netUnit: "ml",
        mrp: 12000,
        productPrice: 9900,
        hsnCode: "34022010",
        gstRate: 18,
        quantity: 2,
        orderTotalPrice: 19800,
      },
      {
        productId: 3,
        variantId: odd?.variantId,
        sku: odd?.sku,
        label: "1.5 L",
        netQuantity: 1.5,
        netUnit: "l",
        mrp: 15000,
        productPrice: 15000,
        hsnCode: "3402",
        gstRate: 5,
        quantity: 1,
        orderTotalPrice: 15000,
      },
    ]);
    expect(await db.query(`SELECT "grandTotal", "itemsTotal" FROM "Order"`)).toEqual([{ grandTotal: 39600, itemsTotal: 39600 }]);

    // the invoice is the document that was issued, byte for byte
    expect(await db.query(`SELECT * FROM "Invoice"`)).toEqual(invoiceBefore);

    // the rules the new schema adds hold for migrated rows too: one line per (customer, pack), stock ≥ 0
    await expect(
      db.exec(`INSERT INTO "CartItem" ("customerId", "productId", "variantId", quantity, "updatedAt") VALUES (1, 2, ${gift?.variantId}, 1, now())`),
    ).rejects.toThrow();
    await expect(db.exec(`UPDATE "ProductVariant" SET stock = -1 WHERE "variantId" = ${shine?.variantId}`)).rejects.toThrow();
  });
});
