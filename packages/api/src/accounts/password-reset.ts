// "Forgot password?" (issue 16): a single-use link valid 30 minutes, its token random and stored only
// as a SHA-256; the answer is the same whether or not the account exists, and so is the work behind
// it (issue 22); a new password ends every earlier session (sessionVersion). Using a link checks the
// token (one SHA-256 and a lookup) before the password is hashed, within a budget of tries per address.
import { createHash, randomBytes } from "node:crypto";
import type { Context } from "../context.ts";
import { queueMail } from "../messaging/outbox.ts";
import { hashPassword } from "./passwords.ts";
import { assertStrongPassword } from "./password-policy.ts";
import { StoreError } from "../platform/errors.ts";

export const RESET_VALID_MINUTES = 30;
export type ResetRole = "customer" | "admin";

const SENT = "If an account with that email or phone number exists, we have sent it a link to reset the password. The link works once, for 30 minutes.";
const BAD_LINK = "This reset link is not valid any more: it was already used, it is older than 30 minutes, or it is incomplete. Please ask for a new one.";

/** Thrown to roll back the writes of a request for nobody (see forgotPassword). */
class NobodyToTell extends Error {}

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
  // An unknown address does the same work as a known one (the token, the mail, the same two writes),
  // then rolls the writes back: the time of the answer does not tell whether the account exists, as
  // verifyAgainstNothing does for logins.
  const addressee = account ?? { id: 0, email: input.email ?? "", name: "" };
  const token = randomBytes(32).toString("base64url");
  const page = role === "admin" ? "/adminResetPassword" : "/resetPassword";
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.passwordResetToken.create({
        data: { tokenHash: hashOf(token), role, subjectId: addressee.id, expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000) },
      });
      await queueMail(tx, ctx.services.mail, addressee.email, {
        kind: "password-reset",
        name: addressee.name,
        resetUrl: `${ctx.services.mail.publicUrl}${page}?token=${token}`,
        validMinutes: RESET_VALID_MINUTES,
      });
      if (!account) throw new NobodyToTell();
    });
  } catch (error) {
    if (!(error instanceof NobodyToTell)) throw error;
  }
  return { success: true, message: SENT };
}

/** The account a link may still set the password of, or a 400 RESET_TOKEN_INVALID. */
async function assertUsableLink(ctx: Context, role: ResetRole, tokenHash: string) {
  const link = await ctx.db.passwordResetToken.findUnique({ where: { tokenHash }, select: { role: true, usedAt: true, expiresAt: true } });
  if (!link || link.role !== role || link.usedAt !== null || link.expiresAt <= new Date()) throw new StoreError(400, "RESET_TOKEN_INVALID", BAD_LINK);
}

export async function resetPassword(ctx: Context, role: ResetRole, input: { token: string; password: string }) {
  const wait = await ctx.services.resetLimiter.reserveLinkTry(ctx.clientIp);
  if (wait > 0) throw new StoreError(429, "TOO_MANY_ATTEMPTS", `Too many tries of reset links. Please wait ${wait} seconds and try again.`);
  const tokenHash = hashOf(input.token);
  // the cheap check first: a made-up token never reaches the (deliberately slow) password hash
  await assertUsableLink(ctx, role, tokenHash);
  await assertStrongPassword(ctx.db, input.password);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    // claimed again here: of parallel uses of one link, only one sets the password
    const claimed = await tx.passwordResetToken.updateMany({ where: { tokenHash, role, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count === 0) throw new StoreError(400, "RESET_TOKEN_INVALID", BAD_LINK);
    const { subjectId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash } });
    // every other link of the account stops working too
    await tx.passwordResetToken.updateMany({ where: { role, subjectId, usedAt: null }, data: { usedAt: now } });
    const data = { passwordHash, sessionVersion: { increment: 1 } };
    const updated =
      role === "customer"
        ? await tx.customer.updateMany({ where: { customerId: subjectId }, data })
        : await tx.admin.updateMany({ where: { adminId: subjectId }, data });
    if (updated.count === 0) throw new StoreError(400, "RESET_TOKEN_INVALID", BAD_LINK);
  });
  await ctx.services.resetLimiter.linkWorked(ctx.clientIp);
  return { success: true, message: "Your password is changed. Please log in with the new password." };
}
