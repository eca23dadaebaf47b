// pg-boss's connection to the store's own database (packages/db DbHandle.raw), so that it runs on
// the embedded PGlite as on PostgreSQL: pg-boss takes any `db` with `executeSql(text, values)`.
// Three things to know, each found running pg-boss 10.4 on PGlite:
// - Its scripts (schema creation, maintenance) come as "BEGIN; …; COMMIT;" in one string. A failed
//   statement in there leaves the session inside an aborted transaction, and PGlite has one session,
//   shared with Prisma: every later query of the store would fail. Sent without BEGIN/COMMIT, the
//   string runs as one implicit transaction, which PostgreSQL rolls back whole on an error (SET LOCAL
//   and pg_advisory_xact_lock hold for it just the same).
// - Its workers mark a job done or failed without awaiting it: an error there (the database gone for
//   a moment) would be an unhandled rejection, which ends the process. Those two statements answer
//   "nothing changed" instead; the job then expires and is retried, and the jobs are safe to repeat.
// - After the queue stops, its loops' late calls do nothing, so they never touch a closed database.
import { createRequire } from "node:module";
import type { DbHandle } from "@store/db";
import type PgBoss from "pg-boss";
import type { JobLog } from "./registry.ts";

/** pg-boss's SQL texts (a module it does not type): the two statements its workers do not await */
const { completeJobs, failJobsById } = createRequire(import.meta.url)("pg-boss/src/plans.js") as Record<
  "completeJobs" | "failJobsById",
  (schema: string) => string
>;

type SqlRunner = DbHandle["raw"];

const SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i;
/** the answer of a job's end that was not recorded: pg-boss reads the count of its first row */
const NOTHING_CHANGED = [{ count: 0 }];

export interface QueueSql extends PgBoss.Db {
  /** waits for the statements under way, then answers every later one with no rows */
  close(): Promise<void>;
}

export function queueSql(raw: SqlRunner, schema: string, log: JobLog): QueueSql {
  const fireAndForget = new Set([completeJobs(schema), failJobsById(schema)]);
  const underWay = new Set<Promise<unknown>>();
  let closed = false;

  const execute = async (text: string, values: unknown[] | undefined): Promise<{ rows: unknown[] }> => {
    const script = values?.length ? null : SCRIPT.exec(text);
    if (script) {
      await raw.exec(script[1]!);
      return { rows: [] };
    }
    try {
      return { rows: await raw.query(text, values) };
    } catch (error) {
      if (!fireAndForget.has(text)) throw error;
      log.warn({ err: error }, "job queue: could not record a job's end; it will expire and run again");
      return { rows: NOTHING_CHANGED };
    }
  };

  return {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.resolve({ rows: fireAndForget.has(text) ? NOTHING_CHANGED : [] });
      const statement = execute(text, values);
      underWay.add(statement);
      const done = () => underWay.delete(statement);
      statement.then(done, done);
      return statement;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...underWay]);
    },
  };
}
