// Meta's WhatsApp webhook (INDIA.md "SMS and WhatsApp", contracts/whatsapp.md "Webhook"): the
// X-Hub-Signature-256 check over the exact raw bytes, and the body read into the port's neutral words
// (a message's delivery status, a buyer's inbound message). Never throws: each status or message that
// is not one Meta documents is left out, so one odd item does not drop the rest of a batch.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { isDeliveryStatus, type DeliveryStatus } from "@store/domain";

export interface WhatsAppStatusUpdate {
  /** the wamid the send was answered with */
  providerMessageId: string;
  status: DeliveryStatus;
  /** Meta's timestamp of the status */
  at: Date;
  /** as Meta gives it (91XXXXXXXXXX) */
  recipientPhone: string;
  /** a failed message's reason, e.g. "131026 Message undeliverable" */
  error: string | null;
}

export interface WhatsAppInbound {
  providerMessageId: string;
  /** as Meta gives it (91XXXXXXXXXX) */
  fromPhone: string;
  /** the text of a text message; "" for another type (an image, a location…) */
  text: string;
  at: Date;
  /** Meta's message type: text, image, button, interactive… */
  type: string;
}

export interface WhatsAppWebhook {
  statuses: WhatsAppStatusUpdate[];
  messages: WhatsAppInbound[];
}

const PREFIX = "sha256=";
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** Whether `header` is `sha256=<hex HMAC-SHA256 of rawBody under appSecret>`; compared in constant time, false for anything malformed. */
export function whatsappSignatureMatches(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!appSecret || typeof header !== "string" || !header.startsWith(PREFIX)) return false;
  const given = header.slice(PREFIX.length);
  if (!SHA256_HEX.test(given)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const received = Buffer.from(given, "hex");
  return received.length === expected.length && timingSafeEqual(expected, received);
}

/** unix seconds, as a string (Meta's way) or a number */
const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform((s) => new Date(Number(s) * 1000));
const wamid = z.string().trim().min(1).max(120);
const phone = z.string().trim().min(1).max(20);

const envelopeSchema = z.object({
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }).optional(),
        }),
      ),
    }),
  ),
});

const metaErrorSchema = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

const statusSchema = z.object({
  id: wamid,
  status: z.string(),
  timestamp: unixSeconds,
  recipient_id: phone.optional(),
  errors: z.array(z.unknown()).optional(),
});

const messageSchema = z.object({
  id: wamid,
  from: phone,
  timestamp: unixSeconds,
  type: z.string().trim().min(1).max(30),
  text: z.object({ body: z.string() }).optional(),
});

/** Meta's first error as one line: "131026 Message undeliverable: <details>" */
function errorOf(errors: unknown[] | undefined): string | null {
  const first = metaErrorSchema.safeParse(errors?.[0]);
  if (!first.success) return errors && errors.length > 0 ? "WhatsApp reported an error." : null;
  const { code, title, message, error_data } = first.data;
  const head = [code, title ?? message].filter((part) => part !== undefined && part !== "").join(" ");
  const line = [head, error_data?.details].filter(Boolean).join(": ");
  return (line || "WhatsApp reported an error.").slice(0, 500);
}

/** The statuses and messages of a webhook body already read as JSON; both empty when it is not Meta's shape. */
export function parseWhatsAppWebhook(body: unknown): WhatsAppWebhook {
  const result: WhatsAppWebhook = { statuses: [], messages: [] };
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return result;
  for (const change of envelope.data.entry.flatMap((e) => e.changes)) {
    for (const raw of change.value?.statuses ?? []) {
      const status = statusSchema.safeParse(raw);
      // Meta also sends "deleted" and "warning"; the store keeps the four it documents
      if (!status.success || !isDeliveryStatus(status.data.status)) continue;
      const s = status.data;
      result.statuses.push({
        providerMessageId: s.id,
        status: s.status as DeliveryStatus,
        at: s.timestamp,
        recipientPhone: s.recipient_id ?? "",
        error: s.status === "failed" ? (errorOf(s.errors) ?? "WhatsApp reported the message failed.") : null,
      });
    }
    for (const raw of change.value?.messages ?? []) {
      const message = messageSchema.safeParse(raw);
      if (!message.success) continue;
      const m = message.data;
      result.messages.push({ providerMessageId: m.id, fromPhone: m.from, text: m.type === "text" ? (m.text?.body ?? "") : "", at: m.timestamp, type: m.type });
    }
  }
  return result;
}
