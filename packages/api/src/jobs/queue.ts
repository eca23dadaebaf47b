// The job queue (issue 22): pg-boss 10 in the store's own database, PGlite or PostgreSQL alike
// (queue-sql.ts). Each job of the registry is a pg-boss queue with the "stately" policy and the job's
// name as singleton key: at most one run waiting and one running across every server on the
// database, so two servers never run the same job at once. Failed runs are retried with growing
// delays; a run that outlives its expiry (a server killed mid-run) is failed by pg-boss's maintenance
// and retried elsewhere. A job runs on its schedule: a cron expression is pg-boss's own schedule
// (stored in the database, fired once for all servers); a period under a minute (the outbox's second)
// is this server asking the queue for a run each period, which is a no-op while one is waiting.
import type { DbHandle } from "@store/db";
import PgBoss from "pg-boss";
import type { JobLog, JobSchedule } from "./registry.ts";
import type { JobRunner } from "./runner.ts";
import { queueSql, type QueueSql } from "./queue-sql.ts";

const SCHEMA = "pgboss";

export interface JobQueueOptions {
  raw: DbHandle["raw"];
  runner: JobRunner;
  /** the jobs this server runs by itself and when; null or absent: only on demand here */
  schedules: Record<string, JobSchedule | null | undefined>;
  log: JobLog;
}

export interface JobQueue {
  /** asks for a run through the queue; false when one is already waiting */
  enqueue(name: string): Promise<boolean>;
  /** stops the schedules and workers, lets a run under way finish its item, and releases the database */
  stop(): Promise<void>;
}

const RETRIES = { retryLimit: 5, retryDelay: 10, retryBackoff: true };

/**
 * Installs pg-boss's tables (first start) and makes each job's queue and cron schedule, before the
 * queue itself starts: its cron clock looks once right after starting, so a schedule made later
 * would wait for its next look (30 to 60 s) instead of firing at start.
 */
async function prepare(sql: QueueSql, runner: JobRunner, schedules: JobQueueOptions["schedules"]) {
  const setup = new PgBoss({ db: sql, schema: SCHEMA, supervise: false, schedule: false });
  await setup.start();
  for (const name of runner.names) {
    const schedule = schedules[name];
    const options = { ...RETRIES, policy: "stately" as const, expireInSeconds: runner.definition(name)!.expireInSeconds, retentionMinutes: 60 };
    await setup.createQueue(name, { name, ...options });
    await setup.updateQueue(name, { name, ...options });
    if (schedule && "cron" in schedule) await setup.schedule(name, schedule.cron, {}, { singletonKey: name, tz: "UTC" });
    else await setup.unschedule(name);
  }
  await setup.stop({ graceful: false, close: false });
}

/** PostgreSQL's "deadlock detected": it rolled this transaction back, and running it again is safe */
const DEADLOCK = "40P01";

/**
 * Two servers starting at once on one PostgreSQL make the same queues at once: each queue is a
 * partition of pg-boss's job table, and two such CREATE TABLE … PARTITION OF statements can take
 * their locks in opposite orders (seen in security/shared-limits.test.ts under load). PostgreSQL
 * then rolls one back; every step here is idempotent, so that server prepares again.
 */
async function prepareRetryingDeadlocks(sql: QueueSql, runner: JobRunner, schedules: JobQueueOptions["schedules"], log: JobLog) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepare(sql, runner, schedules);
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
      log.warn({ err: error, attempt }, "job queue: preparing the queues met another server doing the same; trying again");
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export async function startJobQueue({ raw, runner, schedules, log }: JobQueueOptions): Promise<JobQueue> {
  for (const name of Object.keys(schedules)) if (!runner.definition(name)) throw new Error(`job queue: no job "${name}" in the registry`);
  const sql = queueSql(raw, SCHEMA, log);
  await prepareRetryingDeadlocks(sql, runner, schedules, log);
  const boss = new PgBoss({
    db: sql,
    schema: SCHEMA,
    // a job stuck active (its server died) is found within ~30 s of its expiry
    maintenanceIntervalSeconds: 30,
    // runs leave the job table after a minute (60 s is the least pg-boss's cron accepts; failed ones
    // after a day) and the archive an hour later: the outbox's 1 s runs would otherwise keep ~600,000
    // rows (pg-boss's defaults: 12 hours, then 7 days)
    archiveCompletedAfterSeconds: 60,
    archiveFailedAfterSeconds: 24 * 3600,
    deleteAfterHours: 1,
  });
  let stopping = false;
  // pg-boss reports its background failures (a maintenance round, a cron check) here; without a listener they would end the process
  boss.on("error", (error: Error) => {
    if (!stopping) log.warn({ err: error }, "job queue: a background step failed; it will try again");
  });
  await boss.start();

  const shutdown = new AbortController();
  const runsUnderWay = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const workers = new Map<string, string>();
  /** puts a run on the queue unless one is waiting; this server's worker of the job starts it at once, another server's polls */
  const enqueue = async (name: string) => {
    const queued = (await boss.send(name, {}, { singletonKey: name })) !== null;
    const workerId = workers.get(name);
    if (queued && workerId) boss.notifyWorker(workerId);
    return queued;
  };

  for (const name of runner.names) {
    const schedule = schedules[name];
    if (!schedule) continue;

    // a run this server asks for starts at once (enqueue); polling finds the ones other servers asked for
    let runningHere = false;
    const workerId = await boss.work(name, { pollingIntervalSeconds: 2 }, async () => {
      if (stopping) throw new Error("the server is stopping; the run is left to the next one");
      const run = runner.run(name, shutdown.signal);
      runsUnderWay.add(run);
      runningHere = true;
      try {
        return { processed: await run };
      } catch (error) {
        log.warn({ err: error, job: name }, "job failed; the queue retries it");
        throw error;
      } finally {
        runningHere = false;
        runsUnderWay.delete(run);
      }
    });
    workers.set(name, workerId);

    if ("cron" in schedule) continue;
    // Asking costs a statement, and on PGlite every statement waits for the one before it: no asking
    // while this server runs the job (it asks again once done), nor for a second after finding a run
    // already waiting (another server's run, which that server's worker starts).
    const everyMs = schedule.everyMs;
    let asking = false;
    let quietUntil = 0;
    const ask = async () => {
      if (asking || stopping || runningHere || Date.now() < quietUntil) return;
      asking = true;
      try {
        if (!(await enqueue(name))) quietUntil = Date.now() + Math.max(everyMs, 1000);
      } catch (error) {
        log.warn({ err: error, job: name }, "job queue: could not ask for a run; will try again");
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void ask(), everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    enqueue,
    async stop() {
      if (stopping) return;
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      shutdown.abort();
      // graceful: waits (up to the timeout) for runs under way, then fails what is left so another server retries it
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 8000 });
      await Promise.allSettled([...runsUnderWay]);
      await sql.close();
    },
  };
}
