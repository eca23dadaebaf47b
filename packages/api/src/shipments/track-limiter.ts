import { memoryLimitStore, secondsToWait, type LimitStore } from "../platform/limit-store.ts";

export interface TrackLimiter {
  /** counts one failed lookup (unknown AWB or wrong PIN code) from this address; seconds to wait when over the limit, else 0 */
  miss(ip: string): Promise<number>;
  /** seconds this address must still wait before it may look up again, without counting */
  blockedFor(ip: string): Promise<number>;
}

/**
 * The public tracking page takes an AWB and the delivery PIN code as proof. Someone holding a parcel's
 * AWB could try the 19,000 PIN codes to learn where it goes: at most `missesPerHour` failed lookups
 * an hour from one address stop that. Shared across instances on PostgreSQL (limit-store.ts).
 */
export function createTrackLimiter({ missesPerHour = 30, store = memoryLimitStore }: { missesPerHour?: number; store?: LimitStore } = {}): TrackLimiter {
  const byIp = store({ keyPrefix: "track-miss-ip", points: missesPerHour, duration: 3600 });
  return {
    miss: (ip) => secondsToWait(byIp, ip),
    async blockedFor(ip) {
      const state = await byIp.get(ip);
      return state && state.consumedPoints >= missesPerHour ? Math.ceil(state.msBeforeNext / 1000) : 0;
    },
  };
}
