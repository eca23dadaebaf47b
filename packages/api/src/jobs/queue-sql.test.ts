// pg-boss's connection to the store's database (queue-sql.ts): what must hold for it to share
// PGlite's single session with Prisma, and for a database hiccup never to end the process.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "@store/db/testing";
import type { DbHandle } from "@store/db";
import { queueSql } from "./queue-sql.ts";

let handle: DbHandle;
const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => void warnings.push(message) };

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** pg-boss 10's own text for marking jobs done (its SQL module is untyped) */
const { completeJobs } = createRequire(import.meta.url)("pg-boss/src/plans.js") as { completeJobs: (schema: string) => string };

describe("the job queue's SQL", () => {
  it("a pg-boss script that fails leaves no transaction open: the store's next queries work", async () => {
    const sql = queueSql(handle.raw, "pgboss", log);
    await expect(sql.executeSql("\n    BEGIN;\n    CREATE TEMP TABLE queue_sql_probe (x int);\n    SELECT 1/0;\n    COMMIT;\n  ", [])).rejects.toThrow(
      /division by zero/,
    );
    expect(await handle.db.$queryRaw<{ ok: number }[]>`SELECT 1::int AS ok`).toEqual([{ ok: 1 }]);
    // the whole script was rolled back
    await expect(handle.raw.query("SELECT * FROM queue_sql_probe")).rejects.toThrow(/does not exist/);
  });

  it("a script that succeeds runs whole, in one transaction", async () => {
    const sql = queueSql(handle.raw, "pgboss", log);
    await sql.executeSql("BEGIN; SET LOCAL lock_timeout = '30s'; CREATE TABLE queue_sql_done (x int); INSERT INTO queue_sql_done VALUES (1); COMMIT;", []);
    expect(await handle.raw.query("SELECT x FROM queue_sql_done")).toEqual([{ x: 1 }]);
  });

  it("marking a job done never rejects (pg-boss does not await it): it is logged and reported as nothing changed", async () => {
    const broken = { exec: () => Promise.reject(new Error("connection lost")), query: () => Promise.reject(new Error("connection lost")) };
    const sql = queueSql(broken, "pgboss", log);
    await expect(sql.executeSql(completeJobs("pgboss"), ["outbox", [], null])).resolves.toEqual({ rows: [{ count: 0 }] });
    expect(warnings.at(-1)).toMatch(/could not record a job's end/);
    // any other statement reports its failure to pg-boss as usual
    await expect(sql.executeSql("SELECT 1", [])).rejects.toThrow("connection lost");
  });

  it("once closed, pg-boss's late calls touch the database no more", async () => {
    let statements = 0;
    const counting = { exec: () => (statements++, Promise.resolve()), query: <T>() => (statements++, Promise.resolve([] as T[])) };
    const sql = queueSql(counting, "pgboss", log);
    await sql.close();
    await expect(sql.executeSql("SELECT 1", [])).resolves.toEqual({ rows: [] });
    await expect(sql.executeSql(completeJobs("pgboss"), ["outbox", [], null])).resolves.toEqual({ rows: [{ count: 0 }] });
    expect(statements).toBe(0);
  });
});
