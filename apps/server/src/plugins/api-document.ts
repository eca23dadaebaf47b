// /api/v1/openapi.json as the API really answers, in ONE place: trpc-to-openapi 3.3 documents every
// error as its own `{ message, code, issues }` and lists no 404/409/429 it cannot know about, while
// the facade (rest.ts) and the raw routes (raw-route.ts) answer `{ timestamp, status, error, message,
// path, code }`. This rewrites the generated document: one `Error` schema, the statuses each
// operation can answer (answerStatuses below: the one rule), `security: []` on the public
// operations, the licence, and the raw routes' operations merged in. A test helper checks every
// answer of the HTTP suites against the result (openapi-check.ts), so the two cannot drift apart.
import type { AnyProcedure } from "@trpc/server";
import type { OpenAPIObject } from "trpc-to-openapi";
import type { RawOperation, RawParameter } from "./raw-route.ts";

type Schema = Record<string, unknown>;
interface Response {
  description: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { description: string; schema: unknown }>;
}
/** the parts of an OpenAPI operation this file reads or writes */
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: { required?: string[] } }> };
  responses?: Record<string, Response>;
}
type Paths = Record<string, Record<string, Operation>>;

const ERROR_REF = "#/components/schemas/Error";

/** The body of every refusal and failure under /api/v1 (spring-error.ts, rest.ts). */
export const ERROR_SCHEMA = {
  type: "object",
  description:
    "Every refusal and failure under /api/v1: the Spring Boot shape the first clients read, plus `code`, the machine code clients branch on (a business refusal's own, e.g. OUT_OF_STOCK; VALIDATION_FAILED for invalid input; otherwise the status's name, e.g. NOT_FOUND).",
  required: ["timestamp", "status", "error", "message", "path", "code"],
  properties: {
    timestamp: { type: "string", format: "date-time", description: "when it was answered (ISO 8601, UTC)" },
    status: { type: "integer", description: "the HTTP status", example: 404 },
    error: { type: "string", description: "the status's reason phrase", example: "Not Found" },
    message: { type: "string", description: "what went wrong, in words for a person", example: "Order ORD-1 was not found." },
    path: { type: "string", description: "the request's path, without its query string", example: "/api/v1/orders/ORD-1" },
    code: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$", description: "the machine code of the refusal", example: "NOT_FOUND" },
    attemptsLeft: { type: "integer", minimum: 0, description: "OTP_INVALID: wrong codes the request still takes before it is locked" },
    retryAfterSeconds: { type: "integer", minimum: 1, description: "429: seconds to wait (also the Retry-After header)" },
    errors: {
      description: "400 only: the first message per invalid field, or an import's rejected rows",
      oneOf: [
        { type: "object", additionalProperties: { type: "string" }, example: { email: "Enter a valid email" } },
        {
          type: "array",
          items: {
            type: "object",
            required: ["line", "field", "message"],
            properties: { line: { type: "integer" }, field: { type: "string" }, message: { type: "string" } },
            additionalProperties: false,
          },
        },
      ],
    },
  },
  additionalProperties: false,
} as const;

/** What each status beyond 200 means here: the description of its response. */
const DESCRIPTIONS: Record<number, string> = {
  304: "Not modified: the ETag sent in If-None-Match is still the list's (catalogue-cache.ts)",
  400: "The input is not valid (`errors` names the fields, or an import's rows)",
  401: "No valid bearer token: missing, expired, forged, or its session has ended",
  403: "Signed in, but not allowed: another customer's record, an owner's action for staff, an inactive account",
  404: "No such record (or not the caller's)",
  409: "The record's state does not allow this, or it already exists (`code` says which)",
  413: "The request body is too large",
  415: "The body is not JSON (or multipart/form-data where a form is taken)",
  422: "The Idempotency-Key was already used for a different request",
  429: "Too many attempts: wait and try again",
  500: "An unexpected failure; its details are only in the server's log",
  502: "The courier refused or could not be reached (`code` COURIER_ERROR, with the courier's message); nothing was saved",
  503: "The database or the payment gateway cannot be reached right now: try again shortly",
};

/**
 * What only some procedures answer, by procedure: the logins' wrong password (401) and disabled
 * account (403), a sign-up's taken phone or email (409), 429 from a rate limit, 422 from a reused
 * Idempotency-Key, 304 where the catalogue cache answers revalidations (CACHED_REST_PATHS in
 * catalogue-cache.ts). A new limit or refusal of a public procedure is added here.
 */
const MORE_STATUSES: Record<string, number[]> = {
  "auth.customerLogin": [401, 403, 429],
  "auth.adminLogin": [401, 403, 429],
  "auth.adminChangePassword": [429],
  "auth.customerForgotPassword": [429],
  "auth.adminForgotPassword": [429],
  "auth.customerResetPassword": [429],
  "auth.adminResetPassword": [429],
  "customers.save": [409, 429],
  "customers.update": [429],
  // a coupon code that does not exist: 404 COUPON_NOT_FOUND; used up: 409 (issue 26)
  "cart.checkout": [404, 422, 429],
  "offers.cartQuote": [404, 409],
  "offers.applyCartCoupon": [404],
  "orders.save": [422, 429],
  "products.list": [304, 429],
  "products.shelf": [429],
  // the courier's API refused or did not answer (issue 28)
  "shipments.create": [502],
  "shipments.cancel": [502],
  "tracking.ndrAction": [502],
  // too many lookups that matched no parcel from one address (shipments/track-limiter.ts)
  "tracking.track": [429],
  // phone OTPs (issue 29): COD_CONFIRM names an order (404, or 409 when it needs no confirmation), the send limits (429);
  // a verified LOGIN of an inactive account (403), a COD order no longer confirmable (409)
  "otp.send": [404, 409, 429],
  "otp.verify": [403, 409],
  // guest checkout (issue 29): turned off (403 GUEST_CHECKOUT_OFF), an unknown cart or product (404), out of
  // stock (409), a reused Idempotency-Key (422), the per-phone and per-address limits (429)
  "guest.createCart": [403],
  "guest.cart": [403, 404],
  "guest.addItem": [403, 404, 409],
  "guest.setItem": [403, 404, 409],
  "guest.checkout": [403, 404, 409, 422, 429],
  "guest.exchangeLink": [403, 404],
  // complaints (issue 31): a guest or a signed-in account (401 for a token not accepted, 403 for an admin's
  // create or an inactive account), an order or ticket not the caller's (404), a closed ticket (409
  // TICKET_CLOSED), the hourly limit and the failed guest lookups (429)
  "grievances.create": [401, 403, 404, 429],
  "grievances.byTicket": [401, 403, 429],
  "grievances.addMessage": [401, 403, 409, 429],
};

export interface OperationFacts {
  protect: boolean;
  /** the method carries a body (Fastify parses it: bad JSON, too large, unknown type) */
  takesBody: boolean;
  /** the body may be of any type (the webhook keeps its bytes): never 415 */
  anyBodyType?: boolean;
  /** a path parameter or a required `…Id`: the record may not exist */
  namesRecord: boolean;
  /** changes the store's records: a state that does not allow it, or a unique value taken */
  writes: boolean;
  more?: readonly number[];
}

/**
 * THE rule: the statuses beyond 200 an operation can answer.
 * - 400 always: besides its input's own checks, every procedure refuses broken text in whatever
 *   query or body it is sent (trpc.ts rejectBrokenText), and Fastify a URL it cannot decode;
 * - 401/403 behind the bearer token; 404 where a record is named;
 * - 409 for writes behind the token: a state machine refusing, or a unique value taken
 *   (platform/errors.ts maps that for every write); the public mutations are the logins and
 *   password resets, which change no shared record;
 * - 413/415 where a body is parsed; MORE_STATUSES for the rest;
 * - 500 and 503 (the database unreachable) always.
 */
export function answerStatuses(f: OperationFacts): number[] {
  const statuses = new Set<number>([400, 500, 503]);
  if (f.protect) statuses.add(401).add(403);
  if (f.namesRecord) statuses.add(404);
  if (f.writes) statuses.add(409);
  if (f.takesBody) statuses.add(413);
  if (f.takesBody && !f.anyBodyType) statuses.add(415);
  for (const status of f.more ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const namesARecord = (name: string) => /^id$|Id$/.test(name);

function responseFor(status: number): Response {
  if (status < 400) return { description: DESCRIPTIONS[status] ?? "No body" };
  return { description: DESCRIPTIONS[status] ?? "An error", content: { "application/json": { schema: { $ref: ERROR_REF } } } };
}

/** The facts of a procedure's generated operation (its meta `protect` became `security`, its input the parameters and body). */
function factsOfProcedure(method: string, operation: Operation, type: string | undefined, name: string): OperationFacts {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content["application/json"]?.schema;
  return {
    protect: (operation.security ?? []).length > 0,
    takesBody: method !== "get",
    namesRecord: parameters.some((p) => p.in === "path" || (p.required && namesARecord(p.name))) || (body?.required ?? []).some(namesARecord),
    writes: type === "mutation" && (operation.security ?? []).length > 0,
    more: MORE_STATUSES[name],
  };
}

function factsOfRaw(operation: RawOperation): OperationFacts {
  const parameters = operation.parameters ?? [];
  const content = operation.requestBody?.content ?? {};
  return {
    protect: operation.protect,
    takesBody: operation.method !== "GET",
    anyBodyType: "*/*" in content,
    namesRecord: parameters.some((p) => p.in === "path" || (p.required && namesARecord(p.name))),
    writes: operation.protect && operation.method !== "GET",
    more: operation.moreStatuses,
  };
}

function withAnswers(operation: Operation, facts: OperationFacts): Operation {
  const success = Object.fromEntries(Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status)));
  const errors = Object.fromEntries(answerStatuses(facts).map((status) => [String(status), responseFor(status)]));
  return { ...operation, security: facts.protect ? [{ Authorization: [] }] : [], responses: { ...success, ...errors } };
}

function rawOperation(raw: RawOperation): Operation {
  return {
    operationId: raw.operationId,
    summary: raw.summary,
    tags: raw.tags,
    parameters: raw.parameters ?? [],
    ...(raw.requestBody ? { requestBody: raw.requestBody } : {}),
    responses:
      "status" in raw.success
        ? { "204": { description: raw.success.description, ...(raw.success.headers ? { headers: raw.success.headers } : {}) } }
        : { "200": { description: raw.success.description, content: { [raw.success.contentType]: { schema: raw.success.schema } } } },
  };
}

export interface ApiDocumentInput {
  /** generateOpenApiDocument's result */
  generated: OpenAPIObject;
  /** the router's procedures by path ("orders.invoice"), for their type */
  procedures: Record<string, AnyProcedure>;
  raw: RawOperation[];
  /** more media types a facade operation answers, by operationId (content negotiation done before the facade) */
  alsoAnswers?: Record<string, Record<string, Schema>>;
  /** procedures (by path, "variants.create") whose success is 201 Created rather than 200 (rest.ts responseMeta) */
  created?: ReadonlySet<string>;
}

/** The document of what /api/v1 really answers. */
export function describeApi({ generated, procedures, raw, alsoAnswers = {}, created = new Set() }: ApiDocumentInput): OpenAPIObject {
  const doc = structuredClone(generated);
  doc.info = { ...doc.info, license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } };
  const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  doc.components = { ...doc.components, schemas: { ...schemas, Error: structuredClone(ERROR_SCHEMA) as Schema } };
  const paths = (doc.paths ??= {}) as Paths;

  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = (operation.operationId ?? "").replace(/-/g, ".");
      const facts = factsOfProcedure(method, operation, procedures[name]?._def.type, name);
      const answered = withAnswers(operation, facts);
      const more = alsoAnswers[operation.operationId ?? ""];
      const ok = answered.responses?.["200"];
      if (more && ok?.content) for (const [type, schema] of Object.entries(more)) ok.content[type] = { schema };
      if (ok && created.has(name) && answered.responses) {
        const { "200": _ok, ...others } = answered.responses;
        answered.responses = { "201": { ...ok, description: "Created" }, ...others };
      }
      operations[method] = answered;
    }
  }

  for (const operation of raw) {
    const method = operation.method.toLowerCase();
    const item = (paths[operation.path] ??= {});
    // one declaration per path: a raw route may not shadow a procedure (the GST CSV once did)
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is declared twice (a procedure and a raw route)`);
    item[method] = withAnswers(rawOperation(operation), factsOfRaw(operation));
  }
  return doc;
}
