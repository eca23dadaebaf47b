// A logged-in caller's current password is a password check like a login's: guessing it through a
// profile save or /admin/password counts against the same limits (login-limiter.ts), per account
// and per address, so a stolen session cannot try passwords without end (issue 22).
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { verifyPassword } from "./passwords.ts";

/** The limiter's name of an account: the same whether it logs in or proves its password while logged in. */
export const customerAccountKey = (customerId: number) => `customer:${customerId}`;
export const adminAccountKey = (adminId: number) => `admin-id:${adminId}`;

/** Whether `password` is the account's, within the account's and the address's budget of tries (else 429 TOO_MANY_ATTEMPTS). */
export async function isAccountPassword(ctx: Context, accountKey: string, passwordHash: string, password: string): Promise<boolean> {
  const wait = await ctx.services.loginLimiter.reserve(ctx.clientIp, accountKey);
  if (wait > 0) {
    throw new StoreError(429, "TOO_MANY_ATTEMPTS", `Too many wrong passwords. Please wait ${wait} seconds and try again.`);
  }
  const ok = await verifyPassword(passwordHash, password);
  if (ok) await ctx.services.loginLimiter.succeeded(ctx.clientIp, accountKey);
  return ok;
}
