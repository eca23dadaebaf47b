// The embedded PGlite runs every query on the server's one thread, and its queue of waiting
// queries drains in one go: each query starts in the microtask of the one before it, so Node
// does not get back to its event loop until the queue is empty. Node accepts one new connection
// per turn of its event loop, so under 50 concurrent searches a new connection waited seconds to
// be accepted (p99 ~20x p50; docs/decisions.md, issue 18). Here queries take turns: one at a
// time, in arrival order, each started from a fresh turn of the event loop (setImmediate), so
// connections are accepted and requests read between any two queries.
import type { PGlite } from "@electric-sql/pglite";

type Gate = <T>(run: () => Promise<T>) => Promise<T>;

/** one at a time, in order, each from a new turn of the event loop */
export function turnTaker(): Gate {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = mine.catch(() => undefined);
    return mine;
  };
}

/** PGlite for the Prisma adapter, whose queries and transactions take turns (a transaction is one turn, its statements inside it) */
export function takingTurns(pglite: PGlite): PGlite {
  const gate = turnTaker();
  return new Proxy(pglite, {
    // read on the PGlite itself: its getters use private fields, which a proxy does not have
    get(target, key) {
      if (key === "query" || key === "exec" || key === "transaction") {
        const method = Reflect.get(target, key) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => gate(() => method.apply(target, args));
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
