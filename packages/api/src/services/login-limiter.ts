import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface LoginLimiter {
  /** throws-free check: seconds to wait if this ip or account is blocked, else 0 */
  blockedFor(ip: string, account: string): Promise<number>;
  recordFailure(ip: string, account: string): Promise<void>;
  recordSuccess(account: string): Promise<void>;
}

/** At most `failures` failed logins a minute per IP and per account (OWASP API2: broken authentication). */
export function createLoginLimiter({ failures = 10, windowSeconds = 60 } = {}): LoginLimiter {
  const byIp = new RateLimiterMemory({ keyPrefix: "login-ip", points: failures, duration: windowSeconds });
  const byAccount = new RateLimiterMemory({ keyPrefix: "login-account", points: failures, duration: windowSeconds });
  const wait = (res: RateLimiterRes | null) => (res && res.remainingPoints <= 0 && res.consumedPoints >= failures ? Math.ceil(res.msBeforeNext / 1000) : 0);
  return {
    async blockedFor(ip, account) {
      const [a, b] = await Promise.all([byIp.get(ip), byAccount.get(account.toLowerCase())]);
      return Math.max(wait(a), wait(b));
    },
    async recordFailure(ip, account) {
      await Promise.all([byIp.penalty(ip, 1), byAccount.penalty(account.toLowerCase(), 1)]);
    },
    async recordSuccess(account) {
      await byAccount.delete(account.toLowerCase());
    },
  };
}
