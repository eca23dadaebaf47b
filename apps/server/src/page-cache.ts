// Rendered storefront pages kept per URL (issue 18: a guest page rendered on every request answered
// 160–380 requests/s, about 1% of what the machine can send). A page is the same for every visitor
// (pages are rendered for a guest; a customer's own data is fetched by the browser), so its answer
// is kept until the product cache's generation moves — every product, stock or settings write, on
// any instance (product-sync.ts) — or at most `ttlMs`, which bounds anything else a page shows that
// changes with time (expected delivery dates). Bounded in entries and bytes; the oldest goes first.

/** A kept page as it is sent again: the status, the bytes and every header of the first answer (etag included). */
export interface KeptPage {
  status: number;
  etag: string;
  body: Buffer;
  headers: Record<string, string>;
}

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
    bytes -= old.body.length;
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
      if (begunAt !== seen || page.body.length > maxBytes / 4) return;
      drop(url);
      while (entries.size > 0 && (entries.size >= maxEntries || bytes + page.body.length > maxBytes)) {
        drop(entries.keys().next().value as string);
      }
      entries.set(url, { ...page, storedAt: now() });
      bytes += page.body.length;
    },
    get size() {
      return entries.size;
    },
  };
}
