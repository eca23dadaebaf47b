import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { Prisma } from "@store/db";
import type { Context } from "./context.ts";

/** Field -> first message, for forms and for the REST error body. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

function readableZodMessage(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  const field = first.path.join(".");
  // zod's own messages for wrong types do not name the field; ours already do
  return /^(Invalid input|Expected|Unrecognized)/.test(first.message) && field ? `${field}: ${first.message}` : first.message;
}

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
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: zod ? fieldErrors(zod) : undefined,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// Prisma's driver adapters name what went wrong in `cause.kind`. A connection closed while a
// transaction committed was a 500 when PostgreSQL stopped under load (resilience suite, in CI).
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

function isConnectionFailure(error: unknown): boolean {
  const adapterError = error as { name?: string; cause?: { kind?: unknown } };
  if (adapterError?.name === "DriverAdapterError" && UNREACHABLE_KINDS.has(String(adapterError.cause?.kind))) return true;
  const text = String((error as { message?: string })?.message ?? "") + String((error as { code?: string })?.code ?? "");
  // "shutting down" and pg's "not queryable" (a pooled client whose server went away) were 500s
  // while PostgreSQL stopped (resilience suite)
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P01|57P02|57P03|Connection terminated|connection timeout|timeout exceeded when trying to connect|terminating connection|Can't reach database|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|encountered a connection error and is not queryable|server closed the connection unexpectedly|PGlite is closed|DatabaseNotReachable|P1001|P1017/i.test(
    text,
  );
}

/** Turns database errors into errors a person understands, with the right status. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause ?? result.error;
  if (cause instanceof ZodError && result.error.code === "BAD_REQUEST") {
    // zod's own message is a JSON dump of the issues; give callers (createCaller too) the first readable one
    throw new TRPCError({ code: "BAD_REQUEST", message: readableZodMessage(cause), cause });
  }
  if (result.error.code !== "INTERNAL_SERVER_ERROR") return result;
  // PostgreSQL's unique violation: Prisma's P2002 through @prisma/adapter-pg; through the PGlite
  // adapter it arrives as a DriverAdapterError carrying the SQLSTATE (23505)
  const sqlState =
    (cause as { name?: string; cause?: { code?: unknown } }).name === "DriverAdapterError" ? (cause as { cause?: { code?: unknown } }).cause?.code : undefined;
  if ((cause instanceof Prisma.PrismaClientKnownRequestError && cause.code === "P2002") || sqlState === "23505") {
    throw new TRPCError({ code: "CONFLICT", message: "This record already exists.", cause });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError && (cause.code === "P2025" || cause.code === "P2001")) {
    throw new TRPCError({ code: "NOT_FOUND", message: "The record was not found.", cause });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError && cause.code === "P2028") {
    // a transaction could not start or finish in time: the store is overloaded, not broken
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The store is very busy right now. Please try again in a moment.", cause });
  }
  // PostgreSQL cannot store U+0000 in text: a NUL in any string input was a 500 (fuzz suite)
  if (
    /invalid byte sequence for encoding|22021|unsupported Unicode escape sequence|22P05/i.test(
      String((cause as Error)?.message ?? "") + String((cause as { code?: string })?.code ?? ""),
    )
  ) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "Text may not contain the character U+0000 (NUL).", cause });
  }
  if (isConnectionFailure(cause) || isConnectionFailure(result.error)) {
    throw new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: "The store's database is not reachable right now. Please try again in a moment.",
      cause,
    });
  }
  return result;
});

/** True when some string in the value (keys too) holds a lone UTF-16 surrogate. */
function hasBrokenText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !value.isWellFormed();
  if (depth > 20 || value === null || typeof value !== "object") return false;
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed() || hasBrokenText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * JSON can carry a lone surrogate ("\ud800"), which Prisma's query compiler refuses with an
 * unknown-request error (a 500 found by the fuzz suite on PostgreSQL): refuse it before any
 * procedure work, as the bad input it is.
 */
const rejectBrokenText = t.middleware(async ({ getRawInput, next }) => {
  if (hasBrokenText(await getRawInput())) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "The text sent contains a broken character (a lone Unicode surrogate). Please retype it." });
  }
  return next();
});

export const publicProcedure = t.procedure.use(mapErrors).use(rejectBrokenText);

function unauthorized(ctx: Context): never {
  throw new TRPCError({ code: "UNAUTHORIZED", message: ctx.authProblem ?? "Please log in to continue." });
}

/** A valid token is not enough: the account must still exist, and a customer must be Active. */
async function assertActiveCustomer(ctx: Context, customerId: number) {
  const customer = await ctx.db.customer.findUnique({ where: { customerId }, select: { customerStatus: true } });
  if (!customer) throw new TRPCError({ code: "UNAUTHORIZED", message: "Your account no longer exists. Please register again." });
  if (!customer.customerStatus) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Your account is inactive. Please contact the store." });
  }
}

async function assertAdminExists(ctx: Context, adminId: number) {
  const admin = await ctx.db.admin.findUnique({ where: { adminId }, select: { adminId: true } });
  if (!admin) unauthorized(ctx);
}

/** A logged-in, active customer. Which records it may touch is checked by `assertOwnCustomer`. */
export const customerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role === "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "This is for customers. Please log in with a customer account." });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId);
  return next({ ctx: { ...ctx, auth: ctx.auth, customerId: ctx.auth.customerId } });
});

/** A logged-in customer acting on its own records, or an admin acting on anyone's. */
export const customerOrAdminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role === "admin") {
    await assertAdminExists(ctx, ctx.auth.adminId);
    return next({ ctx: { ...ctx, auth: ctx.auth } });
  }
  await assertActiveCustomer(ctx, ctx.auth.customerId);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.auth) unauthorized(ctx);
  if (ctx.auth.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Only the store's admin can do this." });
  await assertAdminExists(ctx, ctx.auth.adminId);
  return next({ ctx: { ...ctx, auth: ctx.auth, adminId: ctx.auth.adminId } });
});

/** The customerId in a path proves nothing: a customer may only name itself. */
export function assertOwnCustomer(auth: NonNullable<Context["auth"]>, customerId: number, what = "this"): void {
  if (auth.role === "admin") return;
  if (auth.customerId !== customerId) {
    throw new TRPCError({ code: "FORBIDDEN", message: `You can only see or change ${what} of your own account.` });
  }
}
