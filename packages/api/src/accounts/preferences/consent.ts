// Consent to messages (issue 30, contracts/whatsapp.md "Consent"): the one place a customer's (or a
// guest's) WhatsApp, SMS-marketing and e-mail-marketing consents and language change, each change
// timestamped on the customer and written to ConsentChange with how it was made.
import type { Prisma } from "@store/db";
import type { ConsentSource, MessageLanguage } from "@store/validators";

type Tx = Prisma.TransactionClient;

export interface ConsentChanges {
  whatsappOptIn?: boolean | undefined;
  smsMarketingOptIn?: boolean | undefined;
  emailMarketingOptIn?: boolean | undefined;
  language?: MessageLanguage | undefined;
}

interface CurrentConsent {
  number: string;
  whatsappOptIn: boolean;
  smsMarketingOptIn: boolean;
  emailMarketingOptIn: boolean;
  language: string;
}

/**
 * Applies the changes that differ from what the customer has, inside the caller's transaction; a value
 * sent again unchanged is no change (no new timestamp, no ConsentChange row).
 */
export async function changeConsent(tx: Tx, customerId: number, changes: ConsentChanges, source: ConsentSource, now = new Date()): Promise<void> {
  // held until the transaction ends: two saves of the same box at once cannot both see the old value
  // and both log a change
  const [customer] = await tx.$queryRaw<CurrentConsent[]>`
    SELECT "number", "whatsappOptIn", "smsMarketingOptIn", "emailMarketingOptIn", language
    FROM "Customer" WHERE "customerId" = ${customerId}::int FOR UPDATE`;
  if (!customer) return;
  const data: Prisma.CustomerUpdateInput = {};
  const log: { field: string; value: string }[] = [];
  if (changes.whatsappOptIn !== undefined && changes.whatsappOptIn !== customer.whatsappOptIn) {
    Object.assign(data, { whatsappOptIn: changes.whatsappOptIn, whatsappOptInAt: now, whatsappOptInSource: source });
    log.push({ field: "whatsappOptIn", value: String(changes.whatsappOptIn) });
  }
  if (changes.smsMarketingOptIn !== undefined && changes.smsMarketingOptIn !== customer.smsMarketingOptIn) {
    Object.assign(data, { smsMarketingOptIn: changes.smsMarketingOptIn, smsMarketingOptInAt: now });
    log.push({ field: "smsMarketingOptIn", value: String(changes.smsMarketingOptIn) });
  }
  if (changes.emailMarketingOptIn !== undefined && changes.emailMarketingOptIn !== customer.emailMarketingOptIn) {
    Object.assign(data, { emailMarketingOptIn: changes.emailMarketingOptIn, emailMarketingOptInAt: now });
    log.push({ field: "emailMarketingOptIn", value: String(changes.emailMarketingOptIn) });
  }
  if (changes.language !== undefined && changes.language !== customer.language) {
    Object.assign(data, { language: changes.language, languageChangedAt: now });
    log.push({ field: "language", value: changes.language });
  }
  if (log.length === 0) return;
  await tx.customer.update({ where: { customerId }, data });
  await tx.consentChange.createMany({ data: log.map((l) => ({ ...l, customerId, phone: customer.number, source, at: now })) });
}

/**
 * A guest ticked "Send order updates on WhatsApp" at checkout: the consent is the order's
 * (Order.whatsappOptIn, written with it); this keeps when it was given, for the phone.
 */
export async function logGuestWhatsAppOptIn(tx: Tx, phone: string, source: ConsentSource, now = new Date()): Promise<void> {
  await tx.consentChange.create({ data: { phone, field: "whatsappOptIn", value: "true", source, at: now } });
}

/**
 * A STOP reply from a phone (contracts/whatsapp.md "Webhook"): the customer with that mobile and the
 * guest orders placed with it get no more WhatsApp messages. `phone`: 10 digits.
 */
export async function optOutWhatsAppByPhone(tx: Tx, phone: string, now = new Date()): Promise<void> {
  const customer = await tx.customer.findUnique({ where: { number: phone }, select: { customerId: true } });
  if (customer) await changeConsent(tx, customer.customerId, { whatsappOptIn: false }, "reply", now);
  const guestOrders = await tx.order.updateMany({ where: { phone, isGuest: true, whatsappOptIn: true }, data: { whatsappOptIn: false } });
  if (!customer && guestOrders.count > 0) {
    await tx.consentChange.create({ data: { phone, field: "whatsappOptIn", value: "false", source: "reply", at: now } });
  }
}
