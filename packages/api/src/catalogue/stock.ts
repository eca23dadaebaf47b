// Stock taking: the one place that takes units out of stock and puts them back.
import { Prisma } from "@store/db";

/**
 * Options for the transactions that take or give back stock. Prisma's defaults (wait 2 s for a
 * connection, 5 s in all) fail with "Unable to start a transaction" when many customers order the
 * same product at once: they queue for the pool and then for the product's row lock.
 */
export const STOCK_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

/**
 * The conditional UPDATE that takes `quantity` units of a live product, as a fragment for the
 * order-line statement: stock can never go below zero, even when many customers order the last
 * units at once (a concurrent order waits for the row lock and re-checks `quantity >= n`).
 * `guard` is an extra SQL condition (the customer exists). RETURNING what the order line copies.
 */
export const takeStockSql = (productId: number, quantity: number, now: Date, guard: Prisma.Sql) => Prisma.sql`
  UPDATE "Product" SET quantity = quantity - ${quantity}::int, "updatedAt" = ${now}::timestamp(3)
  WHERE "productId" = ${productId}::int AND "deletedAt" IS NULL AND quantity >= ${quantity}::int AND ${guard}
  RETURNING "productId", "productName", "productPrice", COALESCE("deliveryCharge", 0) AS "deliveryCharge", "packSize", "imageHash"`;

/** Puts units back (a cancelled order), in the caller's transaction. */
export async function putBackStock(tx: Prisma.TransactionClient, productId: number, quantity: number): Promise<void> {
  await tx.product.update({ where: { productId }, data: { quantity: { increment: quantity } } });
}
