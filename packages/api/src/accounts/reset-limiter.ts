import { memoryLimitStore, secondsToWait, type LimitStore } from "../platform/limit-store.ts";

export interface ResetLimiter {
  /** counts one "forgot password" request; seconds to wait when over a limit, else 0 */
  attempt(ip: string, account: string): Promise<number>;
}

/**
 * "Forgot password?" sends mail to whoever owns the address: at most `perHour` requests an hour from
 * one address and 3 an hour for one account, so the form can neither flood an inbox nor be used to
 * send mail in bulk. Shared by every instance on PostgreSQL (limit-store.ts).
 */
export function createResetLimiter({
  perHour = 10,
  perAccount = 3,
  store = memoryLimitStore,
}: { perHour?: number; perAccount?: number; store?: LimitStore } = {}): ResetLimiter {
  const byIp = store({ keyPrefix: "reset-ip", points: perHour, duration: 3600 });
  const byAccount = store({ keyPrefix: "reset-account", points: perAccount, duration: 3600 });
  return {
    async attempt(ip, account) {
      const ipWait = await secondsToWait(byIp, ip);
      if (ipWait > 0) return ipWait;
      return secondsToWait(byAccount, account.toLowerCase());
    },
  };
}
