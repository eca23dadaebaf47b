// The background jobs of this server (issue 22): the registry's runner, handed to the owner's
// "run now" (POST /api/v1/admin/jobs/{job}/run) through the services, and the PostgreSQL job queue
// (pg-boss, on PGlite too) that runs each scheduled job; both stop when the app closes.
import type { FastifyPluginAsync } from "fastify";
import { createJobRunner, JOBS, startJobQueue, type JobName, type JobQueue, type JobSchedule, type MailTransport, type Services } from "@store/api";
import type { DbHandle } from "@store/db";

export interface JobsPluginOptions {
  handle: DbHandle;
  services: Services;
  /** sends the outbox's messages (SMTP_URL); absent, the outbox job has nothing to send with */
  mailer?: { transport: MailTransport; from: string };
  /** when this server runs a job by itself (null: only on demand); a job left out runs on its registry schedule */
  schedules: Partial<Record<JobName, JobSchedule | null>>;
}

/** A period in ms as a schedule: whole minutes as a cron expression (pg-boss fires it once for every server), else every so many ms; 0 is none. */
export function everyMs(ms: number): JobSchedule | null {
  if (ms <= 0) return null;
  const minutes = ms / 60_000;
  if (Number.isInteger(minutes) && minutes < 60) return { cron: minutes === 1 ? "* * * * *" : `*/${minutes} * * * *` };
  return { everyMs: ms };
}

export const jobsPlugin: FastifyPluginAsync<JobsPluginOptions> = async (app, { handle, services, mailer, schedules }) => {
  const runner = createJobRunner({ db: handle.db, services, mailer, log: app.log });
  // the procedures reach it through the services; a second app on the same services (tests) has it until it closes
  const before = services.jobs;
  services.jobs = runner;
  const scheduled = Object.fromEntries(Object.entries(JOBS).map(([name, job]) => [name, name in schedules ? schedules[name as JobName] : job.schedule]));
  const queue: JobQueue | null = Object.values(scheduled).some(Boolean)
    ? await startJobQueue({ raw: handle.raw, runner, schedules: scheduled, log: app.log })
    : null;
  app.addHook("onClose", async () => {
    await queue?.stop();
    mailer?.transport.close();
    if (services.jobs === runner) services.jobs = before;
  });
};
