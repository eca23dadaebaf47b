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
// brotli or gzip has asked for it, also compressed in that coding (off the event loop, at a fast
// level: every stock write starts a new generation, so an entry may not live long; issue 23 added
// brotli). The edge sends the best body made so far; an answer through Fastify waits for the
// client's coding, so that @fastify/compress (app.ts) never compresses a kept answer again per request.
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ProductCache } from "@store/api";
import { acceptedEncoding, acceptsGzip, noneMatch, type Coding } from "../content-coding.ts";
import { contentEtag } from "../etag.ts";
import { pathOf } from "../spring-error.ts";
import { TRPC_PREFIX } from "./trpc.ts";

const CACHED_REST_PATHS = new Set(["/api/v1/products/details"]);
const CACHED_PROCEDURES = new Set(["products.list", "products.shelf"]);
const MAX_ENTRIES = 256;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;
/** smaller answers are not worth a compressed body of their own (@fastify/compress's threshold too, app.ts) */
const MIN_COMPRESS_BYTES = 1024;
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

interface Encoded {
  coding: Coding;
  body: Buffer;
  etag: string;
}

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  /** the first answer's other headers (the security headers), sent again by the edge */
  headers: Record<string, string>;
  /** the same body compressed, once made */
  br?: Encoded;
  gzip?: Encoded;
  /** settles when a coding's body is made (or found not worth keeping) */
  compressing?: Partial<Record<Coding, Promise<void>>>;
}

type Variant = { status: number; headers: Record<string, string>; body?: Buffer };

const compressors: Record<Coding, (body: Buffer, done: (error: Error | null, result: Buffer) => void) => void> = {
  br: (body, done) =>
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      done,
    ),
  gzip: (body, done) => gzip(body, { level: constants.Z_BEST_SPEED }, done),
};
const ETAG_SUFFIX: Record<Coding, string> = { br: "-br", gzip: "-gz" };

/** The body made so far that the request takes best: brotli, else gzip (also when brotli is preferred but not made yet), else none. */
function encodedFor(entry: Entry, request: Pick<IncomingMessage, "headers">): Encoded | undefined {
  const header = request.headers["accept-encoding"];
  const coding = acceptedEncoding(header);
  if (coding === "br") return entry.br ?? (acceptsGzip(header) ? entry.gzip : undefined);
  return coding === "gzip" ? entry.gzip : undefined;
}

/** What to send for a kept entry: status, the variant's own headers and its body (none for 304). */
function variantOf(entry: Entry, request: Pick<IncomingMessage, "headers">): Variant {
  const encoded = encodedFor(entry, request);
  const headers: Record<string, string> = { etag: encoded?.etag ?? entry.etag, "cache-control": "no-cache", vary: VARY };
  // every ETag names the same content: a client that kept one encoding may ask with it under another
  const etags = [entry.etag, entry.gzip?.etag ?? entry.etag, entry.br?.etag ?? entry.etag];
  if (noneMatch(request.headers["if-none-match"], etags)) return { status: 304, headers };
  headers["content-type"] = entry.type;
  if (encoded) headers["content-encoding"] = encoded.coding;
  return { status: 200, headers, body: encoded?.body ?? entry.body };
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
  /** what to send for a kept entry to this request now: the best body made so far (the client's coding is started if it is not) */
  variant(key: string, entry: Entry, request: Pick<IncomingMessage, "headers">): Variant;
  /** the same once the body in the client's coding is made */
  encodedVariant(key: string, entry: Entry, request: Pick<IncomingMessage, "headers">): Promise<Variant>;
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
  const sizeOf = (entry: Entry) => entry.body.length + (entry.gzip?.body.length ?? 0) + (entry.br?.body.length ?? 0);
  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= sizeOf(old);
  };
  /** compressed on libuv's thread pool, so the event loop never waits for it; once per entry and coding */
  const compress = (key: string, entry: Entry, coding: Coding): Promise<void> => {
    if (entry[coding] || entry.body.length < MIN_COMPRESS_BYTES) return Promise.resolve();
    entry.compressing ??= {};
    entry.compressing[coding] ??= new Promise<void>((resolve) =>
      compressors[coding](entry.body, (error, body) => {
        if (!error && body.length < entry.body.length) {
          entry[coding] = { coding, body, etag: `${entry.etag.slice(0, -1)}${ETAG_SUFFIX[coding]}"` };
          // an entry dropped meanwhile (or never kept: a write came first) still answers its own request
          if (entries.get(key) === entry) bytes += body.length;
        }
        resolve();
      }),
    );
    return entry.compressing[coding];
  };
  const compressFor = (key: string, entry: Entry, request: Pick<IncomingMessage, "headers">) => {
    const coding = acceptedEncoding(request.headers["accept-encoding"]);
    return coding ? compress(key, entry, coding) : Promise.resolve();
  };

  const cache: CatalogueCache = {
    get(key) {
      sync();
      return entries.get(key);
    },
    variant(key, entry, request) {
      void compressFor(key, entry, request);
      return variantOf(entry, request);
    },
    async encodedVariant(key, entry, request) {
      await compressFor(key, entry, request);
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
      const { status, headers, body } = await cache.encodedVariant(key, entry, request.raw);
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
      const type = String(reply.getHeader("content-type") ?? "application/json");
      const entry: Entry = { body: Buffer.from(text), type, etag: contentEtag(text), headers: keptHeaders(reply.getHeaders()) };
      cache.keep(waiting.key, entry, waiting.begunAt);
      // the first answer too goes in the client's coding, with that coding's ETag (a 200 whatever If-None-Match says, as before)
      const { headers, body } = await cache.encodedVariant(waiting.key, entry, { headers: { "accept-encoding": request.headers["accept-encoding"] } });
      void reply.headers({ ...headers, vary: withVary(reply) });
      return body;
    });
    done();
  },
  { name: "catalogue-cache" },
);
