// The /api/v1 routes served outside the REST facade (the invoice and credit-note PDFs, the GST and
// list CSVs, the UPI QR image, the gateway's webhook) all go through rawRoute: it registers the
// Fastify route, answers a refusal (TRPCError from a procedure's caller, StoreError) in the facade's
// error body with its machine `code`, and records the operation, which rest.ts merges into
// /api/v1/openapi.json (api-document.ts) beside the procedures'.
import type { Server } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { errorCodeOf, fieldErrors, StoreError } from "@store/api";
import { pathOf, springError } from "../spring-error.ts";

export const RAW_PREFIX = "/api/v1";

export interface RawParameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

/** What a raw route answers when it succeeds: its media type and schema, or 204 and no body (its headers named). */
export type RawSuccess =
  | { description: string; contentType: string; schema: Record<string, unknown> }
  | { status: 204; description: string; headers?: Record<string, { description: string; schema: Record<string, unknown> }> };

export interface RawOperation {
  method: "GET" | "POST" | "DELETE";
  /** the OpenAPI path under /api/v1, e.g. "/orders/{productOrderId}/invoice.pdf" */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** needs `Authorization: Bearer` (false for the gateway's webhook, which is signed instead) */
  protect: boolean;
  parameters?: RawParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  success: RawSuccess;
  /** statuses beyond api-document.ts's rule (409, 429…) */
  moreStatuses?: number[];
}

export interface RawRoute<Request extends FastifyRequest = FastifyRequest> extends RawOperation {
  /** Fastify's URL under /api/v1 when it is not the OpenAPI path's own (a constrained parameter) */
  url?: string;
  handler: (request: Request, reply: FastifyReply) => Promise<unknown>;
}

// one list per app: every encapsulated plugin of an app shares its node server
const operationsByServer = new WeakMap<Server, Map<string, RawOperation>>();

/** The raw operations registered on this app so far, for the OpenAPI document. */
export function rawOperationsOf(app: FastifyInstance): RawOperation[] {
  return [...(operationsByServer.get(app.server) ?? new Map<string, RawOperation>()).values()];
}

/** "/orders/{productOrderId}/invoice.pdf" → "/orders/:productOrderId/invoice.pdf" */
const fastifyUrlOf = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** A refusal as the facade answers it: `{ timestamp, status, error, message, path, code }` (+ `errors` per field). */
export function refusalOf(error: unknown, request: FastifyRequest) {
  const path = pathOf(request.url);
  if (error instanceof StoreError) return springError(error.status, error.message, path, undefined, error.code);
  if (!(error instanceof TRPCError)) return undefined;
  const status = getHTTPStatusCodeFromError(error);
  // a 500's cause stays in the log; the client gets the procedures' generic words (trpc.ts)
  if (status >= 500 && error.code === "INTERNAL_SERVER_ERROR") {
    request.log.error({ err: error.cause ?? error }, "raw route failed");
    return springError(status, "Something went wrong on our side. Please try again.", path);
  }
  return springError(status, error.message, path, error.cause instanceof ZodError ? fieldErrors(error.cause) : undefined, errorCodeOf(error));
}

/** Wraps a handler so that a refusal is answered in the facade's error body; anything else goes to the error handler. */
export function answering<Request extends FastifyRequest>(handler: RawRoute<Request>["handler"]) {
  return async (request: Request, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      const body = refusalOf(error, request);
      if (!body) throw error;
      return reply.code(body.status).type("application/json").send(body);
    }
  };
}

/** Registers a raw /api/v1 route and records its operation for /api/v1/openapi.json. */
export function rawRoute<Request extends FastifyRequest = FastifyRequest>(app: FastifyInstance, route: RawRoute<Request>): void {
  const { url, handler, ...operation } = route;
  let operations = operationsByServer.get(app.server);
  if (!operations) operationsByServer.set(app.server, (operations = new Map<string, RawOperation>()));
  operations.set(`${operation.method} ${operation.path}`, operation);
  app.route({
    method: operation.method,
    url: `${RAW_PREFIX}${url ?? fastifyUrlOf(operation.path)}`,
    handler: answering(handler) as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
