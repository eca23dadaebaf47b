// Fills a fresh store database with a benchmark dataset, in SQL (generate_series), in seconds.
// Works on both databases through the db package's SQL runner (PGlite: before the server opens
// DATA_DIR; PostgreSQL: a database of its own). Search "needles" match the same number of rows
// in every dataset, so the growth ratios measure how a query scales, not how big its answer is.
import type { DbHandle } from "@store/db";

type SqlRunner = DbHandle["raw"];

export interface Dataset {
  name: "small" | "large";
  products: number;
  customers: number;
  orders: number;
}

export const DATASETS: Record<Dataset["name"], Dataset> = {
  small: { name: "small", products: 1_000, customers: 1_000, orders: 1_000 },
  large: {
    name: "large",
    products: Number(process.env.BENCH_LARGE_PRODUCTS ?? 10_000),
    customers: 10_000,
    orders: 100_000,
  },
};

/** rows whose name contains the needle, in every dataset */
export const NEEDLE_ROWS = 20;
/** matches NEEDLE_ROWS products and nothing else */
export const PRODUCT_NEEDLE = "sandalwood";
/** a common word: the answer is capped at 500 rows by the API */
export const PRODUCT_COMMON = "lemon";
/** matches NEEDLE_ROWS orders (customer name snapshot) */
export const ORDER_NEEDLE = "Zubin Wadia";
/** the products the order scenario buys; LAST_UNITS_PRODUCT starts with LAST_UNITS_STOCK units */
export const ORDER_PRODUCTS = 20;
export const LAST_UNITS_PRODUCT = 2;
export const LAST_UNITS_STOCK = 25;
export const BIG_STOCK = 1_000_000;
export const BENCH_CUSTOMER_PASSWORD = "Bench@Customer1";
/** phone number of customer i (1-based) */
export const customerNumber = (i: number) => String(9_000_000_000 + i);
export const IMAGES_FOR = 200;

const FIRST = [
  "Aarav",
  "Priya",
  "Rohan",
  "Ananya",
  "Vikram",
  "Kavya",
  "Arjun",
  "Isha",
  "Karan",
  "Meera",
  "Siddharth",
  "Nisha",
  "Rahul",
  "Pooja",
  "Aditya",
  "Sneha",
];
const LAST = ["Sharma", "Iyer", "Patel", "Reddy", "Nair", "Gupta", "Das", "Menon", "Rao", "Singh", "Kulkarni", "Bose", "Joshi", "Mehta", "Pillai", "Chopra"];
const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

export interface ImageRows {
  hash: string;
  images: Map<number, Buffer>;
}

export async function loadDataset(sql: SqlRunner, ds: Dataset, passwordHash: string, image: ImageRows): Promise<void> {
  const P = ds.products;
  const C = ds.customers;
  const O = ds.orders;
  const pEvery = Math.floor(P / NEEDLE_ROWS);
  const oEvery = Math.floor(O / NEEDLE_ROWS);
  await sql.exec(`
INSERT INTO "Product" ("productName","productPrice","mainPrice","offer","packSize","productInfo","category","deliveryCharge","quantity","productImgName","imageHash","createdAt","updatedAt")
SELECT
  CASE WHEN g % ${pEvery} = 0 THEN 'Sandalwood ' ELSE '' END
    || (${arr(["Floor Shine", "Citrus Dishwash", "Toilet Bowl", "Glass Sparkle", "Kitchen Degreaser", "Fabric Softener", "Hand Wash", "Drain Clear", "Steel Polish", "Multi-Surface"])})[1 + g % 10]
    || ' ' || (${arr(["Lavender", "Lemon", "Pine", "Rose", "Neem", "Jasmine", "Mint", "Ocean"])})[1 + (g / 10) % 8] || ' No.' || g,
  3900 + (g * 37) % 34000,
  (3900 + (g * 37) % 34000) * 120 / 100,
  '17% off',
  (${arr(["250ml", "500ml", "750ml", "1000ml", "2000ml", "5000ml"])})[1 + g % 6],
  'Cleans tiles, counters and glass without streaks. Batch ' || g || '. Safe on marble and granite; dilute two caps in half a bucket of water for daily mopping. Keep away from children.',
  (${arr(["Floor Care", "Kitchen", "Bathroom", "Laundry", "Glass & Surfaces", "Disinfectants", "General"])})[1 + g % 7],
  CASE WHEN g % 3 = 0 THEN 2000 ELSE NULL END,
  CASE WHEN g = ${LAST_UNITS_PRODUCT} THEN ${LAST_UNITS_STOCK} ELSE ${BIG_STOCK} END,
  'bench-' || g || '.webp',
  '${image.hash}',
  now() - (g || ' minutes')::interval,
  now() - (g || ' minutes')::interval
FROM generate_series(1, ${P}) g;
-- packs (issue 25): one pack per product, as the packs migration gives every product, and its mirror
INSERT INTO "ProductVariant" ("productId","sku","label","mrp","price","stock","hsnCode","gstRate","weightGrams","updatedAt")
SELECT "productId", 'BENCH-' || "productId", "packSize", "mainPrice", "productPrice", quantity, "hsnCode", "gstRate", 500, now()
FROM "Product";
UPDATE "Product" p SET "defaultVariantId" = v."variantId", "priceFrom" = v.price, "variantCount" = 1
FROM "ProductVariant" v WHERE v."productId" = p."productId";
`);
  for (const [size, data] of image.images) {
    await sql.query(
      `INSERT INTO "ProductImage" ("productId","size","data","hash") SELECT g, $1::int, $2::text, $3::text FROM generate_series(1, ${Math.min(IMAGES_FOR, P)}) g`,
      [size, data.toString("base64"), image.hash],
    );
  }
  await sql.query(
    `INSERT INTO "Customer" ("firstName","lastName","number","email","houseNo","city","pinCode","state","areaAddress","passwordHash","customerStatus","agreeToTerms","createdAt","updatedAt")
SELECT
  (${arr(FIRST)})[1 + g % ${FIRST.length}],
  (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
  (9000000000 + g)::text,
  'bench' || g || '@example.in',
  'Flat ' || (g % 400 + 1),
  (${arr(["Bengaluru", "Mumbai", "Chennai", "Pune", "Kolkata", "Hyderabad"])})[1 + g % 6],
  (560001 + g % 90)::text,
  'Karnataka',
  'MG Road, Block ' || (g % 12 + 1),
  $1::text, true, true,
  now() - (g || ' minutes')::interval,
  now() - (g || ' minutes')::interval
FROM generate_series(1, ${C}) g`,
    [passwordHash],
  );
  await sql.exec(`
INSERT INTO "OrderReference" ("createdAt") SELECT now() - ((${O} - g) * interval '5 minutes') FROM generate_series(1, ${O}) g;
CREATE TEMP TABLE bench_lines AS
SELECT
  'ORD-' || to_char(ts, 'YYYYMMDD') || '-' || lpad(g::text, 6, '0') AS "productOrderId",
  1 + (g * 7919) % ${C} AS "customerId",
  CASE WHEN g % ${oEvery} = 0 THEN '${ORDER_NEEDLE}'
       ELSE (${arr(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (g / 7) % ${LAST.length}] END AS "customerName",
  'Flat ' || (g % 400 + 1) || ', MG Road, Bengaluru, Karnataka 560001' AS "shippingAddress",
  p."productId", p."productName", p."productPrice", COALESCE(p."deliveryCharge", 0) AS "deliveryCharge",
  v."variantId", v.sku, v.label, v.mrp, v."hsnCode", v."gstRate",
  p."productPrice" * (1 + g % 3) + COALESCE(p."deliveryCharge", 0) AS "orderTotalPrice",
  1 + g % 3 AS quantity,
  CASE WHEN s IN ('Completed') THEN 'Paid' ELSE 'Pending' END AS "paymentStatus",
  s AS "orderStatus",
  ts + interval '3 days' AS "deliveryDate", ts AS "startDate",
  CASE WHEN s IN ('Completed', 'Cancelled') THEN ts + interval '2 days' ELSE NULL END AS "endDate",
  ts
FROM (
  SELECT g, now() - ((${O} - g) * interval '5 minutes') AS ts,
         (${arr(["Completed", "Completed", "Completed", "Shipped", "On the way", "Ready for pickup", "Cancelled"])})[1 + g % 7] AS s
  FROM generate_series(1, ${O}) g
) o
JOIN "Product" p ON p."productId" = 1 + (o.g * 31) % ${P}
JOIN "ProductVariant" v ON v."variantId" = p."defaultVariantId";
-- one checkout = one order (issue 14): each line's order header first
INSERT INTO "Order" ("productOrderId","customerId","customerName","shippingAddress","pinCode","state","itemsTotal","deliveryTotal","grandTotal","paymentMethod","paymentStatus","createdAt","updatedAt")
SELECT "productOrderId", "customerId", "customerName", "shippingAddress", '560001', 'Karnataka', "productPrice" * quantity, "deliveryCharge", "orderTotalPrice", 'COD', "paymentStatus", ts, ts
FROM bench_lines;
INSERT INTO "ProductOrder" ("productOrderId","customerId","customerName","shippingAddress","productId","productName","productPrice","variantId","sku","label","mrp","hsnCode","gstRate","deliveryCharge","orderTotalPrice","quantity","paymentStatus","orderStatus","deliveryDate","startDate","endDate","orderAddDateTime","updatedAt")
SELECT "productOrderId","customerId","customerName","shippingAddress","productId","productName","productPrice","variantId",sku,label,mrp,"hsnCode","gstRate","deliveryCharge","orderTotalPrice",quantity,"paymentStatus","orderStatus","deliveryDate","startDate","endDate",ts,ts
FROM bench_lines;
DROP TABLE bench_lines;
`);
  await sql.exec(`VACUUM ANALYZE`);
}
