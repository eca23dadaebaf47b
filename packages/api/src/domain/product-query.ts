// The storefront's product lists and searches in ONE parameterised SQL statement each (docs/decisions.md, issue 7).
// As Prisma calls (findMany + count) a search of the bench's 1,000 products took 41 ms on PGlite,
// ~30 ms of it in Prisma's WebAssembly query compiler; this statement, with the total counted by a
// window function, takes 9 ms (measured in-process, 50 runs each). Same rows as `productSelect`.
import { Prisma, type Db } from "@store/db";
import type { productListInput } from "@store/validators";
import type { z } from "zod";
import { likeText } from "../services/search.ts";
import type { ProductRow } from "../serialize/products.ts";

export type ProductFilter = NonNullable<z.infer<typeof productListInput>>;

/** productId last, so equal prices or names keep one order from page to page */
const ORDER_BY: Record<NonNullable<ProductFilter["sort"]> | "default", Prisma.Sql> = {
  priceAsc: Prisma.sql`"productPrice" ASC, "productId" ASC`,
  priceDesc: Prisma.sql`"productPrice" DESC, "productId" DESC`,
  name: Prisma.sql`"productName" ASC, "productId" ASC`,
  newest: Prisma.sql`"createdAt" DESC, "productId" DESC`,
  default: Prisma.sql`"createdAt" DESC, "productId" DESC`,
};

/** Live products matching the filter (case-insensitive text in name, details, pack size or category), one page of them, and how many match in all. */
export async function queryProducts(
  db: Pick<Db, "$queryRaw">,
  filter: ProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const like = filter.search ? `%${likeText(filter.search)}%` : null;
  const category = filter.category ?? null;
  const where = Prisma.sql`"deletedAt" IS NULL
    AND (${like}::text IS NULL OR "productName" ILIKE ${like}::text OR "productInfo" ILIKE ${like}::text OR "packSize" ILIKE ${like}::text OR category ILIKE ${like}::text)
    AND (${category}::text IS NULL OR category = ${category}::text)`;
  const rows = await db.$queryRaw<(ProductRow & { total: number })[]>`
    SELECT "productId", "productName", "productPrice", "mainPrice", offer, "packSize", "productInfo", category, "deliveryCharge",
      quantity, "productImgName", "imageHash", "hsnCode", "gstRate", "countryOfOrigin", manufacturer, "createdAt", "updatedAt", count(*) OVER ()::int AS total
    FROM "Product" WHERE ${where}
    ORDER BY ${ORDER_BY[filter.sort ?? "default"]}
    LIMIT ${page.limit}::int OFFSET ${page.offset}::int`;
  const [first] = rows;
  if (first) return { rows: rows.map(({ total: _, ...row }) => row), total: first.total };
  if (page.offset === 0) return { rows: [], total: 0 };
  // past the last page the window has no row to report the total on
  const [counted] = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Product" WHERE ${where}`;
  return { rows: [], total: counted?.total ?? 0 };
}
