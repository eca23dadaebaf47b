// Queues a WhatsApp message in the outbox (issue 30, contracts/whatsapp.md "Sending"), inside the
// caller's transaction like every outbox message: the kind's approved template in the buyer's language
// (else English), its params filled from the event's values in the template's order. Without a template
// nothing is written: unlike an SMS, a WhatsApp message that was never possible is not worth a row.
import { whatsappParamValues, type MessageTemplateKind, type WhatsAppKind, type WhatsAppValues } from "@store/domain";
import type { Prisma } from "@store/db";
import type { Context } from "../../context.ts";
import { storedParams } from "../templates.ts";

type Tx = Prisma.TransactionClient;
type Db = Context["db"];

export const WHATSAPP_FALLBACK_LANGUAGE = "en";

/** The SMS the worker queues when WhatsApp refuses the message (a 4xx): the same kind's SMS with these variables. */
export interface FallbackSms {
  kind: MessageTemplateKind;
  /** in KIND_VARIABLES' order */
  variables: string[];
}

export interface WhatsAppInput {
  kind: WhatsAppKind;
  /** 10 digits */
  phone: string;
  /** the buyer's language (en | hi) */
  language: string;
  values: WhatsAppValues;
  fallbackSms?: FallbackSms;
  /** names the undoable event that queued it, so that undoing the event cancels it (outbox.ts cancelHeldMail) */
  undoKey?: string;
  /** not sent before this: an undoable event's message waits out its undo window */
  notBefore?: Date;
}

/** The active WhatsApp template of a kind in `language`, else in English; null when the owner registered neither. */
export async function activeWhatsAppTemplate(tx: Tx | Db, kind: WhatsAppKind, language: string) {
  const inLanguage = await tx.messageTemplate.findFirst({ where: { channel: "whatsapp", kind, language, active: true } });
  if (inLanguage || language === WHATSAPP_FALLBACK_LANGUAGE) return inLanguage;
  return tx.messageTemplate.findFirst({ where: { channel: "whatsapp", kind, language: WHATSAPP_FALLBACK_LANGUAGE, active: true } });
}

/** `messageId`: the outbox row written; nothing is written (queued false) while the kind has no template. */
export async function queueWhatsApp(tx: Tx, input: WhatsAppInput): Promise<{ queued: false } | { queued: true; messageId: number }> {
  const template = await activeWhatsAppTemplate(tx, input.kind, input.language);
  if (!template) return { queued: false };
  const params = whatsappParamValues(storedParams(template.params), input.values);
  const name = template.name ?? "";
  const row = await tx.outboxMessage.create({
    data: {
      channel: "whatsapp",
      kind: input.kind,
      recipient: input.phone,
      subject: `WhatsApp: ${input.kind}`,
      html: "",
      text: `${name} (${template.language})${params.length > 0 ? `: ${params.join(" | ")}` : ""}`,
      templateId: template.templateId,
      variables: JSON.stringify(params),
      fallbackSms: input.fallbackSms ? JSON.stringify({ kind: input.fallbackSms.kind, variables: input.fallbackSms.variables }) : null,
      status: "queued",
      deliveryStatus: null,
      undoKey: input.undoKey ?? null,
      ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}),
    },
    select: { messageId: true },
  });
  return { queued: true, messageId: row.messageId };
}
