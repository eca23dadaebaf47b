// "Forgot password?" (issue 16): a single-use link valid 30 minutes, its token random and stored only
// as a SHA-256; the answer is the same whether or not the account exists; a new password ends every
// earlier session (sessionVersion).
import { createHash, randomBytes } from "node:crypto";
import type { Context } from "../context.ts";
import { queueMail } from "../messaging/outbox.ts";
import { hashPassword } from "./passwords.ts";
import { assertUncommonPassword } from "./password-policy.ts";
import { StoreError } from "../platform/errors.ts";

export const RESET_VALID_MINUTES = 30;
export type ResetRole = "customer" | "admin";

const SENT = "If an account with that email or phone number exists, we have sent it a link to reset the password. The link works once, for 30 minutes.";
const BAD_LINK = "This reset link is not valid any more: it was already used, it is older than 30 minutes, or it is incomplete. Please ask for a new one.";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

async function accountOf(ctx: Context, role: ResetRole, by: { email?: string | undefined; number?: string | undefined }) {
  const where = by.email ? { email: by.email } : { number: by.number ?? "" };
  if (role === "customer") {
    const c = await ctx.db.customer.findFirst({ where, select: { customerId: true, email: true, firstName: true } });
    return c && { id: c.customerId, email: c.email, name: c.firstName };
  }
  const a = await ctx.db.admin.findFirst({
    where: by.email ? { email: by.email } : { phone: by.number ?? "" },
    select: { adminId: true, email: true, name: true },
  });
  return a && { id: a.adminId, email: a.email, name: a.name };
}

export async function forgotPassword(ctx: Context, role: ResetRole, input: { email?: string | undefined; number?: string | undefined }) {
  const named = `${role}:${input.email ?? input.number ?? ""}`;
  const wait = await ctx.services.resetLimiter.attempt(ctx.clientIp, named);
  if (wait > 0) {
    throw new StoreError(429, "TOO_MANY_REQUESTS", `Too many reset requests. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  }
  const account = await accountOf(ctx, role, input);
  if (account) {
    const token = randomBytes(32).toString("base64url");
    const page = role === "admin" ? "/adminResetPassword" : "/resetPassword";
    await ctx.db.$transaction(async (tx) => {
      await tx.passwordResetToken.create({
        data: { tokenHash: hashOf(token), role, subjectId: account.id, expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000) },
      });
      await queueMail(tx, ctx.services.mail, account.email, {
        kind: "password-reset",
        name: account.name,
        resetUrl: `${ctx.services.mail.publicUrl}${page}?token=${token}`,
        validMinutes: RESET_VALID_MINUTES,
      });
    });
  }
  return { success: true, message: SENT };
}

export async function resetPassword(ctx: Context, role: ResetRole, input: { token: string; password: string }) {
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    const tokenHash = hashOf(input.token);
    const claimed = await tx.passwordResetToken.updateMany({ where: { tokenHash, role, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count === 0) throw new StoreError(400, "BAD_REQUEST", BAD_LINK);
    const { subjectId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash } });
    // every other link of the account stops working too
    await tx.passwordResetToken.updateMany({ where: { role, subjectId, usedAt: null }, data: { usedAt: now } });
    const data = { passwordHash, sessionVersion: { increment: 1 } };
    const updated =
      role === "customer"
        ? await tx.customer.updateMany({ where: { customerId: subjectId }, data })
        : await tx.admin.updateMany({ where: { adminId: subjectId }, data });
    if (updated.count === 0) throw new StoreError(400, "BAD_REQUEST", BAD_LINK);
  });
  return { success: true, message: "Your password is changed. Please log in with the new password." };
}
