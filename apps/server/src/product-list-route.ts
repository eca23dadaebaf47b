// GET /api/v1/products/details is the busiest call of the store. Without a query it answers from
// a serialised copy of the catalogue kept against the product cache's generation (emptied on
// every product or stock write), with an ETag so browsers and clients can revalidate with a 304.
//
// The web app asks for the same list through tRPC (GET /api/trpc/products.list?batch=1&input=…);
// those answers are kept serialised too (superjson, as tRPC writes them), per input, against the
// same generation. Searches and anything else go to tRPC's own handler unchanged.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import { appRouter, createCallerFactory, createInnerContext, type Context, type Services } from "@store/api";
import type { Db } from "@store/db";
import { REST_PREFIX } from "./rest.ts";

const createCaller = createCallerFactory(appRouter);

export function registerProductListRoute(
  app: FastifyInstance,
  db: Db,
  services: Services,
  rest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  contextFor?: (request: FastifyRequest) => Promise<Context>,
) {
  let cached: { generation: number; json: string; etag: string } | undefined;
  const anonymous = createCaller(createInnerContext({ db, services, auth: null, clientIp: "internal" }));

  async function serialised() {
    const generation = services.productCache.generation;
    if (cached?.generation === generation) return cached;
    const json = JSON.stringify(await anonymous.products.list());
    const fresh = { generation, json, etag: `"${createHash("sha1").update(json).digest("base64url").slice(0, 20)}"` };
    if (services.productCache.generation === generation) cached = fresh;
    return fresh;
  }

  app.get(`${REST_PREFIX}/products/details`, async (request, reply) => {
    if (request.url.includes("?")) return rest(request, reply);
    const { json, etag } = await serialised();
    reply.header("etag", etag).header("cache-control", "no-cache");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(json);
  });

  if (contextFor) registerTrpcProductList(app, anonymous, services, contextFor);
}

type Caller = ReturnType<typeof createCaller>;
type Body = { json: string; etag: string };
// the router's own transformer (superjson), so the cached bytes are what tRPC would send
const transformer = (
  appRouter._def as unknown as { _config: { transformer: { input: { deserialize(v: unknown): unknown }; output: { serialize(v: unknown): unknown } } } }
)._config.transformer;

/** The input of a one-call batch `?batch=1&input={"0":…}` when its answer may be cached (no search), else undefined. */
function cacheableInput(query: Record<string, string | undefined>): { key: string; input: unknown } | undefined {
  const keys = Object.keys(query);
  if (query.batch !== "1" || keys.some((k) => k !== "batch" && k !== "input")) return undefined;
  if (query.input === undefined) return { key: "", input: undefined };
  if (query.input.length > 500) return undefined;
  try {
    const batch = JSON.parse(query.input) as Record<string, unknown>;
    if (!batch || typeof batch !== "object" || Object.keys(batch).join() !== "0") return undefined;
    const input = batch["0"] == null ? undefined : transformer.input.deserialize(batch["0"]);
    // null (not undefined) is for the procedure's validation to refuse: leave it to tRPC
    if (input === null || (input !== undefined && (typeof input !== "object" || Array.isArray(input)))) return undefined;
    const search = (input as { search?: unknown } | undefined)?.search;
    if (search !== undefined && (typeof search !== "string" || search.trim() !== "")) return undefined;
    return { key: query.input, input };
  } catch {
    return undefined;
  }
}

function registerTrpcProductList(app: FastifyInstance, anonymous: Caller, services: Services, contextFor: (request: FastifyRequest) => Promise<Context>) {
  let generation = -1;
  const bodies = new Map<string, Promise<Body>>();
  const viaTrpc = (request: FastifyRequest, reply: FastifyReply) =>
    fastifyRequestHandler({
      router: appRouter,
      createContext: () => contextFor(request),
      onError: ({ error }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error.cause ?? error, path: "products.list" }, "tRPC procedure failed");
      },
      req: request,
      res: reply,
      path: "products.list",
    });

  // a static route: it takes precedence over the tRPC plugin's /api/trpc/:path
  app.get("/api/trpc/products.list", async (request, reply) => {
    const cacheable = cacheableInput(request.query as Record<string, string | undefined>);
    if (!cacheable) return viaTrpc(request, reply);
    if (generation !== services.productCache.generation) {
      generation = services.productCache.generation;
      bodies.clear();
    }
    let pending = bodies.get(cacheable.key);
    if (!pending) {
      const started = generation;
      pending = anonymous.products.list(cacheable.input as Parameters<Caller["products"]["list"]>[0]).then((list) => {
        const json = JSON.stringify([{ result: { data: transformer.output.serialize(list) } }]);
        return { json, etag: `"${createHash("sha1").update(json).digest("base64url").slice(0, 20)}"` };
      });
      // bounded: inputs are few (category x sort); anything beyond is simply not kept
      if (bodies.size < 64) bodies.set(cacheable.key, pending);
      const settle = () => {
        if (services.productCache.generation !== started && bodies.get(cacheable.key) === pending) bodies.delete(cacheable.key);
      };
      pending.then(settle, () => bodies.get(cacheable.key) === pending && bodies.delete(cacheable.key));
    }
    let body: Body;
    try {
      body = await pending;
    } catch {
      // an input the procedure rejects: let tRPC answer it with its own error shape
      return viaTrpc(request, reply);
    }
    reply.header("etag", body.etag).header("cache-control", "no-cache").header("vary", "trpc-accept, accept");
    if (request.headers["if-none-match"] === body.etag) return reply.code(304).send();
    return reply.type("application/json").send(body.json);
  });
}
