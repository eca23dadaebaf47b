// Guest orders per address of the request in an hour (issue 29): a phone number is cheap to vary, the
// address less so. Generous (many shoppers in India share one carrier address, CGNAT): three times the
// store's orders-per-hour setting. Counted in the shared limit store, so every instance on one
// PostgreSQL keeps one count (limit-store.ts); the bound itself is a setting, read at each checkout.
import { memoryLimitStore, type LimitStore } from "../platform/limit-store.ts";

export const PER_IP_FACTOR = 3;

export interface GuestOrderLimiter {
  /** orders placed from this address in the last hour */
  placed(ip: string): Promise<number>;
  /** counts one order placed from this address */
  count(ip: string): Promise<void>;
}

export function createGuestOrderLimiter({ store = memoryLimitStore }: { store?: LimitStore } = {}): GuestOrderLimiter {
  // the points are never the bound (the setting is): the counter only counts
  const byIp = store({ keyPrefix: "guest-orders-ip", points: 1_000_000_000, duration: 3600 });
  return {
    async placed(ip) {
      return (await byIp.get(ip))?.consumedPoints ?? 0;
    },
    async count(ip) {
      await byIp.consume(ip, 1);
    },
  };
}
