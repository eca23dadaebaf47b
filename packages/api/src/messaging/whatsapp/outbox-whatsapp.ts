// The outbox worker's WhatsApp path (contracts/whatsapp.md "Sending"): a queued row names its template
// and keeps the parameter values; the template is read again at send time, so one the owner removed
// since is not sent. A refusal no retry can change falls back to the SMS of the same kind.
import { KIND_VARIABLES, MESSAGE_TEMPLATE_KINDS, type MessageTemplateKind } from "@store/domain";
import type { Db, Prisma } from "@store/db";
import { queueSms } from "../sms/queue-sms.ts";
import { WhatsAppProviderError, type WhatsAppProvider } from "./port.ts";

export const TEMPLATE_REMOVED = "template removed";

interface Row {
  templateId: number | null;
  variables: string | null;
  recipient: string;
}

/** Sends the row's template message; a template gone, switched off or not WhatsApp's is a refusal not retried. */
export async function sendWhatsAppRow(db: Db, provider: WhatsAppProvider, row: Row): Promise<{ providerMessageId: string }> {
  const template = row.templateId === null ? null : await db.messageTemplate.findUnique({ where: { templateId: row.templateId } });
  if (!template || !template.active || template.channel !== "whatsapp" || !template.name) throw new WhatsAppProviderError(TEMPLATE_REMOVED, false);
  const params = JSON.parse(row.variables ?? "[]") as string[];
  return provider.send({ phone: row.recipient, templateName: template.name, language: template.language, params });
}

const isSmsKind = (kind: unknown): kind is MessageTemplateKind => MESSAGE_TEMPLATE_KINDS.includes(kind as MessageTemplateKind);

/**
 * Queues the fallback SMS a refused WhatsApp message carries (`{ kind, variables }`), in the caller's
 * transaction; queueSms writes it "skipped" when that kind has no DLT template. A fallback that no
 * longer fits its kind is dropped rather than failing the refusal's bookkeeping.
 */
export async function queueFallbackSms(tx: Prisma.TransactionClient, row: { recipient: string; fallbackSms: string | null }): Promise<number | null> {
  if (!row.fallbackSms) return null;
  let fallback: { kind?: unknown; variables?: unknown };
  try {
    fallback = JSON.parse(row.fallbackSms) as typeof fallback;
  } catch {
    return null;
  }
  const { kind, variables } = fallback;
  if (!isSmsKind(kind) || !Array.isArray(variables) || variables.length !== KIND_VARIABLES[kind].length) return null;
  const sms = await queueSms(tx, { kind, phone: row.recipient, variables: variables.map(String) });
  return sms.messageId;
}
