// Password guessing (OWASP API2, Authentication Cheat Sheet). Every password check is reserved
// before it runs, atomically in the limit store, so parallel requests and tRPC batches each count:
// - per address: `failures` checks a window, whatever the account;
// - per account and address: `failures` a window;
// - per account from addresses that never logged into it: `failures` a window. An address that
//   logged into the account in the last 14 days is exempt from this one, so attackers spread over
//   many addresses cannot lock the real owner out (docs/decisions.md, issue 13).
// A right password gives the reservation back and forgets the account's failures.
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { memoryLimitStore, type LimitStore } from "../platform/limit-store.ts";

export interface LoginLimiter {
  /** Reserves one password check; seconds to wait when a limit is spent (then nothing is reserved), else 0. */
  reserve(ip: string, account: string): Promise<number>;
  /** The password was right: the reservation is given back and the address becomes known to the account. */
  succeeded(ip: string, account: string): Promise<void>;
}

// 14 days: the in-memory store expires keys with setTimeout, which cannot wait longer than 24.8 days
const KNOWN_FOR_SECONDS = 14 * 24 * 3600;

export function createLoginLimiter({
  failures = 10,
  windowSeconds = 60,
  store = memoryLimitStore,
}: { failures?: number; windowSeconds?: number; store?: LimitStore } = {}): LoginLimiter {
  const limit = (keyPrefix: string) => store({ keyPrefix, points: failures, duration: windowSeconds });
  const byIp = limit("login-ip");
  const byAccountIp = limit("login-account-ip");
  const byAccount = limit("login-account");
  const known = store({ keyPrefix: "login-known", points: 1, duration: KNOWN_FOR_SECONDS });
  const norm = (account: string) => account.toLowerCase();
  const pair = (ip: string, account: string) => `${norm(account)}|${ip}`;

  const isKnown = async (ip: string, account: string) => (await known.get(pair(ip, account))) !== null;
  const limitersFor = async (ip: string, account: string): Promise<[RateLimiterAbstract, string][]> => [
    [byIp, ip],
    [byAccountIp, pair(ip, account)],
    ...((await isKnown(ip, account)) ? [] : ([[byAccount, norm(account)]] as [RateLimiterAbstract, string][])),
  ];

  return {
    async reserve(ip, account) {
      const taken: [RateLimiterAbstract, string][] = [];
      for (const [limiter, key] of await limitersFor(ip, account)) {
        try {
          await limiter.consume(key, 1);
          taken.push([limiter, key]);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          // this check will not run: give back what it had reserved on the other counters
          await Promise.all(taken.map(([l, k]) => l.reward(k, 1)));
          return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        }
      }
      return 0;
    },
    async succeeded(ip, account) {
      await Promise.all([
        byIp.reward(ip, 1),
        byAccountIp.delete(pair(ip, account)),
        byAccount.delete(norm(account)),
        known.set(pair(ip, account), 1, KNOWN_FOR_SECONDS),
      ]);
    },
  };
}
