// New complaints per hour (issue 31, contracts/grievances.md "Limits"): at most 5 an hour per customer,
// per phone and per address of the request. Counted in the shared limit store (platform/limit-store.ts),
// so every instance on one PostgreSQL keeps one count. Each attempt is counted on all its keys at once
// (atomic increments), so parallel attempts cannot slip past: the first five of each key go.
import { RateLimiterRes } from "rate-limiter-flexible";
import { memoryLimitStore, type LimitStore } from "../../platform/limit-store.ts";

export const GRIEVANCES_PER_HOUR = 5;

export interface GrievanceLimiter {
  /** Counts one new ticket against each key; 0 when every key is within the limit, else the seconds until all are. */
  attempt(keys: { customerId?: number | null; phone?: string | null; ip: string }): Promise<number>;
}

export function createGrievanceLimiter({
  store = memoryLimitStore,
  perHour = GRIEVANCES_PER_HOUR,
}: { store?: LimitStore; perHour?: number } = {}): GrievanceLimiter {
  const limiter = store({ keyPrefix: "grievances", points: perHour, duration: 3600 });
  return {
    async attempt({ customerId, phone, ip }) {
      const keys = [`ip:${ip}`, ...(customerId ? [`customer:${customerId}`] : []), ...(phone ? [`phone:${phone}`] : [])];
      const waits = await Promise.all(
        keys.map(async (key) => {
          try {
            await limiter.consume(key, 1);
            return 0;
          } catch (res) {
            if (res instanceof RateLimiterRes) return Math.ceil(res.msBeforeNext / 1000);
            throw res;
          }
        }),
      );
      return Math.max(0, ...waits);
    },
  };
}
