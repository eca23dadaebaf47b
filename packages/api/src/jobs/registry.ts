// Every background job of the store, one entry each (issue 22). A job's `run` does one round of its
// work and answers how many items it handled; it must be safe to run twice in a row (the second
// round finds nothing left) and on two servers at once (it claims its rows, e.g. FOR UPDATE SKIP
// LOCKED), because the owner can run any job on demand (POST /api/v1/admin/jobs/{job}/run) while the
// queue (queue.ts) runs it on its schedule.
import type { Db } from "@store/db";
import type { Services } from "../context.ts";
import type { MailTransport } from "../messaging/email/smtp.ts";
import { sendDueMessages } from "../messaging/outbox-sender.ts";
import { expireUnpaidUpiOrders } from "../payments/payments.ts";
import { pollTracking } from "../shipments/tracking-poll.ts";
import { expireUnconfirmedCodOrders } from "../orders/cod-confirm-expiry.ts";
import { closeAnsweredGrievances } from "../trust/grievances/grievance-close.ts";
import { sendReviewRequests } from "../trust/reviews/review-requests.ts";

/** When the queue runs a job by itself: a cron expression (UTC, whole minutes at the finest), or every so many ms (under a minute). */
export type JobSchedule = { cron: string } | { everyMs: number };

export interface JobLog {
  warn(details: object, message: string): void;
}

/** What a job works with: the database, the server's services, and the SMTP sender when SMTP_URL is set. */
export interface JobDeps {
  db: Db;
  services: Services;
  mailer?: { transport: MailTransport; from: string };
  log: JobLog;
}

export interface JobDefinition {
  /** when it runs unless the server says otherwise (AppOptions); null: only on demand */
  schedule: JobSchedule | null;
  /** a run taking longer is counted failed by the queue and retried */
  expireInSeconds: number;
  /** one round of the work; `signal` is aborted when the server stops (finish the item at hand, then return) */
  run(deps: JobDeps, signal: AbortSignal): Promise<number>;
}

/** messages are claimed and sent in rounds of this many, until none is due */
const OUTBOX_ROUND = 10;

export const JOBS = {
  /** sends the outbox's due messages (issue 16): e-mails with SMTP, SMS with services.sms (issue 29), WhatsApp with services.whatsapp (issue 30); the others wait */
  outbox: {
    schedule: { everyMs: 1000 },
    expireInSeconds: 300,
    async run({ db, services, mailer, log }, signal) {
      const whatsapp = services.whatsapp.provider;
      if (!mailer && !services.sms && !whatsapp) return 0;
      let handled = 0;
      for (;;) {
        const report = await sendDueMessages(db, mailer?.transport ?? null, {
          from: mailer?.from ?? "",
          sms: services.sms,
          whatsapp,
          log,
          limit: OUTBOX_ROUND,
        });
        if (report.failed > 0) log.warn({ ...report }, "outbox: some messages failed and will be retried");
        handled += report.sent + report.failed;
        if (signal.aborted || report.sent + report.failed < OUTBOX_ROUND) return handled;
      }
    },
  },
  /** cancels UPI orders left unpaid past Settings' upiExpiryHours (issue 14) */
  "upi-expiry": {
    schedule: { cron: "* * * * *" },
    expireInSeconds: 300,
    async run({ db, services }) {
      const expired = await expireUnpaidUpiOrders(db, services.mail);
      // their stock is back on the shelf
      if (expired > 0) services.productEvents.changed();
      return expired;
    },
  },
  /** cancels cash-on-delivery orders nobody confirmed within Settings' codConfirmHours (issue 29) */
  "cod-confirm-expiry": {
    schedule: { cron: "*/10 * * * *" },
    expireInSeconds: 300,
    async run({ db, services }) {
      const expired = await expireUnconfirmedCodOrders(db, services);
      // their stock is back on the shelf
      if (expired > 0) services.productEvents.changed();
      return expired;
    },
  },
  /** asks the courier after parcels it has said nothing about for 6 hours (issue 28); without an adapter configured, nothing to ask */
  "tracking-poll": {
    schedule: { cron: "*/30 * * * *" },
    expireInSeconds: 900,
    run: (deps, signal) => pollTracking(deps, { signal }),
  },
  /** closes complaints Resolved or Rejected more than 14 days ago without a reply (issue 31) */
  "grievance-close": {
    schedule: { cron: "7 * * * *" },
    expireInSeconds: 300,
    run: ({ db }) => closeAnsweredGrievances(db),
  },
  /** asks buyers to rate a line REVIEW_REQUEST_AFTER_DAYS after its delivery, once per line (issue 31) */
  "review-requests": {
    schedule: { cron: "0 * * * *" },
    expireInSeconds: 900,
    run: ({ db, services }) => sendReviewRequests(db, services),
  },
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;
