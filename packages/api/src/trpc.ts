import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import type { AdminRole } from "@store/validators";
import type { Context } from "./context.ts";
import { errorCodeOf, fieldErrors, ImportRejected, readableZodMessage, StoreError, userFacingError } from "./platform/errors.ts";
import { beginAudit } from "./back-office/audit.ts";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      const hidden = error.code === "INTERNAL_SERVER_ERROR";
      return {
        message: zod ? readableZodMessage(zod) : hidden ? "Something went wrong on our side. Please try again." : shape.message,
        code: shape.code,
        data: {
          code: shape.data.code,
          /** the machine code of the refusal (platform/errors.ts StoreError): `code` in the REST error body */
          storeCode: errorCodeOf(error),
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: zod ? fieldErrors(zod) : undefined,
          rowErrors: error.cause instanceof ImportRejected ? error.cause.rowErrors : undefined,
          /** attemptsLeft, retryAfterSeconds: in the REST error body, and Retry-After (plugins/rest.ts) */
          details: error.cause instanceof StoreError ? error.cause.details : undefined,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns database errors into errors a person understands, with the right status (platform/errors.ts). */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const mapped = userFacingError(result.error);
  if (mapped) throw mapped;
  return result;
});

const LONE_SURROGATE = "The text sent contains a broken character (a lone Unicode surrogate). Please retype it.";
const NUL = "Text may not contain the character U+0000 (NUL). Please retype it.";

/** What is wrong with some string in the value (keys too): a lone UTF-16 surrogate or a NUL, else undefined. */
function brokenText(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return !value.isWellFormed() ? LONE_SURROGATE : value.includes("\u0000") ? NUL : undefined;
  if (depth > 20 || value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = brokenText(key, depth + 1) ?? brokenText(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * JSON can carry a lone surrogate ("\ud800"), which Prisma's query compiler refuses with an
 * unknown-request error (a 500 found by the fuzz suite on PostgreSQL), and a NUL, which
 * PostgreSQL cannot store in text (the raw-SQL search too): refuse both before any procedure
 * work, as the bad input they are.
 */
const rejectBrokenText = t.middleware(async ({ getRawInput, next }) => {
  const problem = brokenText(await getRawInput());
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
  return next();
});

/**
 * The audit trail (issue 17): every mutation made with an owner's or staff's token is recorded
 * once it has succeeded, with the record's fields before and after (back-office/audit.ts). Denied or
 * failed calls leave no entry.
 */
const auditBackOffice = t.middleware(async ({ ctx, type, path, getRawInput, next }) => {
  if (type !== "mutation" || ctx.auth?.role !== "admin") return next();
  const pending = await beginAudit(ctx, path, await getRawInput());
  const result = await next();
  if (result.ok && pending) await pending.succeeded(result.data);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors).use(rejectBrokenText).use(auditBackOffice);

function unauthorized(ctx: Context): never {
  throw new TRPCError({ code: "UNAUTHORIZED", message: ctx.authProblem ?? "Please log in to continue." });
}

const SESSION_ENDED = "Your session has ended (the password was changed or you logged out everywhere). Please log in again.";

/** A valid token is not enough: the account must still exist, the token be of its current session version, and a customer Active. */
async function assertActiveCustomer(ctx: Context, customerId: number, sessionVersion = 0) {
  const customer = await ctx.db.customer.findUnique({ where: { customerId }, select: { customerStatus: true, sessionVersion: true } });
  if (!customer) throw new TRPCError({ code: "UNAUTHORIZED", message: "Your account no longer exists. Please register again." });
  if (customer.sessionVersion !== sessionVersion) throw new TRPCError({ code: "UNAUTHORIZED", message: SESSION_ENDED });
  if (!customer.customerStatus) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Your account is inactive. Please contact the store." });
  }
}

/** The account behind an admin token: it must exist, be active and the token of its current session version. */
async function assertAdminExists(ctx: Context, adminId: number, sessionVersion = 0): Promise<AdminRole> {
  const admin = await ctx.db.admin.findUnique({ where: { adminId }, select: { sessionVersion: true, role: true, active: true } });
  if (!admin) unauthorized(ctx);
  if (admin.sessionVersion !== sessionVersion) throw new TRPCError({ code: "UNAUTHORIZED", message: SESSION_ENDED });
  if (!admin.active) throw new TRPCError({ code: "UNAUTHORIZED", message: "This staff account has been disabled. Please ask the store's owner." });
  return admin.role === "staff" ? "staff" : "owner";
}

/** A logged-in, active customer. Which records it may touch is checked by `assertOwnCustomer`. */
export const customerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role === "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "This is for customers. Please log in with a customer account." });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId, ctx.auth.sessionVersion);
  return next({ ctx: { ...ctx, auth: ctx.auth, customerId: ctx.auth.customerId } });
});

/** A logged-in customer acting on its own records, or an admin acting on anyone's. */
export const customerOrAdminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role === "admin") {
    const adminRole = await assertAdminExists(ctx, ctx.auth.adminId, ctx.auth.sessionVersion);
    return next({ ctx: { ...ctx, auth: ctx.auth, adminRole } });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId, ctx.auth.sessionVersion);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

/**
 * Reading one order (issue 29): as customerOrAdminProcedure, or without a login when an X-Order-Token is
 * sent; the procedure checks the token against its order (guest/order-access.ts orderReader).
 */
export const orderReaderProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth && ctx.orderToken) return next({ ctx: { ...ctx, auth: null } });
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role === "admin") {
    const adminRole = await assertAdminExists(ctx, ctx.auth.adminId, ctx.auth.sessionVersion);
    return next({ ctx: { ...ctx, auth: ctx.auth, adminRole } });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId, ctx.auth.sessionVersion);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

/**
 * A guest (no token) or a signed-in account checked as customerOrAdminProcedure does (issue 31: a
 * complaint is filed and read by either). A token sent but not accepted is 401, never a guest.
 */
export const guestOrSignedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) {
    if (ctx.authProblem) unauthorized(ctx);
    return next({ ctx: { ...ctx, auth: null } });
  }
  if (ctx.auth.role === "admin") {
    const adminRole = await assertAdminExists(ctx, ctx.auth.adminId, ctx.auth.sessionVersion);
    return next({ ctx: { ...ctx, auth: ctx.auth, adminRole } });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId, ctx.auth.sessionVersion);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

/** The owner or a staff account: products, orders, carts, customers. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Only the store's admin can do this." });
  const adminRole = await assertAdminExists(ctx, ctx.auth.adminId, ctx.auth.sessionVersion);
  return next({ ctx: { ...ctx, auth: ctx.auth, adminId: ctx.auth.adminId, adminRole } });
});

/** The owner only: settings, payment confirmations and refunds, staff, the audit trail (issue 17). */
export const ownerProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.adminRole !== "owner") throw new TRPCError({ code: "FORBIDDEN", message: "Only the store's owner can do this." });
  return next();
});

/** The customerId in a path proves nothing: a customer may only name itself. */
export function assertOwnCustomer(auth: NonNullable<Context["auth"]>, customerId: number, what = "this"): void {
  if (auth.role === "admin") return;
  if (auth.customerId !== customerId) {
    throw new TRPCError({ code: "FORBIDDEN", message: `You can only see or change ${what} of your own account.` });
  }
}
