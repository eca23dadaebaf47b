// The embedded database's queries take turns with Node's event loop (pglite-turns.ts, issue 18).
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { openDb } from "./client.ts";
import { takingTurns } from "./pglite-turns.ts";

/** a stand-in PGlite whose queries log when they start and end */
function fakePglite(log: string[]) {
  return {
    answer: 42,
    async query(sql: string) {
      log.push(`start ${sql}`);
      // like PGlite: the work itself is synchronous; only the promise around it is not
      await Promise.resolve();
      if (sql === "bad") throw new Error("syntax error");
      log.push(`end ${sql}`);
      return { rows: [sql] };
    },
    exec: (sql: string) => Promise.resolve((log.push(`exec ${sql}`), [])),
    transaction: <T>(run: (tx: unknown) => Promise<T>) => run({}),
  };
}

describe("takingTurns", () => {
  it("runs queries one at a time in the order they came, each from a fresh turn of the event loop", async () => {
    const log: string[] = [];
    const db = takingTurns(fakePglite(log) as unknown as PGlite);
    // what the event loop does between queries (accepting a connection, reading a request) shows in the log
    const between = () => void setImmediate(() => log.push("event loop"));
    const answers = Promise.all([db.query("a").then(between), db.query("bad").catch((e: Error) => (between(), e.message)), db.query("c").then(between)]);
    await answers;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start a", "end a", "event loop", "start bad", "event loop", "start c", "end c", "event loop"]);
    expect(await answers).toEqual([undefined, "syntax error", undefined]);
  });

  it("passes everything else through to the PGlite", async () => {
    const log: string[] = [];
    const db = takingTurns(fakePglite(log) as unknown as PGlite) as unknown as ReturnType<typeof fakePglite>;
    expect(db.answer).toBe(42);
    await db.exec("SELECT 1");
    expect(await db.transaction(() => Promise.resolve("done"))).toBe("done");
    expect(log).toEqual(["exec SELECT 1"]);
  });

  it("serves Prisma on a real embedded database, transactions included", async () => {
    const handle = await openDb({ dataDir: "memory://" });
    try {
      const [one, two] = await Promise.all([
        handle.db.$queryRaw<{ n: number }[]>`SELECT 1::int AS n`,
        handle.db.$queryRaw<{ n: number }[]>`SELECT 2::int AS n`,
      ]);
      expect([one[0]?.n, two[0]?.n]).toEqual([1, 2]);
      const inTx = await handle.db.$transaction(async (tx) => (await tx.$queryRaw<{ n: number }[]>`SELECT 3::int AS n`)[0]?.n);
      expect(inTx).toBe(3);
    } finally {
      await handle.close();
    }
  });
});
