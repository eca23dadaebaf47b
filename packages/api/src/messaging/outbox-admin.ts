// The admin's "Emails" screen (issue 16): the outbox with each message's attempts, a preview, resend.
// It lists one channel at a time (issue 29): e-mail unless asked, as before SMS existed. A WhatsApp
// message shows its template, parameters and what Meta said of its delivery (issue 30).
import type { Prisma } from "@store/db";
import type { MessageTemplateKind } from "@store/domain";
import { PAGE_SIZE } from "@store/validators";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { queueSms } from "./sms/queue-sms.ts";
import { resendWhatsApp } from "./whatsapp/resend-whatsapp.ts";

/**
 * cancelled: its event was undone before the message was due (a payment confirmation undone within 10 minutes);
 * skipped: an SMS of a kind without a registered DLT template, never sent
 */
export const OUTBOX_STATUSES = ["queued", "sent", "failed", "waiting", "cancelled", "skipped"] as const;
/** the list's channel filter: one channel, or all of them */
export const OUTBOX_CHANNEL_FILTERS = ["email", "sms", "whatsapp", "all"] as const;

const listed = {
  messageId: true,
  channel: true,
  kind: true,
  recipient: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  createdAt: true,
  sentAt: true,
  providerMessageId: true,
  templateId: true,
  variables: true,
  deliveryStatus: true,
  deliveredAt: true,
  readAt: true,
} satisfies Prisma.OutboxMessageSelect;

type ListedRow = Prisma.OutboxMessageGetPayload<{ select: typeof listed }>;

/** the template's name (WhatsApp's are named) and a WhatsApp message's parameters, in place of the raw ids and JSON */
async function withTemplates<T extends ListedRow>(db: Context["db"], rows: T[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.templateId === null ? [] : [r.templateId])))];
  const templates = ids.length === 0 ? [] : await db.messageTemplate.findMany({ where: { templateId: { in: ids } }, select: { templateId: true, name: true } });
  const names = new Map(templates.map((t) => [t.templateId, t.name]));
  return rows.map(({ templateId, variables, ...row }) => ({
    ...row,
    templateName: templateId === null ? null : (names.get(templateId) ?? null),
    params: row.channel === "whatsapp" && variables !== null ? (JSON.parse(variables) as string[]) : null,
  }));
}

// the outbox holds every channel's messages, and a missing one has none
const notFound = (messageId: number) => new StoreError(404, "NOT_FOUND", `Message ${messageId} was not found.`);

export async function outboxPage(
  ctx: Pick<Context, "db">,
  input: { page: number; search: string; status?: string | undefined; channel?: (typeof OUTBOX_CHANNEL_FILTERS)[number] | undefined },
) {
  const channel = input.channel ?? "email";
  const where: Prisma.OutboxMessageWhereInput = {
    ...(channel === "all" ? {} : { channel }),
    ...(input.status ? { status: input.status } : {}),
    ...(input.search
      ? { OR: [{ recipient: { contains: input.search, mode: "insensitive" } }, { subject: { contains: input.search, mode: "insensitive" } }] }
      : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.outboxMessage.findMany({ where, select: listed, orderBy: { messageId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.outboxMessage.count({ where }),
  ]);
  return { items: await withTemplates(ctx.db, rows), total, page: input.page, pageSize: PAGE_SIZE };
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
  if (!message) throw notFound(messageId);
  const [shown] = await withTemplates(ctx.db, [message]);
  return shown!;
}

/** Sends a message again as a new outbox entry; the original keeps its history. */
export async function resendMessage(ctx: Pick<Context, "db" | "services">, messageId: number) {
  const original = await ctx.db.outboxMessage.findUnique({ where: { messageId } });
  if (!original) throw notFound(messageId);
  if (original.channel === "sms") return resendSms(ctx, original);
  if (original.channel === "whatsapp") return resendWhatsApp(ctx.db, original);
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

/** An SMS again with its kind's template as it is now; one skipped for want of a template kept no variables to send. */
async function resendSms(ctx: Pick<Context, "db">, original: { messageId: number; kind: string; recipient: string; variables: string | null }) {
  if (original.variables === null) {
    throw new StoreError(
      409,
      "SMS_NOT_RESENDABLE",
      `SMS ${original.messageId} was never sent (no DLT template for ${original.kind}), so there is nothing to send again.`,
    );
  }
  const variables = JSON.parse(original.variables) as string[];
  const messageId = await ctx.db.$transaction(async (tx) => {
    const sms = await queueSms(tx, { kind: original.kind as MessageTemplateKind, phone: original.recipient, variables });
    if (!sms.queued) throw new StoreError(409, "NO_DLT_TEMPLATE", `There is no SMS template for ${original.kind} any more: register one first.`);
    return sms.messageId;
  });
  return { success: true, message: `SMS ${original.messageId} queued again as message ${messageId}.`, messageId };
}
