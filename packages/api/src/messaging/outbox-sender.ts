// The outbox worker (issue 16): claims due messages with FOR UPDATE SKIP LOCKED and a lease, so
// several server instances on one PostgreSQL never send one message twice; a failure is retried
// with growing delays for about a day, every attempt recorded.
import type { Context } from "../context.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import { invoiceDocumentOf } from "../invoices/invoices.ts";
import type { MailTransport } from "./email/smtp.ts";

/** Minutes to wait after the 1st, 2nd, … failed attempt: 1 min growing to 4 h, about 24 h in all; then the message is given up. */
export const RETRY_DELAYS_MINUTES = [1, 2, 5, 10, 20, 40, 60, 120, 240, 240, 240, 240, 240] as const;

/** A claimed message is left alone by other workers this long: far longer than the SMTP timeouts of one send. */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  messageId: number;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachInvoiceOf: string | null;
  attempts: number;
}

export interface SendReport {
  sent: number;
  failed: number;
}

async function claim(db: Context["db"], now: Date, limit: number): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.$queryRaw<Claimed[]>`
    UPDATE "OutboxMessage" SET "lockedUntil" = ${leaseUntil}::timestamp(3), "attempts" = "attempts" + 1
    WHERE "messageId" IN (
      SELECT "messageId" FROM "OutboxMessage"
      WHERE "status" IN ('queued', 'failed', 'waiting') AND "nextAttemptAt" <= ${now}::timestamp(3)
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp(3))
      ORDER BY "messageId" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "messageId", "recipient", "subject", "html", "text", "attachInvoiceOf", "attempts"`;
}

async function attachmentsOf(db: Context["db"], message: Claimed) {
  if (!message.attachInvoiceOf) return [];
  const invoice = await invoiceDocumentOf(db, message.attachInvoiceOf);
  if (!invoice) return [];
  return [{ filename: `${invoice.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`, content: await renderInvoicePdf(invoice), contentType: "application/pdf" }];
}

/** Sends what is due now, up to `limit` messages; the caller loops (the job "outbox", jobs/registry.ts). */
export async function sendDueMessages(db: Context["db"], transport: MailTransport, opts: { from: string; limit?: number; now?: Date }): Promise<SendReport> {
  const now = opts.now ?? new Date();
  const claimed = await claim(db, now, opts.limit ?? 10);
  const report: SendReport = { sent: 0, failed: 0 };
  for (const message of claimed) {
    try {
      await transport.send({
        from: opts.from,
        to: message.recipient,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: await attachmentsOf(db, message),
      });
      await db.$transaction([
        db.outboxMessage.update({
          where: { messageId: message.messageId },
          data: { status: "sent", sentAt: new Date(), lockedUntil: null, nextAttemptAt: null, lastError: null },
        }),
        db.outboxAttempt.create({ data: { messageId: message.messageId, ok: true } }),
      ]);
      report.sent++;
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const delay = RETRY_DELAYS_MINUTES[message.attempts - 1];
      await db.$transaction([
        db.outboxMessage.update({
          where: { messageId: message.messageId },
          data: { status: "failed", lastError: error, lockedUntil: null, nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 60_000) },
        }),
        db.outboxAttempt.create({ data: { messageId: message.messageId, ok: false, error } }),
      ]);
      report.failed++;
    }
  }
  return report;
}
