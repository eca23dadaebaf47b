// The catalogue is what every guest reads and what a sale-day spike hits: GET /api/v1/products/details
// and the tRPC queries products.list / products.shelf. A guest's answer to such a URL is kept as
// the bytes sent (whatever produced them: trpc-to-openapi or tRPC, this cache reads neither's
// format), with an ETag and every header of the first answer, until the product cache's generation
// moves (every product, stock or settings write, on any instance: product-sync.ts). Bounded in
// entries and bytes.
//
// A kept answer is sent again before Fastify sees the request (`answer`, called by the server's
// edge like the kept pages of page-edge.ts; issue 22): through Fastify's request, reply and hooks
// the 389 KB product list answered at 28–45% of bare node:http sending the same bytes. It is kept
// as a Buffer (sending a string encodes it again on every request) and, once a client that accepts
// gzip has asked for it, also gzipped (off the event loop, at the fastest level: every stock write
// starts a new generation, so an entry may not live long) for the clients that accept it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzip } from "node:zlib";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ProductCache } from "@store/api";
import { acceptsGzip, noneMatch } from "../content-coding.ts";
import { contentEtag } from "../etag.ts";
import { pathOf } from "../spring-error.ts";
import { TRPC_PREFIX } from "./trpc.ts";

const CACHED_REST_PATHS = new Set(["/api/v1/products/details"]);
const CACHED_PROCEDURES = new Set(["products.list", "products.shelf"]);
const MAX_ENTRIES = 256;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;
/** smaller answers are not worth a gzip body of their own */
const MIN_GZIP_BYTES = 1024;
const VARY = "authorization, trpc-accept, accept-encoding";
/** headers of the first answer that are not sent again as they were: per request, per variant, or CORS (the edge answers no Origin) */
const NOT_KEPT = new Set([
  "content-length",
  "content-encoding",
  "content-type",
  "etag",
  "cache-control",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
]);

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  /** the first answer's other headers (the security headers), sent again by the edge */
  headers: Record<string, string>;
  /** the same body gzipped, once compressed; `compressing` while it is */
  gzip?: { body: Buffer; etag: string };
  compressing?: boolean;
}

/** What to send for a kept entry: status, the variant's own headers and its body (none for 304). */
function variantOf(entry: Entry, request: Pick<IncomingMessage, "headers">): { status: number; headers: Record<string, string>; body?: Buffer } {
  const zipped = entry.gzip && acceptsGzip(request.headers["accept-encoding"]) ? entry.gzip : undefined;
  const headers: Record<string, string> = { etag: zipped?.etag ?? entry.etag, "cache-control": "no-cache", vary: VARY };
  // either ETag names the same content: a client that kept one encoding may ask with it under the other
  if (noneMatch(request.headers["if-none-match"], entry.gzip ? [entry.etag, entry.gzip.etag] : [entry.etag])) return { status: 304, headers };
  headers["content-type"] = entry.type;
  if (zipped) headers["content-encoding"] = "gzip";
  return { status: 200, headers, body: zipped?.body ?? entry.body };
}

/** The URL itself when a guest's GET of it may be answered from the cache. */
export function cacheKey(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | undefined {
  const url = request.url;
  if (request.method !== "GET" || url === undefined || request.headers.authorization !== undefined || request.headers["trpc-accept"] !== undefined)
    return undefined;
  const path = pathOf(url);
  if (CACHED_REST_PATHS.has(path)) return url;
  if (!path.startsWith(`${TRPC_PREFIX}/`)) return undefined;
  // the procedure names of a tRPC request, comma separated when batched (tRPC's documented URL)
  let procedures: string[];
  try {
    procedures = decodeURIComponent(path.slice(TRPC_PREFIX.length + 1)).split(",");
  } catch {
    return undefined;
  }
  return procedures.every((p) => CACHED_PROCEDURES.has(p)) ? url : undefined;
}

/** a request the edge may answer: a plain guest GET (no CORS, no body: the hooks that judge those run in Fastify) */
const plainGet = (req: IncomingMessage) =>
  req.headers.origin === undefined &&
  req.headers["content-type"] === undefined &&
  req.headers["transfer-encoding"] === undefined &&
  !Number(req.headers["content-length"] ?? 0);

export interface CatalogueCache {
  get(key: string): Entry | undefined;
  /** what to send for a kept entry to this request (and its gzip body made, if the client takes gzip) */
  variant(key: string, entry: Entry, request: Pick<IncomingMessage, "headers">): ReturnType<typeof variantOf>;
  /** the generation an answer starts in: it is kept only if no write came before it was sent */
  begin(): number;
  keep(key: string, entry: Entry, begunAt: number): void;
  /** answers a kept guest GET before Fastify; true when it did */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  readonly size: number;
}

export function createCatalogueCache(productCache: Pick<ProductCache, "generation">, log: { logger?: FastifyBaseLogger } = {}): CatalogueCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = productCache.generation;

  const sync = () => {
    if (generation === productCache.generation) return;
    generation = productCache.generation;
    entries.clear();
    bytes = 0;
  };
  const sizeOf = (entry: Entry) => entry.body.length + (entry.gzip?.body.length ?? 0);
  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= sizeOf(old);
  };
  /** compressed on libuv's thread pool, so the event loop never waits for it; plain bytes are sent until then */
  const compress = (key: string, entry: Entry) => {
    if (entry.gzip || entry.compressing || entry.body.length < MIN_GZIP_BYTES) return;
    entry.compressing = true;
    gzip(entry.body, { level: constants.Z_BEST_SPEED }, (error, zipped) => {
      entry.compressing = false;
      if (error || entries.get(key) !== entry || zipped.length >= entry.body.length) return;
      entry.gzip = { body: zipped, etag: `${entry.etag.slice(0, -1)}-gz"` };
      bytes += zipped.length;
    });
  };

  const cache: CatalogueCache = {
    get(key) {
      sync();
      return entries.get(key);
    },
    variant(key, entry, request) {
      if (acceptsGzip(request.headers["accept-encoding"])) compress(key, entry);
      return variantOf(entry, request);
    },
    begin() {
      sync();
      return generation;
    },
    keep(key, entry, begunAt) {
      sync();
      if (begunAt !== generation || entry.body.length > MAX_ENTRY_BYTES) return;
      drop(key);
      while (entries.size > 0 && (entries.size >= MAX_ENTRIES || bytes + entry.body.length > MAX_TOTAL_BYTES)) drop(entries.keys().next().value as string);
      entries.set(key, entry);
      bytes += entry.body.length;
    },
    answer(req, res) {
      const key = cacheKey(req);
      if (key === undefined || !plainGet(req)) return false;
      const entry = cache.get(key);
      if (!entry) return false;
      const started = performance.now();
      const { status, headers, body } = cache.variant(key, entry, req);
      if (body) res.writeHead(status, { ...entry.headers, ...headers, "content-length": String(body.length) }).end(body);
      else res.writeHead(status, { ...entry.headers, ...headers }).end();
      // the same one line per request as plugins/request-log.ts
      log.logger?.info({ method: req.method, path: req.url, status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
      return true;
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}

/** A 200 answer's text: a string as sent, or a web Response's body (tRPC's adapter sends one), its headers moved onto the reply. */
async function okText(payload: unknown, reply: FastifyReply): Promise<string | undefined> {
  if (typeof payload === "string") return payload;
  if (!(payload instanceof Response) || payload.status !== 200) return undefined;
  for (const [name, value] of payload.headers) reply.header(name, value);
  return payload.text();
}

const keptHeaders = (headers: ReturnType<FastifyReply["getHeaders"]>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined || NOT_KEPT.has(name) || name.startsWith("access-control-") ? [] : [[name, Array.isArray(value) ? value.join(", ") : String(value)]],
    ),
  );

/** Vary as this cache needs it, after what the reply already varies by (CORS adds Origin). */
const withVary = (reply: FastifyReply) => {
  const before = reply.getHeader("vary");
  return before === undefined ? VARY : `${String(before)}, ${VARY}`;
};

export const catalogueCachePlugin = fp<{ cache: CatalogueCache }>(
  (app, { cache }, done) => {
    /** each cacheable request's key and the generation it started in: an answer is kept only if no write came between */
    const pending = new WeakMap<FastifyRequest, { key: string; begunAt: number }>();

    // requests the edge left to Fastify (a CORS request, or a miss)
    app.addHook("onRequest", async (request, reply) => {
      const key = cacheKey(request.raw);
      if (!key) return;
      const entry = cache.get(key);
      if (!entry) return void pending.set(request, { key, begunAt: cache.begin() });
      const { status, headers, body } = cache.variant(key, entry, request.raw);
      return reply
        .code(status)
        .headers({ ...headers, vary: withVary(reply) })
        .send(body);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const waiting = pending.get(request);
      if (!waiting || reply.statusCode !== 200) return payload;
      pending.delete(request);
      const text = await okText(payload, reply);
      if (text === undefined) return payload;
      const body = Buffer.from(text);
      const etag = contentEtag(text);
      void reply.header("etag", etag).header("cache-control", "no-cache").header("vary", withVary(reply));
      const type = String(reply.getHeader("content-type") ?? "application/json");
      cache.keep(waiting.key, { body, type, etag, headers: keptHeaders(reply.getHeaders()) }, waiting.begunAt);
      return body;
    });
    done();
  },
  { name: "catalogue-cache" },
);
