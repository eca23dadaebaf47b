// How failures reach a person: zod issues as one readable message per field, and database errors
// as the status and words they deserve instead of a 500.
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { Prisma } from "@store/db";

/** The HTTP statuses a business refusal may answer with (each has a tRPC code of its own). */
const TRPC_CODE_OF_STATUS = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
} as const satisfies Record<number, TRPC_ERROR_CODE_KEY>;
export type StoreErrorStatus = keyof typeof TRPC_CODE_OF_STATUS;

/** Numbers a client acts on, beside the message: a wrong OTP's tries left, a 429's seconds to wait (the REST Retry-After). */
export interface StoreErrorDetails {
  attemptsLeft?: number;
  retryAfterSeconds?: number;
}

/**
 * The one error of the business code: a machine `code` clients branch on (`COUPON_EXPIRED`,
 * `NOT_FOUND`), the HTTP status it answers with, and a message a person understands. trpc.ts turns
 * it into the tRPC error, and the REST facade's body carries `code` beside the message.
 */
export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly status: StoreErrorStatus,
    readonly code: string,
    message: string,
    options?: { cause?: unknown; details?: StoreErrorDetails },
  ) {
    super(message, options);
    this.details = options?.details;
  }
  readonly details: StoreErrorDetails | undefined;
  toTRPCError(): TRPCError {
    return new TRPCError({ code: TRPC_CODE_OF_STATUS[this.status], message: this.message, cause: this });
  }
}

/**
 * The machine code of any refusal: a StoreError's own, zod's VALIDATION_FAILED, or else the tRPC
 * code (NOT_FOUND, FORBIDDEN, TOO_MANY_REQUESTS…) so that every error body has one.
 */
export function errorCodeOf(error: TRPCError): string {
  if (error.cause instanceof StoreError) return error.cause.code;
  if (error.cause instanceof ZodError) return "VALIDATION_FAILED";
  return error.code;
}

/** An import refused for its rows' errors: they reach the client with the error (trpc.ts errorFormatter). */
export class ImportRejected extends StoreError {
  constructor(
    message: string,
    readonly rowErrors: { line: number; field: string; message: string }[],
  ) {
    super(400, "IMPORT_ROWS_INVALID", message);
  }
}

/** Field -> first message, for forms and for the REST error body. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

export function readableZodMessage(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  const field = first.path.join(".");
  // zod's own messages for wrong types do not name the field; ours already do
  return /^(Invalid input|Expected|Unrecognized)/.test(first.message) && field ? `${field}: ${first.message}` : first.message;
}

// Prisma's driver adapters name what went wrong in `cause.kind`. A connection closed while a
// transaction committed was a 500 when PostgreSQL stopped under load (resilience suite, in CI).
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

function isConnectionFailure(error: unknown): boolean {
  const adapterError = error as { name?: string; cause?: { kind?: unknown } };
  if (adapterError?.name === "DriverAdapterError" && UNREACHABLE_KINDS.has(String(adapterError.cause?.kind))) return true;
  // a raw query ($queryRaw) wraps it: PrismaClientKnownRequestError P2010 with the adapter's error in `meta`
  // ("Server has closed the connection.": a 500 of a checkout while PostgreSQL stopped, resilience suite in CI)
  const wrapped = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } })?.meta?.driverAdapterError;
  if (wrapped && UNREACHABLE_KINDS.has(String(wrapped.cause?.kind))) return true;
  const text = String((error as { message?: string })?.message ?? "") + String((error as { code?: string })?.code ?? "");
  // "shutting down" and pg's "not queryable" (a pooled client whose server went away) were 500s
  // while PostgreSQL stopped (resilience suite)
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P01|57P02|57P03|Connection terminated|connection timeout|timeout exceeded when trying to connect|terminating connection|Can't reach database|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|encountered a connection error and is not queryable|server closed the connection unexpectedly|PGlite is closed|DatabaseNotReachable|P1001|P1017/i.test(
    text,
  );
}

/**
 * A unique index refused the write: PostgreSQL's unique violation is Prisma's P2002 through
 * @prisma/adapter-pg; through the PGlite adapter it arrives as a DriverAdapterError carrying the
 * SQLSTATE (23505), at the top or under meta.driverAdapterError.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return true;
  const adapter = error as { name?: string; cause?: { code?: unknown }; meta?: { driverAdapterError?: { cause?: { code?: unknown } } } };
  return (adapter?.name === "DriverAdapterError" && adapter.cause?.code === "23505") || adapter?.meta?.driverAdapterError?.cause?.code === "23505";
}

/** The error a procedure's failure should become, or undefined to leave it as it is. */
export function userFacingError(error: TRPCError): TRPCError | undefined {
  const cause = error.cause ?? error;
  if (cause instanceof StoreError) return error.code === TRPC_CODE_OF_STATUS[cause.status] ? undefined : cause.toTRPCError();
  if (cause instanceof ZodError && error.code === "BAD_REQUEST") {
    // zod's own message is a JSON dump of the issues; give callers (createCaller too) the first readable one
    return new TRPCError({ code: "BAD_REQUEST", message: readableZodMessage(cause), cause });
  }
  if (error.code !== "INTERNAL_SERVER_ERROR") return undefined;
  if (isUniqueViolation(cause)) {
    return new TRPCError({ code: "CONFLICT", message: "This record already exists.", cause });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError && (cause.code === "P2025" || cause.code === "P2001")) {
    return new TRPCError({ code: "NOT_FOUND", message: "The record was not found.", cause });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError && cause.code === "P2028") {
    // a transaction could not start or finish in time: the store is overloaded, not broken
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The store is very busy right now. Please try again in a moment.", cause });
  }
  // PostgreSQL cannot store U+0000 in text: a NUL in any string input was a 500 (fuzz suite)
  if (
    /invalid byte sequence for encoding|22021|unsupported Unicode escape sequence|22P05/i.test(
      String((cause as Error)?.message ?? "") + String((cause as { code?: string })?.code ?? ""),
    )
  ) {
    return new TRPCError({ code: "BAD_REQUEST", message: "Text may not contain the character U+0000 (NUL).", cause });
  }
  if (isConnectionFailure(cause) || isConnectionFailure(error)) {
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The store's database is not reachable right now. Please try again in a moment.", cause });
  }
  return undefined;
}
