// A guest reads or writes on a ticket with the complainant's e-mail as proof. Ticket numbers are
// sequential, so someone holding one e-mail could try ticket after ticket (or one ticket with many
// e-mails): at most `missesPerHour` failed lookups an hour from one address stop that. Counted in the
// shared limit store (platform/limit-store.ts), as the tracking page's misses are (shipments/track-limiter.ts).
import { memoryLimitStore, secondsToWait, type LimitStore } from "../../platform/limit-store.ts";

export const GRIEVANCE_LOOKUP_MISSES_PER_HOUR = 20;

export interface GrievanceLookupLimiter {
  /** counts one failed guest lookup from this address; seconds to wait when over the limit, else 0 */
  miss(ip: string): Promise<number>;
  /** seconds this address must still wait before it may look up again, without counting */
  blockedFor(ip: string): Promise<number>;
}

export function createGrievanceLookupLimiter({
  missesPerHour = GRIEVANCE_LOOKUP_MISSES_PER_HOUR,
  store = memoryLimitStore,
}: { missesPerHour?: number; store?: LimitStore } = {}): GrievanceLookupLimiter {
  const byIp = store({ keyPrefix: "grievance-miss-ip", points: missesPerHour, duration: 3600 });
  return {
    miss: (ip) => secondsToWait(byIp, ip),
    async blockedFor(ip) {
      const state = await byIp.get(ip);
      return state && state.consumedPoints >= missesPerHour ? Math.ceil(state.msBeforeNext / 1000) : 0;
    },
  };
}
