// Where rate limits keep their counters: in process (one server, the embedded database), or in the
// database through rate-limiter-flexible's Prisma store, so that several server instances on one
// PostgreSQL share one budget (docs/decisions.md, issue 13).
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "@store/db";

export interface LimitOptions {
  keyPrefix: string;
  points: number;
  /** seconds */
  duration: number;
}

export type LimitStore = (opts: LimitOptions) => RateLimiterAbstract;

export const memoryLimitStore: LimitStore = (opts) => new RateLimiterMemory(opts);

/** Counters in the `RateLimit` table (prisma/schema.prisma); atomic increments, shared by every instance. */
export const databaseLimitStore =
  (db: Db): LimitStore =>
  (opts) =>
    // the store reads `storeClient[tableName]`: the Prisma client's delegate of the RateLimit model
    new RateLimiterPrisma({ ...opts, storeClient: db, tableName: "rateLimit", clearExpiredByTimeout: false });

/** Counts one attempt against `key`: 0 when it is within the limit, else the seconds until it is. */
export async function secondsToWait(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key, 1);
    return 0;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.ceil(res.msBeforeNext / 1000);
    throw res;
  }
}
