// The catalogue is what every guest reads and what a sale-day spike hits: GET /api/v1/products/details
// and the tRPC queries products.list / products.shelf. A guest's answer to such a URL is kept as
// the bytes sent (whatever produced them: trpc-to-openapi or tRPC, this cache reads neither's
// format), with an ETag, until the product cache's generation moves (every product or stock
// write, on any instance: product-sync.ts). Bounded in entries and bytes.
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ProductCache } from "@store/api";
import { contentEtag } from "../etag.ts";
import { pathOf } from "../spring-error.ts";
import { TRPC_PREFIX } from "./trpc.ts";

const CACHED_REST_PATHS = new Set(["/api/v1/products/details"]);
const CACHED_PROCEDURES = new Set(["products.list", "products.shelf"]);
const MAX_ENTRIES = 256;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;

interface Entry {
  body: string;
  type: string;
  etag: string;
}

/** The URL itself when a guest's GET of it may be answered from the cache. */
export function cacheKey(request: Pick<FastifyRequest, "method" | "url" | "headers">): string | undefined {
  if (request.method !== "GET" || request.headers.authorization !== undefined || request.headers["trpc-accept"] !== undefined) return undefined;
  const path = pathOf(request.url);
  if (CACHED_REST_PATHS.has(path)) return request.url;
  if (!path.startsWith(`${TRPC_PREFIX}/`)) return undefined;
  // the procedure names of a tRPC request, comma separated when batched (tRPC's documented URL)
  const procedures = decodeURIComponent(path.slice(TRPC_PREFIX.length + 1)).split(",");
  return procedures.every((p) => CACHED_PROCEDURES.has(p)) ? request.url : undefined;
}

/** A 200 answer's text: a string as sent, or a web Response's body (tRPC's adapter sends one), its headers moved onto the reply. */
async function okText(payload: unknown, reply: FastifyReply): Promise<string | undefined> {
  if (typeof payload === "string") return payload;
  if (!(payload instanceof Response) || payload.status !== 200) return undefined;
  for (const [name, value] of payload.headers) reply.header(name, value);
  return payload.text();
}

export const catalogueCachePlugin = fp<{ productCache: ProductCache }>(
  (app, { productCache }, done) => {
    const entries = new Map<string, Entry>();
    let bytes = 0;
    let generation = productCache.generation;
    /** each cacheable request's key and the generation it started in: an answer is kept only if no write came between */
    const pending = new WeakMap<FastifyRequest, { key: string; started: number }>();

    const sync = () => {
      if (generation === productCache.generation) return;
      generation = productCache.generation;
      entries.clear();
      bytes = 0;
    };
    const keep = (key: string, entry: Entry) => {
      if (entry.body.length > MAX_ENTRY_BYTES) return;
      while (entries.size >= MAX_ENTRIES || (entries.size > 0 && bytes + entry.body.length > MAX_TOTAL_BYTES)) {
        const [oldest, old] = entries.entries().next().value as [string, Entry];
        entries.delete(oldest);
        bytes -= old.body.length;
      }
      entries.set(key, entry);
      bytes += entry.body.length;
    };
    const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      reply.header("etag", entry.etag).header("cache-control", "no-cache").header("vary", "authorization, trpc-accept");
      if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
      return reply.type(entry.type).send(entry.body);
    };

    app.addHook("onRequest", async (request, reply) => {
      const key = cacheKey(request);
      if (!key) return;
      sync();
      const entry = entries.get(key);
      if (entry) return answer(request, reply, entry);
      pending.set(request, { key, started: generation });
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const waiting = pending.get(request);
      if (!waiting || reply.statusCode !== 200) return payload;
      pending.delete(request);
      const text = await okText(payload, reply);
      if (text === undefined) return payload;
      const entry = {
        body: text,
        type: String(reply.getHeader("content-type") ?? "application/json"),
        etag: contentEtag(text),
      };
      sync();
      if (waiting.started === generation) keep(waiting.key, entry);
      reply.header("etag", entry.etag).header("cache-control", "no-cache").header("vary", "authorization, trpc-accept");
      return text;
    });
    done();
  },
  { name: "catalogue-cache" },
);
