// Packs (issue 25): the product row mirrors its default variant, so that every spec answer that reads
// productPrice, mainPrice, packSize, quantity, hsnCode or gstRate keeps its meaning ("the default
// variant's", contracts/packs.md) and the lists can sort and filter without a join. This is the only
// writer of those columns once a product has variants; call it in the transaction that changed a
// variant (price, stock, active, position…).
import { Prisma } from "@store/db";

/**
 * The default variant is the active, in-stock one with the lowest position (then the lowest id); when no
 * active variant is in stock, the active one with the lowest position (the product page still opens on a
 * pack, shown as out of stock). `priceFrom` is the lowest active price, `variantCount` the active count.
 */
export const syncProductSql = (productId: number, now: Date) => Prisma.sql`
  UPDATE "Product" p SET
    "defaultVariantId" = d."variantId", "productPrice" = d.price, "mainPrice" = d.mrp, "packSize" = d.label,
    quantity = d.stock, "hsnCode" = d."hsnCode", "gstRate" = d."gstRate",
    "priceFrom" = s."priceFrom", "variantCount" = s."variantCount", "updatedAt" = ${now}::timestamp(3)
  FROM (
    SELECT "variantId", price, mrp, label, stock, "hsnCode", "gstRate" FROM "ProductVariant"
    WHERE "productId" = ${productId}::int AND active
    ORDER BY (stock > 0) DESC, position, "variantId" LIMIT 1
  ) d, (
    SELECT MIN(price)::int AS "priceFrom", COUNT(*)::int AS "variantCount" FROM "ProductVariant"
    WHERE "productId" = ${productId}::int AND active
  ) s
  WHERE p."productId" = ${productId}::int`;

export async function syncProductFromVariants(tx: Prisma.TransactionClient, productId: number, now = new Date()): Promise<void> {
  await tx.$executeRaw(syncProductSql(productId, now));
}

/** syncProductSql for many products in one statement (an import's batch): the same default pack and summary for each. */
export const syncProductsSql = (productIds: number[], now: Date) => Prisma.sql`
  UPDATE "Product" p SET
    "defaultVariantId" = d."variantId", "productPrice" = d.price, "mainPrice" = d.mrp, "packSize" = d.label,
    quantity = d.stock, "hsnCode" = d."hsnCode", "gstRate" = d."gstRate",
    "priceFrom" = s."priceFrom", "variantCount" = s."variantCount", "updatedAt" = ${now}::timestamp(3)
  FROM (
    SELECT DISTINCT ON ("productId") "productId", "variantId", price, mrp, label, stock, "hsnCode", "gstRate" FROM "ProductVariant"
    WHERE "productId" = ANY(${productIds}::int[]) AND active
    ORDER BY "productId", (stock > 0) DESC, position, "variantId"
  ) d, (
    SELECT "productId", MIN(price)::int AS "priceFrom", COUNT(*)::int AS "variantCount" FROM "ProductVariant"
    WHERE "productId" = ANY(${productIds}::int[]) AND active GROUP BY "productId"
  ) s
  WHERE p."productId" = d."productId" AND s."productId" = d."productId"`;

export async function syncProductsFromVariants(tx: Prisma.TransactionClient, productIds: number[], now = new Date()): Promise<void> {
  if (productIds.length)
    await tx.$executeRaw(
      syncProductsSql(
        [...productIds].sort((a, b) => a - b),
        now,
      ),
    );
}
