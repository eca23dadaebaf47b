// The REST facade under /api/v1: trpc-to-openapi's own Fastify plugin, plus Fastify hooks for what
// the old clients need: errors in the Spring Boot shape (spec §7), multipart/form-data product
// forms (trpc-to-openapi 3.3 takes JSON bodies only) and the GST summary's CSV at /reports/gst.
// /api/v1/openapi.json is the generated document rewritten to what is really answered (api-document.ts).
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from "fastify";
import { fastifyTRPCOpenApiPlugin, generateOpenApiDocument } from "trpc-to-openapi";
import type { AnyProcedure } from "@trpc/server";
import { appRouter, CREATED_PROCEDURES, type Context } from "@store/api";
import { pathOf, springError } from "../spring-error.ts";
import { describeApi } from "./api-document.ts";
import { answerGstCsv, asksGstCsv } from "./documents.ts";
import { answerGrievanceCsv, asksGrievanceCsv } from "./grievance-report-csv.ts";
import { answering, rawOperationsOf } from "./raw-route.ts";
import { isProductForm, readProductForm } from "./product-form.ts";
import { isImportRequest, readImportRequest } from "./import-form.ts";
import { publicCacheHook } from "./public-cache.ts";

export const REST_PREFIX = "/api/v1";
/** the old clients' delete path, outside /api/v1 (spec §7 Customers); app.ts maps it into the facade */
export const LEGACY_DELETE_PREFIX = "/cctv/api/v1/customer/delete/";

export interface RestOptions {
  contextFor: (request: FastifyRequest) => Promise<Context>;
}

/** The error body trpc-to-openapi writes: `{ message, code, data?, issues? }`. */
interface AdapterError {
  message?: string;
  code: string;
  data?: {
    storeCode?: string;
    fieldErrors?: Record<string, string>;
    rowErrors?: { line: number; field: string; message: string }[];
    details?: { attemptsLeft?: number; retryAfterSeconds?: number };
  };
}
const isAdapterError = (body: unknown): body is AdapterError =>
  typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "string" && !("timestamp" in body);

function readableMessage(status: number, error: AdapterError, request: FastifyRequest): string {
  const fields = error.data?.fieldErrors;
  if (status === 404 && error.message === "Not found")
    return `No API endpoint ${request.method} ${pathOf(request.originalUrl)}. See ${REST_PREFIX}/openapi.json.`;
  if (status === 415) return "Send the body as application/json (or multipart/form-data for product forms).";
  if (error.message === "Input validation failed" && fields) return Object.values(fields)[0] ?? error.message;
  return error.message ?? "The request failed.";
}

/** a write sent without any body (no content type, no length or 0, not chunked) */
const isBodiless = (request: FastifyRequest) =>
  request.method !== "GET" &&
  request.headers["content-type"] === undefined &&
  request.headers["transfer-encoding"] === undefined &&
  (request.headers["content-length"] ?? "0") === "0";

export const restPlugin: FastifyPluginAsync<RestOptions> = async (app, { contextFor }) => {
  // built at the first request, once every plugin has registered its raw routes
  let openApiDocument: ReturnType<typeof describeApi> | undefined;
  const document = () =>
    (openApiDocument ??= describeApi({
      generated: generateOpenApiDocument(appRouter, {
        title: "Cleaning Store API",
        description:
          "REST facade of the store's tRPC procedures, plus the PDF, CSV and image downloads and the payment gateway's webhook. Money is in rupees. Protected calls need `Authorization: Bearer <token>` from POST /customers/login or POST /admin/login. Errors: `{ timestamp, status, error, message, path, code }` (schema `Error`).",
        version: "1.0.0",
        baseUrl: REST_PREFIX,
      }),
      // tRPC keeps them flattened by path ("orders.invoice") at run time; the type says nested
      procedures: appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
      raw: rawOperationsOf(app),
      created: CREATED_PROCEDURES,
      alsoAnswers: {
        "reports-gst": { "text/csv": { type: "string", description: "with ?format=csv or Accept: text/csv (also at /reports/gst.csv)" } },
        "grievances-report": { "text/csv": { type: "string", description: "with ?format=csv or Accept: text/csv: a metric,value row per figure" } },
      },
    }));
  // public in every environment: it is the contract that REST clients and their generators read, and
  // it holds shapes, never data or secrets (API_DOCS_PUBLIC gates only the interactive console, docs.ts)
  app.get("/openapi.json", (_request, reply) => reply.send(document()));

  // the GST summary's CSV has its own path now (/reports/gst.csv); clients that ask /reports/gst for
  // CSV (?format=csv, Accept: text/csv) still get it, answered here before the facade, which speaks JSON
  // (a callback hook: every facade request passes here, and most go on at once)
  const gstCsv = answering(answerGstCsv(contextFor));
  const grievanceCsv = answering(answerGrievanceCsv(contextFor));
  app.addHook("onRequest", (request, reply, done) => {
    if (asksGrievanceCsv(request)) return void grievanceCsv(request as Parameters<typeof grievanceCsv>[0], reply).catch((error: FastifyError) => done(error));
    if (!asksGstCsv(request)) return done();
    gstCsv(request as Parameters<typeof gstCsv>[0], reply).catch((error: FastifyError) => done(error));
  });

  // the adapter drops empty query values, but `GET /cart/quote?couponCode=` means "no coupon" (issue 26),
  // not "the remembered one": a blank the procedure's trim makes "" again
  app.addHook("preHandler", (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (request.method === "GET" && query?.couponCode === "") query.couponCode = " ";
    done();
  });

  // a product form sent as multipart becomes the procedure's JSON input before the adapter reads it
  app.addHook("preHandler", async (request) => {
    if (isProductForm(request)) await readProductForm(request, contextFor);
    else if (isImportRequest(request)) await readImportRequest(request, contextFor);
    else if (isBodiless(request)) {
      // `curl -X POST …/admin/jobs/outbox/run` sends no body and no content type: the adapter
      // would answer 415 to a call whose input is all in the path, so it reads as the empty JSON object
      request.headers["content-type"] = "application/json";
      request.body = {};
    }
  });

  app.addHook("onSend", publicCacheHook);

  // the adapter's error body `{ message, code, data }` becomes the spec's `{ timestamp, status, error, message, path }` + `code`
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!isAdapterError(body)) return payload;
    void reply.type("application/json");
    const answer = springError(
      reply.statusCode,
      readableMessage(reply.statusCode, body, request),
      pathOf(request.originalUrl),
      body.data?.fieldErrors,
      body.data?.storeCode,
    );
    // a 429 that knows how long to wait says it the standard way too
    const details = body.data?.details;
    if (details?.retryAfterSeconds !== undefined) void reply.header("retry-after", String(details.retryAfterSeconds));
    // an import refused for its rows: every row's errors (line, field, message)
    return JSON.stringify({ ...answer, ...details, ...(body.data?.rowErrors ? { errors: body.data.rowErrors } : {}) });
  });

  // Workaround (trpc-to-openapi 3.3, fastify adapter): its handler calls reply.send() without
  // returning the reply, so Fastify sees an async handler that resolved with nothing. While the
  // onSend hook above still runs, the reply is not yet "sent" and Fastify sends a second, empty
  // reply: every REST error wrote its headers twice, and under load (PostgreSQL stopped) a 503
  // reached the client as the error handler's 500. Returning the reply tells Fastify the handler
  // answered. rest-adapter.test.ts counts the headers written per answer and trips on a change.
  app.addHook("onRoute", (route) => {
    if (route.url !== `${REST_PREFIX}/*`) return;
    const handler = route.handler;
    route.handler = async function answeredByAdapter(request, reply) {
      await handler.call(this, request, reply);
      return reply;
    };
  });

  await app.register(fastifyTRPCOpenApiPlugin, {
    router: appRouter,
    createContext: ({ req }: { req: FastifyRequest }) => contextFor(req),
    maxBodySize: 10 * 1024 * 1024,
    // a procedure that creates a resource answers 201 (the packs contract: POST /products/{productId}/variants)
    responseMeta: ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) =>
      errors.length === 0 && paths?.some((p) => CREATED_PROCEDURES.has(p)) ? { status: 201 } : {},
    // a 500 reaches the client as a generic message; the cause must reach the log
    onError: ({ error, req }: { error: { code: string; cause?: unknown }; req: FastifyRequest }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error }, "REST procedure failed");
    },
  });
};
