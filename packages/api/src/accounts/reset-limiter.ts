import { RateLimiterRes } from "rate-limiter-flexible";
import { memoryLimitStore, secondsToWait, type LimitStore } from "../platform/limit-store.ts";

export interface ResetLimiter {
  /** counts one "forgot password" request; seconds to wait when over a limit, else 0 */
  attempt(ip: string, account: string): Promise<number>;
  /** reserves one try of a reset link from this address; seconds to wait when the address has spent its tries (nothing reserved), else 0 */
  reserveLinkTry(ip: string): Promise<number>;
  /** the link set a new password: its try is given back */
  linkWorked(ip: string): Promise<void>;
}

/**
 * "Forgot password?" sends mail to whoever owns the address: at most `perHour` requests an hour from
 * one address and 3 an hour for one account, so the form can neither flood an inbox nor be used to
 * send mail in bulk. Using a link is limited like a login (login-limiter.ts): `linkTries` tries a
 * `linkWindowSeconds` from one address that set no password, so made-up tokens cannot keep the
 * database busy (issue 22). Shared by every instance on PostgreSQL (limit-store.ts).
 */
export function createResetLimiter({
  perHour = 10,
  perAccount = 3,
  linkTries = 10,
  linkWindowSeconds = 60,
  store = memoryLimitStore,
}: { perHour?: number; perAccount?: number; linkTries?: number; linkWindowSeconds?: number; store?: LimitStore } = {}): ResetLimiter {
  const byIp = store({ keyPrefix: "reset-ip", points: perHour, duration: 3600 });
  const byAccount = store({ keyPrefix: "reset-account", points: perAccount, duration: 3600 });
  const linkTriesByIp = store({ keyPrefix: "reset-link-ip", points: linkTries, duration: linkWindowSeconds });
  return {
    async attempt(ip, account) {
      const ipWait = await secondsToWait(byIp, ip);
      if (ipWait > 0) return ipWait;
      return secondsToWait(byAccount, account.toLowerCase());
    },
    async reserveLinkTry(ip) {
      try {
        await linkTriesByIp.consume(ip, 1);
        return 0;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      }
    },
    async linkWorked(ip) {
      await linkTriesByIp.reward(ip, 1);
    },
  };
}
