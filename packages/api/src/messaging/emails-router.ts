import { z } from "zod";
import { id, pageInput } from "@store/validators";
import { ownerProcedure, createTRPCRouter } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { OUTBOX_CHANNEL_FILTERS, OUTBOX_STATUSES, outboxMessage, outboxPage, resendMessage } from "./outbox-admin.ts";

const messageId = id("messageId");

const listedOutput = z.object({
  messageId: z.number().int(),
  /** email, sms or whatsapp (issue 29) */
  channel: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.string().describe(`one of ${OUTBOX_STATUSES.join(", ")}; failed with nextAttemptAt null: given up`),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.date().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  /** the SMS or WhatsApp provider's id for the message (a WhatsApp wamid…) */
  providerMessageId: z.string().nullable(),
  /** the registered template's name (a WhatsApp template's name as approved in Meta; SMS templates have none) */
  templateName: z.string().nullable(),
  /** a WhatsApp message's body parameters in the template's order; null for other channels */
  params: z.array(z.string()).nullable(),
  /** WhatsApp: what Meta's status webhooks said last (sent, delivered, read, failed); null until known and for other channels */
  deliveryStatus: z.string().nullable(),
  deliveredAt: z.date().nullable(),
  readAt: z.date().nullable(),
});

export const emailsRouter = createTRPCRouter({
  page: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/emails",
        tags: ["Emails"],
        summary:
          "The outbox, newest first, 20 a page; ?status=, ?search= (recipient, subject) and ?channel=email|sms|whatsapp|all (default email, as before SMS) (the store owner)",
      },
    })
    .input(
      pageInput.extend({
        status: z.enum(OUTBOX_STATUSES, { error: `status must be one of: ${OUTBOX_STATUSES.join(", ")}` }).optional(),
        channel: z.enum(OUTBOX_CHANNEL_FILTERS, { error: `channel must be one of: ${OUTBOX_CHANNEL_FILTERS.join(", ")}` }).optional(),
      }),
    )
    .output(z.object({ items: z.array(listedOutput), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }))
    .query(({ ctx, input }) => outboxPage(ctx, input)),

  byId: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/emails/{messageId}",
        tags: ["Emails"],
        summary:
          "One message with its HTML, text (an SMS: the text as sent; a WhatsApp message: its template, language and parameters) and every send attempt (the store owner)",
      },
    })
    .input(z.object({ messageId }))
    .output(
      listedOutput.extend({
        html: z.string(),
        text: z.string(),
        attachInvoiceOf: z.string().nullable(),
        attemptLog: z.array(z.object({ at: z.date(), ok: z.boolean(), error: z.string().nullable() })),
      }),
    )
    .query(({ ctx, input }) => outboxMessage(ctx, input.messageId)),

  resend: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/emails/{messageId}/resend",
        tags: ["Emails"],
        summary:
          "Send a message again, as a new outbox entry (the store owner); an SMS with its kind's template as it is now; a WhatsApp message with the same template and parameters (409 WHATSAPP_TEMPLATE_GONE when that template was removed, WHATSAPP_NOT_OPTED_IN when the buyer opted out)",
      },
    })
    .input(z.object({ messageId }))
    .output(successOutput.extend({ messageId: z.number().int() }))
    .mutation(({ ctx, input }) => resendMessage(ctx, input.messageId)),
});
