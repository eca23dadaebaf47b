import type { ProductEvents } from "./product-events.ts";
import { createSearchGate, type SearchGate, type SearchGateOptions } from "./search-gate.ts";
import { sharedRuns } from "../platform/shared-runs.ts";

/**
 * In-process cache of catalogue reads (the storefront's product list is by far the most
 * requested thing). Every product or stock write calls `productEvents.changed()`, which empties
 * it; with PostgreSQL the server relays that to the other instances with LISTEN/NOTIFY.
 * Bounded, so arbitrary inputs cannot grow it without limit.
 */
export interface ProductCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Runs `load` once for all who ask for `key` while it runs, and keeps nothing once it has
   * settled: for reads too many and too varied to keep, such as searches (docs/decisions.md,
   * issue 18). A write in between starts a fresh load for those who ask after it.
   */
  share<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Searches (issue 22): shared while they run, and the answers kept, in a bounded cache of their
   * own — the most recent `maxSearches`, holding at most `maxSearchRows` rows in all (`rowsOf`
   * counts an answer's) — so that many different searches cannot push the lists out of `get`'s.
   * The key is the normalised search (case, spaces), so identical searches share one entry.
   */
  search<T>(key: string, load: () => Promise<T>, rowsOf: (answer: T) => number): Promise<T>;
  /** the bound on the close-spelling statements a client may start (search-gate.ts) */
  readonly searchGate: SearchGate;
  clear(): void;
  /** changes on every clear: lets the HTTP layer cache its serialised bodies against it */
  readonly generation: number;
}

export interface ProductCacheOptions {
  maxEntries?: number;
  maxSearches?: number;
  maxSearchRows?: number;
  searchGate?: SearchGateOptions;
}

export function createProductCache(
  events: ProductEvents,
  { maxEntries = 2000, maxSearches = 256, maxSearchRows = 2000, searchGate }: ProductCacheOptions = {},
): ProductCache {
  const entries = new Map<string, Promise<unknown>>();
  const running = sharedRuns<unknown>();
  /** kept searches, least recently used first, with the rows each holds once it has settled */
  const searches = new Map<string, { answer: Promise<unknown>; rows: number }>();
  let searchRows = 0;
  let generation = 0;
  const dropSearch = (key: string) => {
    const old = searches.get(key);
    if (!old) return;
    searches.delete(key);
    searchRows -= old.rows;
  };
  const cache: ProductCache = {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit as Promise<T>;
      const started = generation;
      const pending = load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, pending);
      pending.then(
        () => {
          // a write that happened while loading makes this result stale: do not keep it
          if (generation !== started && entries.get(key) === pending) entries.delete(key);
        },
        () => {
          if (entries.get(key) === pending) entries.delete(key);
        },
      );
      return pending;
    },
    share<T>(key: string, load: () => Promise<T>): Promise<T> {
      return running.run(`${generation}\u0000${key}`, load) as Promise<T>;
    },
    search<T>(key: string, load: () => Promise<T>, rowsOf: (answer: T) => number): Promise<T> {
      const hit = searches.get(key);
      if (hit) {
        // most recently used last
        searches.delete(key);
        searches.set(key, hit);
        return hit.answer as Promise<T>;
      }
      const started = generation;
      const entry = { answer: load() as Promise<unknown>, rows: 0 };
      searches.set(key, entry);
      while (searches.size > maxSearches) dropSearch(searches.keys().next().value as string);
      entry.answer.then(
        (answer) => {
          if (searches.get(key) !== entry) return;
          // a write that happened while loading makes this answer stale: do not keep it
          if (generation !== started) return dropSearch(key);
          entry.rows = rowsOf(answer as T);
          searchRows += entry.rows;
          while (searchRows > maxSearchRows && searches.size > 0) dropSearch(searches.keys().next().value as string);
        },
        () => {
          if (searches.get(key) === entry) dropSearch(key);
        },
      );
      return entry.answer as Promise<T>;
    },
    searchGate: createSearchGate(searchGate),
    clear() {
      generation++;
      entries.clear();
      searches.clear();
      searchRows = 0;
    },
    get generation() {
      return generation;
    },
  };
  events.subscribe(() => cache.clear());
  return cache;
}
