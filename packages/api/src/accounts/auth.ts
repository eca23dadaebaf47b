// Logging in (customers by phone or email, the admin by email or phone), with failed attempts
// limited per address and per account, and the admin's own account.
import { assertStrongPassword } from "./password-policy.ts";
import type { adminLoginSchema, adminPasswordChangeSchema, customerLoginSchema } from "@store/validators";
import type { z } from "zod";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import { adminAccountKey, customerAccountKey, isAccountPassword } from "./current-password.ts";
import type { Context } from "../context.ts";
import type { AuthedContext } from "../platform/context-guards.ts";
import { StoreError } from "../platform/errors.ts";

/** Reserves this password check (login-limiter.ts) or refuses with 429. */
async function reserveCheck(ctx: Context, accountKey: string) {
  const wait = await ctx.services.loginLimiter.reserve(ctx.clientIp, accountKey);
  if (wait > 0) {
    throw new StoreError(429, "TOO_MANY_REQUESTS", `Too many failed logins. Please wait ${wait} seconds and try again.`);
  }
}

export async function customerLogin(ctx: Context, input: z.infer<typeof customerLoginSchema>) {
  const account = (input.number || input.email || "").trim();
  // spec §7's first reading: the phone number may come in the `email` field too
  const phone = input.number?.trim() || (/^\d{10}$/.test(account) ? account : undefined);
  const customer = await ctx.db.customer.findFirst({
    where: phone ? { number: phone } : { email: account.toLowerCase() },
    select: { customerId: true, firstName: true, passwordHash: true, customerStatus: true, sessionVersion: true },
  });
  // failures count against the account itself, whether it was named by phone or by email
  const accountKey = customer ? customerAccountKey(customer.customerId) : account;
  await reserveCheck(ctx, accountKey);
  const ok = customer ? await verifyPassword(customer.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!customer || !ok) throw new StoreError(401, "UNAUTHORIZED", "Invalid phone number or password.");
  await ctx.services.loginLimiter.succeeded(ctx.clientIp, accountKey);
  if (!customer.customerStatus) {
    throw new StoreError(403, "FORBIDDEN", "Your account is inactive. Please contact the store.");
  }
  const token = await ctx.services.tokens.sign({ role: "customer", customerId: customer.customerId, sessionVersion: customer.sessionVersion });
  return { token, customerId: customer.customerId, firstName: customer.firstName };
}

export async function adminLogin(ctx: Context, input: z.infer<typeof adminLoginSchema>) {
  const account = input.email.trim().toLowerCase();
  const admin = await ctx.db.admin.findFirst({
    where: /^\d{10}$/.test(account) ? { phone: account } : { email: account },
    select: { adminId: true, name: true, passwordHash: true, sessionVersion: true, role: true, active: true },
  });
  // failures count against the admin account, whether it was named by email or by phone
  const accountKey = admin ? adminAccountKey(admin.adminId) : `admin:${account}`;
  await reserveCheck(ctx, accountKey);
  const ok = admin ? await verifyPassword(admin.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!admin || !ok) throw new StoreError(401, "UNAUTHORIZED", "Invalid email/phone number or password.");
  if (!admin.active) throw new StoreError(403, "FORBIDDEN", "This staff account has been disabled. Please ask the store's owner.");
  await ctx.services.loginLimiter.succeeded(ctx.clientIp, accountKey);
  return {
    token: await ctx.services.tokens.sign({ role: "admin", adminId: admin.adminId, sessionVersion: admin.sessionVersion }),
    name: admin.name,
    role: admin.role,
  };
}

export const adminAccount = (ctx: Context, adminId: number) =>
  ctx.db.admin.findUniqueOrThrow({ where: { adminId }, select: { adminId: true, name: true, email: true, phone: true, role: true } });

export async function changeAdminPassword(ctx: Context, adminId: number, input: z.infer<typeof adminPasswordChangeSchema>) {
  const admin = await ctx.db.admin.findUniqueOrThrow({ where: { adminId }, select: { passwordHash: true, sessionVersion: true } });
  if (!(await isAccountPassword(ctx, adminAccountKey(adminId), admin.passwordHash, input.currentPassword))) {
    throw new StoreError(400, "CURRENT_PASSWORD_INCORRECT", "The current password is not correct.");
  }
  // the same password again changes nothing, as a customer's profile save does
  if (input.newPassword === input.currentPassword) {
    return {
      success: true,
      message: "That is already your password.",
      token: await ctx.services.tokens.sign({ role: "admin", adminId, sessionVersion: admin.sessionVersion }),
    };
  }
  await assertStrongPassword(ctx.db, input.newPassword);
  // every earlier session ends; this one goes on with a fresh token
  const { sessionVersion } = await ctx.db.admin.update({
    where: { adminId },
    data: { passwordHash: await hashPassword(input.newPassword), sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  const token = await ctx.services.tokens.sign({ role: "admin", adminId, sessionVersion });
  return { success: true, message: "Password changed.", token };
}

/** Ends every session of the caller's account, this one included. */
export async function logOutEverywhere(ctx: AuthedContext) {
  if (ctx.auth.role === "admin") {
    await ctx.db.admin.update({ where: { adminId: ctx.auth.adminId }, data: { sessionVersion: { increment: 1 } } });
  } else {
    await ctx.db.customer.update({ where: { customerId: ctx.auth.customerId }, data: { sessionVersion: { increment: 1 } } });
  }
  return { success: true, message: "You are logged out on every device." };
}
