// The job queue (issue 22): two servers' queues on one database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL) run each job once at a time, a queued run once, each outbox message once, and
// a failed run is left for a retry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "@store/db/testing";
import type { DbHandle } from "@store/db";
import { createTestServices } from "../testing.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../messaging/email/smtp-stand-in.ts";
import { smtpTransport } from "../messaging/email/smtp.ts";
import type { JobDefinition, JobDeps } from "./registry.ts";
import { createJobRunner } from "./runner.ts";
import { startJobQueue, type JobQueue, type JobQueueOptions } from "./queue.ts";

let handle: DbHandle;
let smtp: TestSmtpServer;
const quiet = { warn: () => {} };
const queues: JobQueue[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await smtp.close();
  await handle.close();
});

const deps = (extra: Partial<JobDeps> = {}): JobDeps => ({ db: handle.db, services: createTestServices(), log: quiet, ...extra });

/** one server's queue: its own runner (as each server has), on the shared database */
async function server(jobs: Record<string, JobDefinition> | undefined, schedules: JobQueueOptions["schedules"], extra: Partial<JobDeps> = {}) {
  const queue = await startJobQueue({ raw: handle.raw, runner: createJobRunner(deps(extra), jobs), schedules, log: quiet });
  queues.push(queue);
  return queue;
}

async function until(done: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a job that takes a while and counts its runs, and how many ran at the same moment */
function probe(ms = 30) {
  const seen = { runs: 0, running: 0, mostAtOnce: 0 };
  const job: JobDefinition = {
    schedule: null,
    expireInSeconds: 60,
    async run() {
      seen.running++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.running);
      await pause(ms);
      seen.running--;
      seen.runs++;
      return 1;
    },
  };
  return { seen, job };
}

describe("two servers' queues on one database", () => {
  it("never run one job twice at once, though both ask for it every 20 ms", async () => {
    const { seen, job } = probe();
    const a = await server({ "probe-often": job }, { "probe-often": { everyMs: 20 } });
    const b = await server({ "probe-often": job }, { "probe-often": { everyMs: 20 } });
    await until(() => seen.runs >= 8);
    await Promise.all([a.stop(), b.stop()]);
    expect(seen.mostAtOnce).toBe(1);
  });

  it("run a job put on the queue once, whichever takes it; asking again while it waits adds nothing", async () => {
    const { seen, job } = probe(200);
    // a server that only asks (it has no worker of the job), before any worker exists: both asks are
    // made while the run surely waits (with a worker, it may already have started it: then a second
    // run may wait, as the "stately" policy allows)
    const asker = await server({ "probe-once": job }, {});
    expect(await asker.enqueue("probe-once")).toBe(true);
    expect(await asker.enqueue("probe-once")).toBe(false);
    // yearly: only what is put on the queue runs during the test
    await server({ "probe-once": job }, { "probe-once": { cron: "0 0 1 1 *" } });
    await server({ "probe-once": job }, { "probe-once": { cron: "0 0 1 1 *" } });
    await until(() => seen.runs === 1);
    await pause(2500);
    expect(seen.runs).toBe(1);
  });

  it("send each outbox message once", async () => {
    const subjects = Array.from({ length: 25 }, (_, i) => `Queue test message ${i}`);
    await handle.db.outboxMessage.createMany({
      data: subjects.map((subject) => ({ kind: "welcome", recipient: "asha@example.in", subject, html: "<p>Hello</p>", text: "Hello" })),
    });
    const mailers = [0, 1].map(() => ({ transport: smtpTransport(smtp.url), from: "Clean Store <orders@cleanstore.test>" }));
    for (const mailer of mailers) await server(undefined, { outbox: { everyMs: 20 } }, { mailer });
    await until(() => subjects.every((s) => smtp.received.some((m) => m.subject === s)));
    await pause(500);
    expect(smtp.received.filter((m) => subjects.includes(m.subject ?? "")).length).toBe(subjects.length);
    expect(await handle.db.outboxMessage.count({ where: { subject: { in: subjects }, status: "sent" } })).toBe(subjects.length);
    for (const mailer of mailers) mailer.transport.close();
  });

  it("leave a failed run to be retried later, with what went wrong", async () => {
    const failing: JobDefinition = {
      schedule: null,
      expireInSeconds: 60,
      run: () => Promise.reject(new Error("the courier's API is down")),
    };
    const a = await server({ "probe-failing": failing }, { "probe-failing": { cron: "0 0 1 1 *" } });
    await a.enqueue("probe-failing");
    const retried = () =>
      handle.raw.query<{ state: string; retry_count: number; output: unknown }>(
        `SELECT state, retry_count, output FROM pgboss.job WHERE name = 'probe-failing'`,
      );
    await until(async () => (await retried())[0]?.state === "retry");
    const [job] = await retried();
    expect(JSON.stringify(job?.output)).toContain("the courier's API is down");
  });
});

describe("a server starting while another prepares the same queues", () => {
  it("prepares again when PostgreSQL reports a deadlock, and then runs its jobs", async () => {
    // PostgreSQL rolls one of two crossing transactions back with 40P01; here the first queue's
    // creation is answered so, as it was for one of two servers starting at once on PostgreSQL
    let deadlocks = 0;
    const warnings: unknown[] = [];
    const deadlockOnce = (text: string) => {
      if (deadlocks === 0 && /create_queue|PARTITION OF/i.test(text)) {
        deadlocks++;
        throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
      }
    };
    const raw: DbHandle["raw"] = {
      ...handle.raw,
      exec: async (sql) => {
        deadlockOnce(sql);
        return handle.raw.exec(sql);
      },
      query: async (sql, params) => {
        deadlockOnce(sql);
        return handle.raw.query(sql, params);
      },
    };
    const { seen, job } = probe(5);
    const queue = await startJobQueue({
      raw,
      runner: createJobRunner(deps(), { "deadlock-probe": job }),
      // yearly: this server has a worker of the job, and only what is put on the queue runs
      schedules: { "deadlock-probe": { cron: "0 0 1 1 *" } },
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    queues.push(queue);
    expect(deadlocks).toBe(1);
    expect(warnings).toHaveLength(1);
    await queue.enqueue("deadlock-probe");
    await until(() => seen.runs === 1);
  });
});
