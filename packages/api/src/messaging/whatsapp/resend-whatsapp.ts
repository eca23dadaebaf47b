// The owner sends a WhatsApp message again (contracts/whatsapp.md "Admin"): a new outbox row with the
// same template and parameters, only while that template is still active and the buyer still wants
// WhatsApp messages (a STOP since then wins; the authentication kinds need no opt-in).
import { isAuthenticationKind, WHATSAPP_KINDS, type WhatsAppKind } from "@store/domain";
import type { Db, OutboxMessageModel } from "@store/db";
import { StoreError } from "../../platform/errors.ts";

/** whether the phone's customer, or else a guest order placed with it, still consents */
async function stillOptedIn(db: Db, phone: string): Promise<boolean> {
  const customer = await db.customer.findUnique({ where: { number: phone }, select: { whatsappOptIn: true } });
  if (customer) return customer.whatsappOptIn;
  return (await db.order.count({ where: { phone, isGuest: true, whatsappOptIn: true } })) > 0;
}

export async function resendWhatsApp(db: Db, original: OutboxMessageModel): Promise<{ success: true; message: string; messageId: number }> {
  const template = original.templateId === null ? null : await db.messageTemplate.findUnique({ where: { templateId: original.templateId } });
  if (!template || !template.active || template.channel !== "whatsapp" || original.variables === null) {
    throw new StoreError(
      409,
      "WHATSAPP_TEMPLATE_GONE",
      `WhatsApp message ${original.messageId} cannot be sent again: its template was removed or switched off. Register the ${original.kind} template again, then resend.`,
    );
  }
  const kind = WHATSAPP_KINDS.includes(original.kind as WhatsAppKind) ? (original.kind as WhatsAppKind) : null;
  if (!(kind && isAuthenticationKind(kind)) && !(await stillOptedIn(db, original.recipient))) {
    throw new StoreError(
      409,
      "WHATSAPP_NOT_OPTED_IN",
      `The buyer at ${original.recipient} no longer accepts WhatsApp messages, so ${original.messageId} is not sent again.`,
    );
  }
  const copy = await db.outboxMessage.create({
    data: {
      channel: "whatsapp",
      kind: original.kind,
      recipient: original.recipient,
      subject: original.subject,
      html: "",
      text: original.text,
      templateId: template.templateId,
      variables: original.variables,
      fallbackSms: original.fallbackSms,
      status: "queued",
    },
    select: { messageId: true },
  });
  return { success: true, message: `WhatsApp message ${original.messageId} queued again as message ${copy.messageId}.`, messageId: copy.messageId };
}
