// WhatsApp delivery statuses (contracts/whatsapp.md "Webhook"): Meta reports each message's sent,
// delivered, read or failed, sometimes twice, late or out of order, to any of the store's instances.
// Each (message id, status) is stored once in WhatsAppStatusEvent and applied once to the outbox row;
// a status that beats the sender to saving the message id waits there until catchUpDeliveryStatus.
import type { Db, Prisma } from "@store/db";
import { isDeliveryStatus, nextDeliveryStatus, type DeliveryStatus } from "@store/domain";
import { queueFallbackSms } from "./outbox-whatsapp.ts";

type Tx = Prisma.TransactionClient;

export interface DeliveryStatusEvent {
  providerMessageId: string;
  status: DeliveryStatus;
  at: Date;
  error: string | null;
}

export interface AppliedStatuses {
  /** new statuses applied to a message */
  applied: number;
  /** statuses already received */
  duplicates: number;
  /** new statuses of a message id no outbox row has (yet) */
  unknown: number;
}

// ten answers of one webhook at once queue on the message's lock
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;
const FAILED_WITHOUT_REASON = "WhatsApp reported the message failed.";

/**
 * Statuses of one message id take turns, and so does the sender's catch-up: without it a status stored
 * while the sender saves the id could be missed by both (the status finds no row, the catch-up does
 * not see the uncommitted status).
 */
const lockMessageId = (tx: Tx, providerMessageId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`whatsapp-status:${providerMessageId}`}))`;

interface Delivery {
  messageId: number;
  recipient: string;
  fallbackSms: string | null;
  deliveryStatus: string | null;
  deliveredAt: Date | null;
  readAt: Date | null;
}

/** The row's delivery fields after the events; deliveredAt and readAt are set once, and a read message was delivered. */
function folded(row: Delivery, events: readonly DeliveryStatusEvent[]): Prisma.OutboxMessageUpdateInput {
  let { deliveryStatus, deliveredAt, readAt } = row;
  let lastError: string | undefined;
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of ordered) {
    const next = nextDeliveryStatus(deliveryStatus, event.status);
    if (event.status === "failed" && next === "failed") lastError = (event.error ?? FAILED_WITHOUT_REASON).slice(0, 500);
    deliveryStatus = next;
    if ((event.status === "delivered" || event.status === "read") && !deliveredAt) deliveredAt = event.at;
    if (event.status === "read" && !readAt) readAt = event.at;
  }
  const data: Prisma.OutboxMessageUpdateInput = {};
  if (deliveryStatus !== row.deliveryStatus) data.deliveryStatus = deliveryStatus;
  if (deliveredAt !== row.deliveredAt) data.deliveredAt = deliveredAt;
  if (readAt !== row.readAt) data.readAt = readAt;
  if (lastError !== undefined) data.lastError = lastError;
  return data;
}

/** Applies the events to the WhatsApp outbox row(s) with that id, locked; false when there is none. */
async function applyToOutbox(tx: Tx, providerMessageId: string, events: readonly DeliveryStatusEvent[]): Promise<boolean> {
  const rows = await tx.$queryRaw<Delivery[]>`
    SELECT "messageId", "recipient", "fallbackSms", "deliveryStatus", "deliveredAt", "readAt" FROM "OutboxMessage"
    WHERE "providerMessageId" = ${providerMessageId} AND channel = 'whatsapp' FOR UPDATE`;
  for (const row of rows) {
    const data = folded(row, events);
    // accepted, then undeliverable (a number not on WhatsApp is the usual case): the buyer gets the SMS
    // instead, once — a message becomes failed only once (nextDeliveryStatus)
    if (data.deliveryStatus === "failed" && row.fallbackSms) {
      await queueFallbackSms(tx, row);
      data.fallbackSms = null;
    }
    if (Object.keys(data).length > 0) await tx.outboxMessage.update({ where: { messageId: row.messageId }, data });
  }
  return rows.length > 0;
}

/** Stores and applies each status once; a repeat, or one of an unknown message id, changes no message. */
export async function applyWhatsAppStatuses(db: Db, statuses: readonly DeliveryStatusEvent[]): Promise<AppliedStatuses> {
  const result: AppliedStatuses = { applied: 0, duplicates: 0, unknown: 0 };
  for (const event of statuses) {
    const outcome = await db.$transaction(async (tx) => {
      await lockMessageId(tx, event.providerMessageId);
      const inserted = await tx.whatsAppStatusEvent.createMany({
        data: [{ providerMessageId: event.providerMessageId, status: event.status, at: event.at, error: event.error?.slice(0, 500) ?? null }],
        skipDuplicates: true,
      });
      if (inserted.count === 0) return "duplicates" as const;
      return (await applyToOutbox(tx, event.providerMessageId, [event])) ? ("applied" as const) : ("unknown" as const);
    }, TX_OPTIONS);
    result[outcome]++;
  }
  return result;
}

/** Applies the statuses already stored for the message's provider id (the sender calls it right after saving the id). */
export async function catchUpDeliveryStatus(db: Db, messageId: number): Promise<void> {
  const message = await db.outboxMessage.findUnique({ where: { messageId }, select: { providerMessageId: true, channel: true } });
  const providerMessageId = message?.channel === "whatsapp" ? message.providerMessageId : null;
  if (!providerMessageId) return;
  await db.$transaction(async (tx) => {
    await lockMessageId(tx, providerMessageId);
    const stored = await tx.whatsAppStatusEvent.findMany({ where: { providerMessageId }, select: { status: true, at: true, error: true } });
    const events = stored.flatMap((e) => (isDeliveryStatus(e.status) ? [{ providerMessageId, status: e.status, at: e.at, error: e.error }] : []));
    if (events.length > 0) await applyToOutbox(tx, providerMessageId, events);
  }, TX_OPTIONS);
}
