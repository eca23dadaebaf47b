import type { ProductEvents } from "./product-events.ts";
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
  clear(): void;
  /** changes on every clear: lets the HTTP layer cache its serialised bodies against it */
  readonly generation: number;
}

export function createProductCache(events: ProductEvents, maxEntries = 2000): ProductCache {
  const entries = new Map<string, Promise<unknown>>();
  const running = sharedRuns<unknown>();
  let generation = 0;
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
    clear() {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
  };
  events.subscribe(() => cache.clear());
  return cache;
}
