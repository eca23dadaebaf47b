// Stock taking: the one place that takes units out of stock and puts them back. Stock is per pack
// (ProductVariant, issue 25); the product row mirrors its default pack (variant-sync.ts) and is
// re-synced in the same transaction.
import { Prisma } from "@store/db";
import { syncProductFromVariants } from "./variant-sync.ts";

/**
 * Options for the transactions that take or give back stock. Prisma's defaults (wait 2 s for a
 * connection, 5 s in all) fail with "Unable to start a transaction" when many customers order the
 * same product at once: they queue for the pool and then for the product's row lock.
 */
export const STOCK_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

/**
 * The conditional UPDATE that takes `quantity` units of an active pack of a live product, as a fragment
 * for the order-line statement: stock can never go below zero, even when many customers order the last
 * units at once (a concurrent order waits for the pack's row lock and re-checks `stock >= n`).
 * `guard` is an extra SQL condition. RETURNING what the order line snapshots (its pack, price and tax).
 */
export const takeStockSql = (variantId: number, quantity: number, now: Date, guard: Prisma.Sql) => Prisma.sql`
  UPDATE "ProductVariant" v SET stock = v.stock - ${quantity}::int, "updatedAt" = ${now}::timestamp(3)
  FROM "Product" pr
  WHERE v."variantId" = ${variantId}::int AND pr."productId" = v."productId" AND pr."deletedAt" IS NULL AND v.active
    AND v.stock >= ${quantity}::int AND ${guard}
  RETURNING v."productId", v."variantId", pr."productName", v.price AS "productPrice", COALESCE(pr."deliveryCharge", 0) AS "deliveryCharge",
    v.sku, v.label, v."netQuantity", v."netUnit", v.mrp, v."hsnCode", v."gstRate", pr."imageHash"`;

/**
 * Re-syncs the mirrors of the products whose packs this transaction changed, in productId order (every
 * stock change locks packs first, then products, each in id order: no deadlock). Each product row is
 * locked before it is recomputed, so the recomputation reads every pack change committed before it
 * (a single UPDATE … FROM would re-check the product row after the wait but keep its older pack rows).
 * FOR NO KEY UPDATE, the lock the UPDATE takes anyway: it does not wait for the KEY SHARE lock that an
 * order line's foreign key takes on its product while other packs are still being taken (FOR UPDATE
 * would, and two checkouts of two packs of one product deadlocked on PostgreSQL).
 */
export async function resyncProducts(tx: Prisma.TransactionClient, productIds: Iterable<number>, now = new Date()): Promise<void> {
  for (const productId of [...new Set(productIds)].sort((a, b) => a - b)) {
    await tx.$queryRaw`SELECT 1 FROM "Product" WHERE "productId" = ${productId}::int FOR NO KEY UPDATE`;
    await syncProductFromVariants(tx, productId, now);
  }
}

export interface StockLine {
  productId: number;
  variantId: number;
  quantity: number;
}

/**
 * Puts order lines' units back into their packs (a cancelled order), in the caller's transaction, packs in
 * variantId order and then their products re-synced, the lock order of a checkout.
 */
export async function putBackStock(tx: Prisma.TransactionClient, lines: readonly StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    await tx.productVariant.update({ where: { variantId: line.variantId }, data: { stock: { increment: line.quantity } } });
  }
  await resyncProducts(
    tx,
    lines.map((l) => l.productId),
  );
}
