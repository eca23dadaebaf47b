// The admin's "Emails" screen (issue 16): the outbox with each message's attempts, a preview, resend.
import type { Prisma } from "@store/db";
import { PAGE_SIZE } from "@store/validators";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

/** cancelled: its event was undone before the message was due (a payment confirmation undone within 10 minutes) */
export const OUTBOX_STATUSES = ["queued", "sent", "failed", "waiting", "cancelled"] as const;

const listed = {
  messageId: true,
  kind: true,
  recipient: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  createdAt: true,
  sentAt: true,
} satisfies Prisma.OutboxMessageSelect;

export async function outboxPage(ctx: Pick<Context, "db">, input: { page: number; search: string; status?: string | undefined }) {
  const where: Prisma.OutboxMessageWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.search
      ? { OR: [{ recipient: { contains: input.search, mode: "insensitive" } }, { subject: { contains: input.search, mode: "insensitive" } }] }
      : {}),
  };
  const [items, total] = await Promise.all([
    ctx.db.outboxMessage.findMany({ where, select: listed, orderBy: { messageId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.outboxMessage.count({ where }),
  ]);
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}

export async function outboxMessage(ctx: Pick<Context, "db">, messageId: number) {
  const message = await ctx.db.outboxMessage.findUnique({
    where: { messageId },
    select: {
      ...listed,
      html: true,
      text: true,
      attachInvoiceOf: true,
      attemptLog: { orderBy: { attemptId: "asc" }, select: { at: true, ok: true, error: true } },
    },
  });
  if (!message) throw new StoreError(404, "NOT_FOUND", `Email ${messageId} was not found.`);
  return message;
}

/** Sends a message again as a new outbox entry; the original keeps its history. */
export async function resendMessage(ctx: Pick<Context, "db" | "services">, messageId: number) {
  const original = await ctx.db.outboxMessage.findUnique({ where: { messageId } });
  if (!original) throw new StoreError(404, "NOT_FOUND", `Email ${messageId} was not found.`);
  const copy = await ctx.db.outboxMessage.create({
    data: {
      channel: original.channel,
      kind: original.kind,
      recipient: original.recipient,
      subject: original.subject,
      html: original.html,
      text: original.text,
      attachInvoiceOf: original.attachInvoiceOf,
      status: ctx.services.mail.smtpConfigured ? "queued" : "waiting",
    },
    select: { messageId: true },
  });
  return { success: true, message: `Email ${messageId} queued again as email ${copy.messageId}.`, messageId: copy.messageId };
}
