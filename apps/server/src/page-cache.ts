// Rendered storefront pages kept per URL (issue 18: a guest page rendered on every request answered
// 160–380 requests/s, about 1% of what the machine can send). A page is the same for every visitor
// (pages are rendered for a guest; a customer's own data is fetched by the browser), so its answer
// is kept until the product cache's generation moves — every product, stock or settings write, on
// any instance (product-sync.ts) — or at most `ttlMs`, which bounds anything else a page shows that
// changes with time (expected delivery dates). Bounded in entries and bytes; the oldest goes first.
//
// A page is kept with its brotli and gzip bodies too (issue 23), made once when it is rendered
// (`encodePage`), so answering it stays a header lookup (`answerFor`).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncoding, noneMatch, type Coding } from "./content-coding.ts";

/** One way a kept page is sent: its bytes and every header that goes with them (etag, content-length, content-encoding and vary included). */
export interface Representation {
  etag: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** A kept page as it is sent again: the status, and the bytes and headers of its first answer, plain and compressed. */
export interface KeptPage extends Representation {
  status: number;
  /** the page brotli- and gzip-compressed, absent when the page is too small or compressing does not shrink it */
  br?: Representation;
  gzip?: Representation;
}

/** smaller pages are not worth a compressed body of their own */
const MIN_COMPRESS_BYTES = 1024;
/**
 * Brotli 5 and gzip 6 take about 1 ms each for a 40 KB page, on the event loop, once per page and
 * generation (a crowd waiting for one render shares its compression: plugins/web.ts); brotli 11
 * would save another ~7% for ~40 ms, and every stock write starts a new generation.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const GZIP = { level: 6 };

/** A page's body in the codings this server sends, each only where it is smaller. */
export function encodePage(body: Buffer): Partial<Record<Coding, Buffer>> {
  if (body.length < MIN_COMPRESS_BYTES) return {};
  const encoded: Partial<Record<Coding, Buffer>> = {};
  const br = brotliCompressSync(body, { ...BROTLI, params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (br.length < body.length) encoded.br = br;
  const gzip = gzipSync(body, GZIP);
  if (gzip.length < body.length) encoded.gzip = gzip;
  return encoded;
}

const SUFFIX: Record<Coding, string> = { br: "-br", gzip: "-gz" };
/** the first answer's headers that each representation has its own of (header names as Fastify keeps them: lower case) */
const PER_REPRESENTATION = new Set(["etag", "content-length", "content-encoding"]);

/**
 * The page as kept: `headers` are the first answer's (the security headers, content type, cache
 * control), each representation gets its own ETag ("…-br", "…-gz"), content-length and, when
 * there is more than one, `Vary: Accept-Encoding`.
 */
export function keptPage(status: number, etag: string, body: Buffer, headers: Record<string, string>, encoded: Partial<Record<Coding, Buffer>>): KeptPage {
  const common: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!PER_REPRESENTATION.has(name)) common[name] = value;
  if (encoded.br || encoded.gzip) common.vary = common.vary ? `${common.vary}, accept-encoding` : "accept-encoding";
  const representation = (tag: string, bytes: Buffer, coding?: Coding): Representation => ({
    etag: tag,
    body: bytes,
    headers: { ...common, etag: tag, "content-length": String(bytes.length), ...(coding ? { "content-encoding": coding } : {}) },
  });
  const page: KeptPage = { status, ...representation(etag, body) };
  for (const coding of ["br", "gzip"] as const) {
    const bytes = encoded[coding];
    if (bytes) page[coding] = representation(`${etag.slice(0, -1)}${SUFFIX[coding]}"`, bytes, coding);
  }
  return page;
}

/** What to send for a kept page to a request: the representation it accepts (brotli first), or 304 when it names any of the page's ETags. */
export function answerFor(page: KeptPage, request: { "accept-encoding"?: string | string[]; "if-none-match"?: string | string[] }) {
  const coding = acceptedEncoding(request["accept-encoding"]);
  const chosen = (coding && page[coding]) || page;
  const ifNoneMatch = request["if-none-match"];
  if (page.status === 200 && ifNoneMatch !== undefined && noneMatch(ifNoneMatch, [page.etag, page.br?.etag ?? page.etag, page.gzip?.etag ?? page.etag]))
    return { status: 304, headers: chosen.headers, body: undefined };
  return { status: page.status, headers: chosen.headers, body: chosen.body };
}

/** the bytes a kept page holds */
const sizeOf = (page: KeptPage) => page.body.length + (page.br?.body.length ?? 0) + (page.gzip?.body.length ?? 0);

export interface PageCacheOptions {
  /** moves whenever a page may have changed (ProductCache.generation) */
  generation: () => number;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface PageCache {
  get(url: string): KeptPage | undefined;
  /** the generation a render starts in: its page is kept only if no write came before it finished */
  begin(): number;
  /** keeps the page unless a write came since `begunAt` */
  keep(url: string, page: KeptPage, begunAt: number): void;
  readonly size: number;
}

export function createPageCache({ generation, ttlMs = 60_000, maxEntries = 300, maxBytes = 32 * 1024 * 1024, now = Date.now }: PageCacheOptions): PageCache {
  const entries = new Map<string, KeptPage & { storedAt: number }>();
  let bytes = 0;
  let seen = generation();

  const drop = (url: string) => {
    const old = entries.get(url);
    if (!old) return;
    entries.delete(url);
    bytes -= sizeOf(old);
  };
  const sync = () => {
    if (seen === generation()) return;
    seen = generation();
    entries.clear();
    bytes = 0;
  };

  return {
    get(url) {
      sync();
      const entry = entries.get(url);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        drop(url);
        return undefined;
      }
      return entry;
    },
    begin() {
      sync();
      return seen;
    },
    keep(url, page, begunAt) {
      sync();
      const size = sizeOf(page);
      if (begunAt !== seen || size > maxBytes / 4) return;
      drop(url);
      while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes)) {
        drop(entries.keys().next().value as string);
      }
      entries.set(url, { ...page, storedAt: now() });
      bytes += size;
    },
    get size() {
      return entries.size;
    },
  };
}
