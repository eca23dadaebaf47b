// A buyer's message about an event, on the channels it may go by (issue 30, contracts/whatsapp.md
// "Sending"), inside the event's transaction. WhatsApp goes when the store has it on (Setting
// whatsappEnabled), the kind has a template, and the buyer opted in; a code (AUTHENTICATION kinds) needs
// no opt-in, the buyer asked for it. An SMS of the kind goes beside a code (the buyer is waiting for it on
// whichever channel arrives first); for the other kinds only when WhatsApp did not go, else it rides on
// the WhatsApp message as its fallback, queued by the worker if WhatsApp refuses it.
import { formatRupees, isAuthenticationKind, istDay, type MessageTemplateKind, type WhatsAppKind, type WhatsAppValues } from "@store/domain";
import type { Prisma } from "@store/db";
import type { Services } from "../context.ts";
import { loadSettings } from "../back-office/settings.ts";
import { queueSms } from "./sms/queue-sms.ts";
import { queueWhatsApp, WHATSAPP_FALLBACK_LANGUAGE } from "./whatsapp/queue-whatsapp.ts";

type Tx = Prisma.TransactionClient;

/** A customer (their consent, language and phone are on the account), or a phone with its consent (a guest's checkout box). */
export type BuyerRecipient = { customerId: number } | { phone: string; whatsappOptIn: boolean };

export interface BuyerMessage {
  kind: WhatsAppKind;
  to: BuyerRecipient;
  /** the template's params are picked from these; a customer's customerName defaults to their first name */
  values: WhatsAppValues;
  /**
   * The same event's SMS (its kind's variables in KIND_VARIABLES' order). `phone`: where it goes when that
   * is not the buyer's own number (a shipment's SMS goes to the phone on the order, as before issue 30).
   */
  sms?: { kind: MessageTemplateKind; variables: string[]; phone?: string | null };
  /** names the undoable event: undoing it cancels the WhatsApp message too (outbox.ts cancelHeldMail) */
  undoKey?: string;
  /** not sent before this */
  notBefore?: Date;
}

interface Buyer {
  phone: string | null;
  language: string;
  optedIn: boolean;
  firstName: string | null;
}

async function buyerOf(tx: Tx, to: BuyerRecipient): Promise<Buyer | null> {
  if ("phone" in to) return { phone: to.phone, language: WHATSAPP_FALLBACK_LANGUAGE, optedIn: to.whatsappOptIn, firstName: null };
  const c = await tx.customer.findUnique({
    where: { customerId: to.customerId },
    select: { number: true, language: true, whatsappOptIn: true, firstName: true },
  });
  // a deleted customer: nobody to tell on WhatsApp
  return c ? { phone: c.number, language: c.language, optedIn: c.whatsappOptIn, firstName: c.firstName } : null;
}

/** Queues the message; which channels it went on (an SMS counts when queued, not when skipped for lack of a DLT template). */
export async function queueBuyerMessage(tx: Tx, _services: Pick<Services, "mail">, msg: BuyerMessage): Promise<{ whatsapp: boolean; sms: boolean }> {
  const buyer = await buyerOf(tx, msg.to);
  const code = isAuthenticationKind(msg.kind);
  let whatsapp = false;
  if (buyer?.phone && (code || buyer.optedIn) && (await loadSettings(tx)).whatsappEnabled) {
    const queued = await queueWhatsApp(tx, {
      kind: msg.kind,
      phone: buyer.phone,
      language: buyer.language,
      values: { ...(buyer.firstName ? { customerName: buyer.firstName } : {}), ...msg.values },
      ...(msg.sms && !code ? { fallbackSms: { kind: msg.sms.kind, variables: msg.sms.variables } } : {}),
      ...(msg.undoKey ? { undoKey: msg.undoKey } : {}),
      ...(msg.notBefore ? { notBefore: msg.notBefore } : {}),
    });
    whatsapp = queued.queued;
  }
  let sms = false;
  const smsPhone = msg.sms?.phone ?? buyer?.phone;
  if (msg.sms && smsPhone && (code || !whatsapp)) {
    sms = (await queueSms(tx, { kind: msg.sms.kind, phone: smsPhone, variables: msg.sms.variables })).queued;
  }
  return { whatsapp, sms };
}

/**
 * Who hears about an order: its customer, or for a guest's order (customerId 0) the phone given at
 * checkout with its WhatsApp box; with the guest's first name. Null for an order with nobody to tell.
 */
export async function orderRecipient(tx: Tx, productOrderId: string): Promise<{ to: BuyerRecipient; customerName?: string } | null> {
  const order = await tx.order.findUnique({
    where: { productOrderId },
    select: { customerId: true, phone: true, whatsappOptIn: true, customerName: true },
  });
  if (!order) return null;
  if (order.customerId > 0) return { to: { customerId: order.customerId } };
  if (!order.phone) return null;
  return { to: { phone: order.phone, whatsappOptIn: order.whatsappOptIn }, customerName: order.customerName.split(" ")[0] ?? order.customerName };
}

/** A message about a whole order to its buyer, its productOrderId (and a guest's name) among the values. */
export async function queueOrderMessage(
  tx: Tx,
  services: Pick<Services, "mail">,
  productOrderId: string,
  msg: Omit<BuyerMessage, "to">,
): Promise<{ whatsapp: boolean; sms: boolean }> {
  const recipient = await orderRecipient(tx, productOrderId);
  if (!recipient) return { whatsapp: false, sms: false };
  const values: WhatsAppValues = { ...(recipient.customerName ? { customerName: recipient.customerName } : {}), productOrderId, ...msg.values };
  return queueBuyerMessage(tx, services, { ...msg, to: recipient.to, values });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day in a message, in India's time: "28 Nov 2026" (Intl's en-IN would say "Sept", which templates do not expect). */
export function messageDate(at: Date): string {
  const [year, month, day] = istDay(at).split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** An amount in a message: "₹1,234.00", as the SMS shows it. */
export const messageAmount = (paise: number): string => formatRupees(paise);
