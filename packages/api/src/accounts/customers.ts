// Customer accounts: sign-up, profile changes (phone and email stay unique), status and deletion.
import { randomBytes } from "node:crypto";
import { assertStrongPassword } from "./password-policy.ts";
import type { Db, Prisma } from "@store/db";
import { PAGE_SIZE, type customerSignUpSchema, type customerUpdateSchema } from "@store/validators";
import type { z } from "zod";
import { assertOwnCustomer } from "../trpc.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { customerAccountKey, isAccountPassword } from "./current-password.ts";
import { queueMail } from "../messaging/outbox.ts";
import { likeText } from "../catalogue/search.ts";
import { customerSelect } from "./serializers.ts";
import { withOrderSummary } from "./customer-order-summary.ts";
import type { Context } from "../context.ts";
import { type AuthedContext, searchedId } from "../platform/context-guards.ts";
import { StoreError } from "../platform/errors.ts";
import { isPhoneToken } from "./otp/phone-tokens.ts";
import { assertStateMatchesPincode } from "../delivery/pincode-state.ts";
import { writeProfileAddress } from "./addresses/addresses.ts";
import { attachGuestOrders } from "../guest/attach-orders.ts";
import { changeConsent } from "./preferences/consent.ts";

/**
 * Whom a 409 for a taken phone or email may tell which one it is: a sign-up (the spec's named 409)
 * and the back office, which sees every customer anyway. A customer changing its own profile gets
 * one answer for either (issue 22), so the words do not say which of the two someone else has.
 */
type ClashAnswer = "named" | "unnamed";

/** 409 when the phone or email is taken by someone other than `exceptId`. */
async function assertUnique(db: Db, number: string, email: string, exceptId: number | undefined, answer: ClashAnswer) {
  const clash = await db.customer.findFirst({
    where: { OR: [{ number }, { email }], NOT: exceptId ? { customerId: exceptId } : undefined },
    select: { number: true, email: true },
  });
  if (!clash) return;
  if (answer === "unnamed") throw new StoreError(409, "PHONE_OR_EMAIL_UNAVAILABLE", "This phone number or email cannot be used. Please enter another.");
  throw new StoreError(
    409,
    "CONFLICT",
    clash.number === number ? "A customer with this phone number is already registered." : "A customer with this email is already registered.",
  );
}

/** Two sign-ups racing with the same phone or email: the loser hits the unique index; answer as assertUnique does. */
async function writeNamingClash<T>(
  db: Db,
  number: string,
  email: string,
  exceptId: number | undefined,
  answer: ClashAnswer,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await assertUnique(db, number, email, exceptId, answer);
    throw error;
  }
}

async function assertExists(db: Db, customerId: number) {
  const found = await db.customer.findUnique({ where: { customerId }, select: { customerId: true } });
  if (!found) throw new StoreError(404, "NOT_FOUND", `Customer ${customerId} was not found.`);
}

/** Sign-ups, and customers trying other phone numbers or emails, from one address: the 409 of either tells whether an account exists. */
async function countProbe(ctx: Context, what: string) {
  const wait = await ctx.services.signupLimiter.attempt(ctx.clientIp);
  if (wait > 0) throw new StoreError(429, "TOO_MANY_REQUESTS", `Too many ${what} from your network. Please try again in ${Math.ceil(wait / 60)} minutes.`);
}

export async function signUp(ctx: Context, input: z.infer<typeof customerSignUpSchema>) {
  await countProbe(ctx, "sign-ups");
  await assertUnique(ctx.db, input.number, input.email, undefined, "named");
  await assertStateMatchesPincode(ctx.db, { pincode: input.pinCode, state: input.state });
  const { password, signupToken, whatsappOptIn, ...fields } = input;
  // a signupToken proves the phone by OTP (accounts/otp): such an account may have no password
  if (signupToken !== undefined && !isPhoneToken(ctx.services.otpSecret, "signup", signupToken, input.number)) {
    throw new StoreError(400, "SIGNUP_TOKEN_INVALID", "Your phone verification has expired or was for another number. Please verify your phone again.");
  }
  const phoneVerified = signupToken !== undefined ? { phoneVerified: true, phoneVerifiedAt: new Date() } : {};
  if (password !== undefined) await assertStrongPassword(ctx.db, password);
  // without one, a random secret nobody knows: no password logs in until one is set by a reset
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString("base64url"));
  const created = await writeNamingClash(ctx.db, input.number, input.email, undefined, "named", () =>
    ctx.db.$transaction(async (tx) => {
      const customer = await tx.customer.create({ data: { ...fields, ...phoneVerified, passwordHash, agreeToTerms: true }, select: { customerId: true } });
      // the sign-up's address is address #1, the default (issue 29)
      await writeProfileAddress(tx, { ...fields, gstin: null, customerId: customer.customerId });
      // issue 30: the registration form's WhatsApp box, timestamped and logged as every consent is
      if (whatsappOptIn === true) await changeConsent(tx, customer.customerId, { whatsappOptIn: true }, "register");
      // issue 29: the guest orders placed with this phone become the new account's (My Orders) — only
      // when the phone is proved by its OTP: a number typed at sign-up proves nothing, and the orders
      // carry their buyer's name and address
      if (signupToken !== undefined) await attachGuestOrders(tx, customer.customerId, fields.number);
      await queueMail(tx, ctx.services.mail, fields.email, {
        kind: "welcome",
        name: fields.firstName,
        shopUrl: `${ctx.services.mail.publicUrl}/product/${customer.customerId}`,
      });
      return customer;
    }),
  );
  if (signupToken === undefined) return { success: true, message: "Registration successful. Please log in.", customerId: created.customerId };
  // an OTP-verified sign-up has no password to log in with: it is logged in now, as an OTP login would be
  const token = await ctx.services.tokens.sign({ role: "customer", customerId: created.customerId, sessionVersion: 0 });
  return { success: true, message: "Registration successful. You are logged in.", customerId: created.customerId, token };
}

export async function customerDetails(ctx: AuthedContext, customerId: number) {
  assertOwnCustomer(ctx.auth, customerId, "the details");
  const customer = await ctx.db.customer.findUnique({ where: { customerId }, select: customerSelect });
  if (!customer) throw new StoreError(404, "NOT_FOUND", `Customer ${customerId} was not found.`);
  return customer;
}

/** Every customer, newest first, with its orders count, total spent and last order (admin). */
export const allCustomers = async (ctx: Context) =>
  withOrderSummary(ctx.db, await ctx.db.customer.findMany({ select: customerSelect, orderBy: { customerId: "desc" } }));

const SEARCHED_FIELDS = ["firstName", "lastName", "email", "number", "city", "state", "pinCode", "areaAddress", "houseNo"] as const;

/** The admin customer list's search (and its CSV export's). */
export function customerListWhere(q: string): Prisma.CustomerWhereInput {
  const id = searchedId(q);
  return q
    ? {
        OR: [
          ...(id !== undefined ? [{ customerId: id }] : []),
          ...SEARCHED_FIELDS.map((f) => ({ [f]: { contains: likeText(q), mode: "insensitive" as const } })),
        ],
      }
    : {};
}

export async function customerPage(ctx: Context, input: { page: number; search: string }) {
  const where = customerListWhere(input.search);
  const [items, total] = await Promise.all([
    ctx.db.customer.findMany({ where, select: customerSelect, orderBy: { customerId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.customer.count({ where }),
  ]);
  return { items: await withOrderSummary(ctx.db, items), total, page: input.page, pageSize: PAGE_SIZE };
}

/**
 * Whether `password` is a new one (old clients send the whole profile, password included, on every
 * save: the same password again changes nothing). A new password from a customer needs the current
 * one; from an admin (resetting a customer's) it does not. A customer's both checks count as
 * password tries (current-password.ts): "is this my password?" is what a guesser would ask.
 */
async function isPasswordChange(ctx: AuthedContext, customerId: number, password: string, currentPassword: string | undefined): Promise<boolean> {
  const { passwordHash } = await ctx.db.customer.findUniqueOrThrow({ where: { customerId }, select: { passwordHash: true } });
  const isCurrent = (guess: string) =>
    ctx.auth.role === "admin" ? verifyPassword(passwordHash, guess) : isAccountPassword(ctx, customerAccountKey(customerId), passwordHash, guess);
  if (await isCurrent(password)) return false;
  await assertStrongPassword(ctx.db, password);
  if (ctx.auth.role === "admin") return true;
  if (!currentPassword) throw new StoreError(400, "BAD_REQUEST", "Enter your current password to set a new one.");
  if (!(await isCurrent(currentPassword))) throw new StoreError(400, "CURRENT_PASSWORD_INCORRECT", "The current password is not correct.");
  return true;
}

/** An admin set a customer's password: the customer hears of it at the address on file, in the same transaction. */
function tellCustomerOfNewPassword(ctx: AuthedContext, tx: Prisma.TransactionClient, customer: { email: string; firstName: string }) {
  return queueMail(tx, ctx.services.mail, customer.email, {
    kind: "password-set-by-store",
    name: customer.firstName,
    forgotUrl: `${ctx.services.mail.publicUrl}/forgotPassword`,
  });
}

/**
 * A customer changes itself, an admin anyone; a blank password keeps the old one; only an admin may
 * change customerStatus. A new password ends every earlier session of the account; customers
 * changing their own get a fresh token for this one.
 */
export async function updateCustomer(ctx: AuthedContext, input: z.infer<typeof customerUpdateSchema> & { customerId: number }) {
  assertOwnCustomer(ctx.auth, input.customerId, "the details");
  const current = await ctx.db.customer.findUnique({
    where: { customerId: input.customerId },
    select: { number: true, email: true, firstName: true, lastName: true },
  });
  if (!current) throw new StoreError(404, "NOT_FOUND", `Customer ${input.customerId} was not found.`);
  if (ctx.auth.role === "customer" && (current.number !== input.number || current.email.toLowerCase() !== input.email.toLowerCase())) {
    await countProbe(ctx, "changes of phone number or email");
  }
  const clashAnswer = ctx.auth.role === "admin" ? "named" : "unnamed";
  await assertUnique(ctx.db, input.number, input.email, input.customerId, clashAnswer);
  // every save sends the address: a legacy one whose state disagrees is corrected here, not at login
  await assertStateMatchesPincode(ctx.db, { pincode: input.pinCode, state: input.state });
  const { customerId, password, currentPassword, customerStatus, gstin, ...fields } = input;
  const passwordHash = password && (await isPasswordChange(ctx, customerId, password, currentPassword)) ? await hashPassword(password) : undefined;
  const { sessionVersion, ...customer } = await writeNamingClash(ctx.db, input.number, input.email, customerId, clashAnswer, () =>
    ctx.db.$transaction(async (tx) => {
      const updated = await tx.customer.update({
        where: { customerId },
        data: {
          ...fields,
          ...(gstin !== undefined ? { gstin: gstin === "" ? null : gstin } : {}),
          ...(passwordHash ? { passwordHash, sessionVersion: { increment: 1 } } : {}),
          ...(ctx.auth.role === "admin" && customerStatus !== undefined ? { customerStatus } : {}),
        },
        select: { ...customerSelect, sessionVersion: true },
      });
      // legacy clients edit "the" address: it is the default of the address book (issue 29)
      await writeProfileAddress(tx, updated, current);
      // told at the address it had before this save, in case the same save changed it
      if (passwordHash && ctx.auth.role === "admin") await tellCustomerOfNewPassword(ctx, tx, current);
      return updated;
    }),
  );
  const token = passwordHash && ctx.auth.role === "customer" ? await ctx.services.tokens.sign({ role: "customer", customerId, sessionVersion }) : undefined;
  return {
    success: true,
    message: passwordHash ? "Customer updated. Other sessions were logged out." : "Customer updated.",
    customer,
    ...(token ? { token } : {}),
  };
}

export async function setCustomerStatus(ctx: Context, input: { customerId: number; customerStatus: boolean }) {
  await assertExists(ctx.db, input.customerId);
  const customer = await ctx.db.customer.update({
    where: { customerId: input.customerId },
    data: { customerStatus: input.customerStatus },
    select: customerSelect,
  });
  return { success: true, message: input.customerStatus ? "Customer is now Active." : "Customer is now Inactive.", customer };
}

/** Their orders stay on the books (the order keeps the customer's name and address). */
export async function deleteCustomer(ctx: Context, customerId: number) {
  const { count } = await ctx.db.customer.deleteMany({ where: { customerId } });
  if (count === 0) throw new StoreError(404, "NOT_FOUND", `Customer ${customerId} was not found.`);
  return { success: true, message: "Customer deleted." };
}
