// Idempotency-Key (issue 13): an order-placing request sent again with the same key by the same
// customer within 24 hours returns the first answer and creates nothing; the same key with a
// different request is a 422. The key's row is inserted in the order's own transaction: a second
// request with the key waits on it until the first commits, then finds its answer. A request that
// fails leaves no row, so it can be retried with the same key.
import { createHash } from "node:crypto";
import superjson from "superjson";
import type { Prisma } from "@store/db";
import type { CustomerContext } from "./context-guards.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "./errors.ts";

type Tx = Prisma.TransactionClient;
const KEEP_MS = 24 * 3600 * 1000;

/** The key of this request: the procedure's `idempotencyKey` input, else the Idempotency-Key header. */
export function idempotencyKeyOf(ctx: CustomerContext, fromInput: string | undefined): string | undefined {
  const key = (fromInput ?? ctx.idempotencyKey)?.trim();
  if (key === undefined || key === "") return undefined;
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new StoreError(400, "BAD_REQUEST", "An Idempotency-Key is 1 to 255 visible ASCII characters (a UUID is a good one).");
  }
  return key;
}

/** Runs `work` in a transaction; with a key, at most once per customer, key and request. */
export async function once<T>(ctx: CustomerContext, key: string | undefined, request: unknown, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!key) return ctx.db.$transaction(work, STOCK_TX_OPTIONS);
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  return ctx.db.$transaction(async (tx) => {
    const since = new Date(Date.now() - KEEP_MS);
    await tx.idempotencyKey.deleteMany({ where: { customerId: ctx.customerId, key, createdAt: { lt: since } } });
    const inserted = await tx.$queryRaw<{ key: string }[]>`
      INSERT INTO "IdempotencyKey" ("customerId", key, "requestHash") VALUES (${ctx.customerId}::int, ${key}, ${requestHash})
      ON CONFLICT DO NOTHING RETURNING key`;
    if (inserted.length === 0) {
      const first = await tx.idempotencyKey.findUniqueOrThrow({ where: { customerId_key: { customerId: ctx.customerId, key } } });
      if (first.requestHash !== requestHash) {
        throw new StoreError(422, "UNPROCESSABLE_CONTENT", "This Idempotency-Key was already used for a different request. Use a new key for a new order.");
      }
      if (first.response === null) throw new StoreError(409, "CONFLICT", "The first request with this Idempotency-Key is still running.");
      return superjson.parse<T>(first.response);
    }
    const result = await work(tx);
    await tx.idempotencyKey.update({ where: { customerId_key: { customerId: ctx.customerId, key } }, data: { response: superjson.stringify(result) } });
    return result;
  }, STOCK_TX_OPTIONS);
}
