// Checks an answer of the HTTP suites against /api/v1/openapi.json (testing.ts runs it on every
// app.inject): the status must be one its operation documents, a JSON body must match that
// response's schema (openapi-response-validator, on ajv), and any other body must be of a
// documented media type. Answers no operation describes (unknown paths, /openapi.json) are left alone.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import ValidatorModule from "openapi-response-validator";
import type { OpenAPIObject } from "trpc-to-openapi";
import { pathOf } from "./spring-error.ts";

// a CommonJS module whose `exports.default` is the class: Node hands it over as the namespace's default
const OpenAPIResponseValidator = (ValidatorModule as unknown as { default?: typeof ValidatorModule }).default ?? ValidatorModule;

interface Response {
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  /** characters outside {templates}: the more, the more specific (/products/page before /products/{productId}) */
  literal: number;
  operation: Operation;
  validator?: InstanceType<typeof OpenAPIResponseValidator>;
}

export interface Answer {
  method: string;
  url: string;
  statusCode: number;
  contentType?: string;
  body: string;
}

const API_PREFIX = "/api/v1";
/** the old clients' delete path, documented under its own full path (rest.ts LEGACY_DELETE_PREFIX) */
const OUTSIDE_PREFIX = /^\/cctv\/api\/v1\//;

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function routesOf(doc: OpenAPIObject): Route[] {
  const routes = Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pattern: new RegExp(
        `^${path
          .split(/\{\w+\}/)
          .map(escape)
          .join("[^/]+")}$`,
      ),
      literal: path.replace(/\{\w+\}/g, "").length,
      operation,
    })),
  );
  return routes.sort((a, b) => b.literal - a.literal);
}

/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, and openapi-response-validator's ajv reads draft-07:
 * the one construct of the document that reads differently there is a tuple (zod's `[before, after]`:
 * `prefixItems` + `items: false`), which draft-07 spells `items: [...]` + `additionalItems`.
 */
function asDraft07(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDraft07);
  if (typeof node !== "object" || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, asDraft07(value)]));
  if (!("prefixItems" in out)) return out;
  const { prefixItems, items, ...rest } = out;
  return { ...rest, items: prefixItems, additionalItems: items ?? true };
}

/** A checker of answers against the document: each call returns what is wrong, or undefined. */
export function answerChecker(doc: OpenAPIObject) {
  const routes = routesOf(doc);
  const components = asDraft07(doc.components) as ConstructorParameters<typeof OpenAPIResponseValidator>[0]["components"];

  return function check(answer: Answer): string | undefined {
    // as the server reads it: dot segments resolved (light-my-request and clients do), and the
    // facade takes /products/details/ for /products/details
    const path = new URL(pathOf(answer.url), "http://localhost").pathname.replace(/(.)\/$/, "$1");
    const documentedPath = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : OUTSIDE_PREFIX.test(path) ? path : undefined;
    if (documentedPath === undefined || documentedPath === "/openapi.json") return undefined;
    const method = answer.method.toUpperCase();
    const route = routes.find((r) => r.method === method && r.pattern.test(documentedPath));
    if (!route) return undefined;

    const where = `${method} ${path} -> ${answer.statusCode} (operation ${route.operation.operationId ?? "?"}, ${route.method} ${route.path})`;
    const response = route.operation.responses[String(answer.statusCode)];
    if (!response)
      return `${where}: the document lists no ${answer.statusCode} for this operation (it lists ${Object.keys(route.operation.responses).join(", ")}); body: ${answer.body.slice(0, 300)}`;
    const mediaType = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const documented = Object.keys(response.content ?? {});
    if (mediaType !== "application/json") {
      if (answer.body === "" && documented.length === 0) return undefined;
      return documented.includes(mediaType)
        ? undefined
        : `${where}: answered ${mediaType || "no content type"}, the document says ${documented.join(", ") || "no body"}`;
    }
    if (!documented.includes("application/json")) return `${where}: answered JSON, the document says ${documented.join(", ") || "no body"}`;

    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${where}: the body is not JSON: ${answer.body.slice(0, 200)}`;
    }
    route.validator ??= new OpenAPIResponseValidator({
      // the JSON schema of each status (openapi-response-validator reads a response's first media type)
      responses: Object.fromEntries(
        Object.entries(route.operation.responses).map(([status, r]) => [status, { schema: asDraft07(r.content?.["application/json"]?.schema ?? {}) as never }]),
      ),
      components,
    });
    const problem = route.validator.validateResponse(String(answer.statusCode), body);
    if (!problem) return undefined;
    const errors = (problem.errors as { path?: string; message: string }[]).map((e) => `${e.path || "(body)"}: ${e.message}`).join("; ");
    return `${where}: the body does not match the documented schema: ${errors}; body: ${answer.body.slice(0, 300)}`;
  };
}

/** An answer the document does not describe: the test that made the request fails with it. */
export class OpenApiMismatch extends Error {
  override name = "OpenApiMismatch";
}

type InjectOptions = string | { method?: string; url?: string | { pathname?: string }; path?: string | { pathname?: string } };

/**
 * From now on every `app.inject(options)` answer of this app is checked against its own
 * /api/v1/openapi.json: an answer the document does not describe rejects the inject's promise with
 * an OpenApiMismatch naming the method, path, status and schema error. (The callback and chained
 * forms of inject are passed through unchecked; the suites use the promise form.)
 */
export async function checkEveryAnswer(app: FastifyInstance): Promise<void> {
  const inject = app.inject.bind(app) as (options?: InjectOptions, callback?: unknown) => Promise<LightMyRequestResponse> | void;
  const document = (await (inject({ method: "GET", url: "/api/v1/openapi.json" }) as Promise<LightMyRequestResponse>)).json<OpenAPIObject>();
  const check = answerChecker(document);
  const urlOf = (options: Exclude<InjectOptions, string>) => {
    const url = options.url ?? options.path ?? "/";
    return typeof url === "string" ? url : (url.pathname ?? "/");
  };
  const checked = async (options: InjectOptions) => {
    const res = await (inject(options) as Promise<LightMyRequestResponse>);
    const asked = typeof options === "string" ? { method: "GET", url: options } : { method: options.method ?? "GET", url: urlOf(options) };
    const problem = check({ ...asked, statusCode: res.statusCode, contentType: res.headers["content-type"] as string | undefined, body: res.body });
    if (problem) throw new OpenApiMismatch(`An answer the OpenAPI document does not describe: ${problem}`);
    return res;
  };
  app.inject = ((options?: InjectOptions, callback?: unknown) =>
    options === undefined || callback !== undefined ? inject(options, callback) : checked(options)) as FastifyInstance["inject"];
}
