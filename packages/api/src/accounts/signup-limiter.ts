import { memoryLimitStore, secondsToWait, type LimitStore } from "../platform/limit-store.ts";

export interface SignupLimiter {
  /** counts one sign-up attempt from this address; seconds to wait when over the limit, else 0 */
  attempt(ip: string): Promise<number>;
}

/**
 * At most `perHour` sign-up attempts an hour from one address (OWASP API6: unrestricted access to
 * sensitive business flows — mass account creation, and guessing which phone numbers and emails
 * are registered from the 409 answers). With several servers on one database the counters live
 * in it (limit-store.ts), so they share one budget.
 */
export function createSignupLimiter({ perHour = 20, store = memoryLimitStore }: { perHour?: number; store?: LimitStore } = {}): SignupLimiter {
  const byIp = store({ keyPrefix: "signup-ip", points: perHour, duration: 3600 });
  return {
    attempt: (ip) => secondsToWait(byIp, ip),
  };
}
