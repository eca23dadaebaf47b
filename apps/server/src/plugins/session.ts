// The storefront's session cookie (issue 23). The customer's token lives in the browser's
// localStorage (spec §6), which the server never sees: a page load of a personal screen (cart, My
// Orders, tracker, profile) could only be rendered as its skeleton. After a login the browser hands
// the token to POST /api/v1/session, which keeps it in an HttpOnly cookie; the server-side renderer
// (plugins/web.ts) reads the cookie and renders the customer's own screens with their data.
//
// The cookie is never a credential of the API: every /api/v1 and /api/trpc call is authenticated by
// its `Authorization: Bearer` header alone (createContext), so a cross-site request that carries the
// cookie can do nothing (no CSRF surface); only page renders, which change nothing, read it.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { appRouter, createCallerFactory, StoreError, type Context } from "@store/api";
import { rawRoute } from "./raw-route.ts";

const createCaller = createCallerFactory(appRouter);
type ContextFor = (request: FastifyRequest) => Promise<Context>;

export const SESSION_COOKIE = "store_session";
/** a JWT's characters (base64url parts joined by dots), within any browser's cookie size */
const TOKEN_VALUE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_VALUE_LENGTH = 2048;

/** The session cookie's value, when the request carries one (in any form: a malformed one is refused by the check). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The cookie's attributes: HttpOnly (no script reads it), SameSite=Lax (sent on a link followed from
 * another site, so a shared link to My Orders renders; never on another site's form posts or
 * fetches), Path=/ (every page), Secure when the store is served over HTTPS — the request came in
 * over TLS (or through a trusted proxy that says so, TRUST_PROXY) or PUBLIC_URL is https.
 */
function attributes(request: FastifyRequest, secureSite: boolean, maxAge: number) {
  const secure = secureSite || request.protocol === "https";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Seconds until a (verified) token expires. */
function secondsLeft(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
  return typeof payload.exp === "number" ? Math.max(0, Math.floor(payload.exp - Date.now() / 1000)) : 0;
}

export const sessionCookie = (request: FastifyRequest, secureSite: boolean, token: string) =>
  `${SESSION_COOKIE}=${token}; ${attributes(request, secureSite, secondsLeft(token))}`;
export const clearedSessionCookie = (request: FastifyRequest, secureSite: boolean) => `${SESSION_COOKIE}=; ${attributes(request, secureSite, 0)}`;

/**
 * The customer a context's token signs in, checked exactly as the API checks a bearer token: its
 * signature and expiry (createContext), then the account, through a customer procedure
 * (customerOrAdminProcedure: the account exists, the token is of its current session version — a
 * password change or "Log out of all devices" ends it — and it is active). Throws the API's refusal.
 */
export async function signedInCustomer(context: Context): Promise<number> {
  if (!context.auth) throw new StoreError(401, "UNAUTHORIZED", context.authProblem ?? "Please log in to continue.");
  if (context.auth.role !== "customer") {
    throw new StoreError(403, "CUSTOMERS_ONLY", "Only a customer's session is kept for the storefront's pages; the back office uses its token.");
  }
  await createCaller(context).customers.details({ customerId: context.auth.customerId });
  return context.auth.customerId;
}

/** A refusal of the token itself (401) or of its account (403), as opposed to a failure to check it now. */
const refusesSession = (error: unknown) =>
  error instanceof StoreError ? error.status === 401 || error.status === 403 : error instanceof TRPCError && ["UNAUTHORIZED", "FORBIDDEN"].includes(error.code);

/**
 * The session cookie's customer, for a page render: their id; "ended" when the API would refuse
 * the token (expired, forged, revoked, an inactive account, not a customer's: the page then clears
 * the cookie); "unknown" when it cannot be told now (the database unreachable): the cookie is kept.
 */
export async function checkSession(token: string, context: () => Promise<Context>): Promise<{ customerId: number } | "ended" | "unknown"> {
  if (token.length > MAX_VALUE_LENGTH || !TOKEN_VALUE.test(token)) return "ended";
  try {
    return { customerId: await signedInCustomer(await context()) };
  } catch (error) {
    return refusesSession(error) ? "ended" : "unknown";
  }
}

const bearerOf = (request: FastifyRequest) => /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim();

const COOKIE_HEADER = {
  "Set-Cookie": { description: `${SESSION_COOKIE}=…; Path=/; Max-Age=…; HttpOnly; SameSite=Lax (Secure over HTTPS)`, schema: { type: "string" } },
};

export interface SessionOptions {
  /** the API's context of a request: its `Authorization: Bearer` token */
  contextFor: ContextFor;
  /** PUBLIC_URL is https: the cookie is always Secure */
  secureSite: boolean;
}

export const sessionPlugin: FastifyPluginCallback<SessionOptions> = (app, { contextFor, secureSite }, done) => {
  const noStore = (reply: FastifyReply) => reply.code(204).header("cache-control", "no-store");

  rawRoute(app, {
    method: "POST",
    path: "/session",
    operationId: "session-start",
    summary:
      "Keep the caller's customer token in the HttpOnly session cookie, so the storefront's personal pages are rendered with the customer's data (the API itself never reads the cookie)",
    tags: ["Customers"],
    protect: true,
    success: { status: 204, description: "The session cookie is set, for the token's remaining life", headers: COOKIE_HEADER },
    handler: async (request, reply) => {
      await signedInCustomer(await contextFor(request));
      // signedInCustomer found a valid bearer token: it is in the header
      return noStore(reply)
        .header("set-cookie", sessionCookie(request, secureSite, bearerOf(request) ?? ""))
        .send();
    },
  });

  rawRoute(app, {
    method: "DELETE",
    path: "/session",
    operationId: "session-end",
    summary: "Clear the session cookie (logout); answered whatever the request carries",
    tags: ["Customers"],
    protect: false,
    success: { status: 204, description: "The session cookie is cleared", headers: COOKIE_HEADER },
    handler: async (request, reply) => noStore(reply).header("set-cookie", clearedSessionCookie(request, secureSite)).send(),
  });
  done();
};
