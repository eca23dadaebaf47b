// The costly part of a search, looking for close spellings (pg_trgm), has a bound on how much of it
// one client can start (issue 22: ~28 long typo-tolerant searches a second from one guest saturated
// the embedded database, and every other uncached call waited 1–2 s behind them). Each client
// (address) runs one close-spelling statement at a time, and the whole server runs at most
// `concurrency` at once; the others wait their turn, so a query of anyone else waits behind at most
// that many of them. A client with too many waiting is refused (429), and so is everyone when the
// line of the whole server is too long (503): bounded memory, and an answer instead of a hang.
// Nothing is ever answered with fewer products than the search finds: the caches keep answers.
import { StoreError } from "../platform/errors.ts";

/** A close-spelling search refused for `client`: one of a crowd sharing a search started by another client is not refused by it (products.ts). */
export class SearchRefused extends StoreError {
  constructor(
    status: 429 | 503,
    code: string,
    message: string,
    readonly client: string,
  ) {
    super(status, code, message);
  }
}

export interface SearchGateOptions {
  /** close-spelling statements running at once in the whole server */
  concurrency?: number;
  /** waiting per client before it is refused */
  maxWaitingPerClient?: number;
  /** waiting in the whole server before anyone is refused */
  maxWaiting?: number;
}

export interface SearchGate {
  /** runs `statement` (a close-spelling search) for `client` within the bounds */
  closeSpelling<T>(client: string, statement: () => Promise<T>): Promise<T>;
  /** close-spelling statements started so far, and the most that ran at once (for tests and the bench) */
  readonly started: number;
  readonly mostAtOnce: number;
}

export function createSearchGate({ concurrency = 2, maxWaitingPerClient = 8, maxWaiting = 200 }: SearchGateOptions = {}): SearchGate {
  /** per client: the end of its line, and how many are in it */
  const lines = new Map<string, { tail: Promise<unknown>; length: number }>();
  const slotWaiters: (() => void)[] = [];
  let running = 0;
  let waiting = 0;
  let started = 0;
  let mostAtOnce = 0;

  const slot = () =>
    new Promise<void>((resolve) => {
      if (running < concurrency) {
        running++;
        resolve();
      } else slotWaiters.push(resolve);
    });
  const release = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else running--;
  };

  return {
    closeSpelling<T>(client: string, statement: () => Promise<T>): Promise<T> {
      const line = lines.get(client) ?? { tail: Promise.resolve(), length: 0 };
      if (line.length >= maxWaitingPerClient)
        throw new SearchRefused(429, "TOO_MANY_SEARCHES", "Too many searches at once from your address. Please wait for the ones running to finish.", client);
      if (waiting >= maxWaiting) throw new SearchRefused(503, "SEARCH_BUSY", "The search is very busy right now. Please try again in a moment.", client);
      waiting++;
      line.length++;
      lines.set(client, line);
      const mine = line.tail.then(slot).then(async () => {
        waiting--;
        started++;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          return await statement();
        } finally {
          release();
        }
      });
      const tail = mine.then(
        () => undefined,
        () => undefined,
      );
      line.tail = tail;
      void tail.then(() => {
        line.length--;
        if (line.length === 0 && lines.get(client) === line) lines.delete(client);
      });
      return mine;
    },
    get started() {
      return started;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}
