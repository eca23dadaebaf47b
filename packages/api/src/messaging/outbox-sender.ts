// The outbox worker (issue 16): claims due messages with FOR UPDATE SKIP LOCKED and a lease, so
// several server instances on one PostgreSQL never send one message twice; a failure is retried
// with growing delays for about a day, every attempt recorded. Each channel is claimed only by a
// worker that can send it: e-mail with SMTP, SMS with an SMS provider (issue 29), WhatsApp with the
// Cloud API adapter (issue 30).
import { fillTemplate } from "@store/domain";
import { Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import { invoiceDocumentOf } from "../invoices/invoices.ts";
import type { MailTransport } from "./email/smtp.ts";
import { SmsProviderError, type SmsProvider } from "./sms/port.ts";
import { queueFallbackSms, sendWhatsAppRow } from "./whatsapp/outbox-whatsapp.ts";
import { WhatsAppProviderError, type WhatsAppProvider } from "./whatsapp/port.ts";
import { catchUpDeliveryStatus } from "./whatsapp/statuses.ts";

/** Minutes to wait after the 1st, 2nd, … failed attempt: 1 min growing to 4 h, about 24 h in all; then the message is given up. */
export const RETRY_DELAYS_MINUTES = [1, 2, 5, 10, 20, 40, 60, 120, 240, 240, 240, 240, 240] as const;

/** A claimed message is left alone by other workers this long: far longer than the SMTP timeouts of one send. */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  messageId: number;
  channel: string;
  templateId: number | null;
  variables: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachInvoiceOf: string | null;
  fallbackSms: string | null;
  attempts: number;
}

export interface SendReport {
  sent: number;
  failed: number;
}

async function claim(db: Context["db"], now: Date, limit: number, channels: string[]): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.$queryRaw<Claimed[]>`
    UPDATE "OutboxMessage" SET "lockedUntil" = ${leaseUntil}::timestamp(3), "attempts" = "attempts" + 1
    WHERE "messageId" IN (
      SELECT "messageId" FROM "OutboxMessage"
      WHERE "status" IN ('queued', 'failed', 'waiting') AND "nextAttemptAt" <= ${now}::timestamp(3) AND "channel" IN (${Prisma.join(channels)})
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp(3))
      ORDER BY "messageId" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "messageId", "channel", "templateId", "variables", "recipient", "subject", "html", "text", "attachInvoiceOf", "fallbackSms", "attempts"`;
}

async function attachmentsOf(db: Context["db"], message: Claimed) {
  if (!message.attachInvoiceOf) return [];
  const invoice = await invoiceDocumentOf(db, message.attachInvoiceOf);
  if (!invoice) return [];
  return [{ filename: `${invoice.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`, content: await renderInvoicePdf(invoice), contentType: "application/pdf" }];
}

/**
 * An SMS as its template is now (the owner may have corrected it since it was queued): the filled text
 * must match the DLT registration character by character. A template gone or no longer fitting the
 * message's variables cannot be sent at all, so it is not retried.
 */
async function sendSms(db: Context["db"], sms: SmsProvider, message: Claimed): Promise<{ providerMessageId: string | null; text: string }> {
  const template = message.templateId === null ? null : await db.messageTemplate.findUnique({ where: { templateId: message.templateId } });
  if (!template || !template.active || template.channel !== "sms" || !template.dltTemplateId || !template.senderId) {
    throw new SmsProviderError("template removed", false);
  }
  const variables = JSON.parse(message.variables ?? "[]") as string[];
  let text: string;
  try {
    text = fillTemplate(template.text, variables);
  } catch {
    throw new SmsProviderError("template changed: its placeholders no longer match this message's variables", false);
  }
  const { providerMessageId } = await sms.send({
    phone: message.recipient,
    text,
    dltTemplateId: template.dltTemplateId,
    senderId: template.senderId,
    providerTemplateId: template.providerTemplateId,
    variables,
  });
  return { providerMessageId, text };
}

export interface SendOptions {
  /** the From of e-mails */
  from: string;
  limit?: number;
  now?: Date;
  /** sends the SMS rows; absent, they wait for a worker that has one */
  sms?: SmsProvider | null;
  /** sends the WhatsApp rows; absent, they wait for a worker that has one */
  whatsapp?: WhatsAppProvider | null;
  /** told when a sent message's early delivery statuses could not be applied */
  log?: { warn(details: object, message: string): void };
}

/**
 * Sends what is due now, up to `limit` messages; the caller loops (the job "outbox", jobs/registry.ts).
 * Without a transport e-mails wait; without `sms` SMS wait; without `whatsapp` WhatsApp messages wait.
 */
export async function sendDueMessages(db: Context["db"], transport: MailTransport | null, opts: SendOptions): Promise<SendReport> {
  const now = opts.now ?? new Date();
  const channels = [...(transport ? ["email"] : []), ...(opts.sms ? ["sms"] : []), ...(opts.whatsapp ? ["whatsapp"] : [])];
  const report: SendReport = { sent: 0, failed: 0 };
  if (channels.length === 0) return report;
  const claimed = await claim(db, now, opts.limit ?? 10, channels);
  for (const message of claimed) {
    try {
      let sent: { providerMessageId: string | null; text?: string } = { providerMessageId: null };
      if (message.channel === "sms" && opts.sms) {
        sent = await sendSms(db, opts.sms, message);
      } else if (message.channel === "whatsapp" && opts.whatsapp) {
        sent = await sendWhatsAppRow(db, opts.whatsapp, message);
      } else if (transport) {
        await transport.send({
          from: opts.from,
          to: message.recipient,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: await attachmentsOf(db, message),
        });
      }
      await db.$transaction([
        db.outboxMessage.update({
          where: { messageId: message.messageId },
          data: {
            status: "sent",
            sentAt: new Date(),
            lockedUntil: null,
            nextAttemptAt: null,
            lastError: null,
            ...(sent.providerMessageId ? { providerMessageId: sent.providerMessageId.slice(0, 120) } : {}),
            ...(sent.text !== undefined ? { text: sent.text } : {}),
          },
        }),
        db.outboxAttempt.create({ data: { messageId: message.messageId, ok: true } }),
        // the provider took it; its webhooks say more later
        ...(message.channel === "whatsapp"
          ? [db.outboxMessage.updateMany({ where: { messageId: message.messageId, deliveryStatus: null }, data: { deliveryStatus: "sent" } })]
          : []),
      ]);
      report.sent++;
    } catch (e) {
      await recordFailure(db, message, e, now);
      report.failed++;
      continue;
    }
    if (message.channel === "whatsapp") {
      // a status webhook may have come before the id was saved; the message is sent whatever happens here
      await catchUpDeliveryStatus(db, message.messageId).catch((error: unknown) =>
        opts.log?.warn({ messageId: message.messageId, error: String(error) }, "outbox: early WhatsApp statuses could not be applied"),
      );
    }
  }
  return report;
}

/**
 * A failed attempt: retried on the schedule, or given up. A refused WhatsApp message that another try
 * cannot change queues its fallback SMS in the same transaction, so the buyer hears once either way.
 */
async function recordFailure(db: Context["db"], message: Claimed, e: unknown, now: Date) {
  const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
  // a provider's refusal that another try cannot change (a bad number, an unknown template) is given up at once
  const refused = (e instanceof SmsProviderError || e instanceof WhatsAppProviderError) && !e.retryable;
  const delay = refused ? undefined : RETRY_DELAYS_MINUTES[message.attempts - 1];
  const whatsapp = message.channel === "whatsapp";
  const record = (tx: Prisma.TransactionClient) => [
    tx.outboxMessage.update({
      where: { messageId: message.messageId },
      data: {
        status: "failed",
        lastError: error,
        lockedUntil: null,
        nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 60_000),
        ...(whatsapp && delay === undefined ? { deliveryStatus: "failed" } : {}),
      },
    }),
    tx.outboxAttempt.create({ data: { messageId: message.messageId, ok: false, error } }),
  ];
  if (whatsapp && refused && message.fallbackSms) {
    await db.$transaction(async (tx) => {
      for (const write of record(tx)) await write;
      await queueFallbackSms(tx, message);
    });
  } else {
    await db.$transaction(record(db));
  }
}
