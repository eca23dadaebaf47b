// The durable outbox (issue 16): a message is written in the same transaction as the event that
// causes it, so an event that rolls back sends nothing and one that commits is never lost.
import type { Prisma } from "@store/db";
import type { Services } from "../context.ts";
import { renderMail, type MailInput } from "./messages.ts";

type Tx = Prisma.TransactionClient;

/** How this server sends mail: where its links point, and whether an SMTP server is configured. */
export interface MailSettings {
  /** the storefront's address for links in messages, without a trailing slash */
  publicUrl: string;
  /** false: messages are kept as "waiting" until a server with SMTP_URL sends them */
  smtpConfigured: boolean;
}

export interface QueueOptions {
  /** the order whose GST invoice PDF is attached when sending */
  attachInvoiceOf?: string;
  /** not sent before this (the worker leaves it until then): an undoable event's mail waits out its undo window */
  notBefore?: Date;
  /** names the undoable event that queued it, so that undoing the event cancels it (cancelHeldMail) */
  undoKey?: string;
}

export async function queueMail(tx: Tx, mail: MailSettings, to: string, input: MailInput, opts: QueueOptions = {}): Promise<void> {
  const rendered = renderMail(input);
  await tx.outboxMessage.create({
    data: {
      channel: "email",
      kind: input.kind,
      recipient: to,
      subject: rendered.subject.slice(0, 200),
      html: rendered.html,
      text: rendered.text,
      attachInvoiceOf: opts.attachInvoiceOf ?? null,
      status: mail.smtpConfigured ? "queued" : "waiting",
      ...(opts.notBefore ? { nextAttemptAt: opts.notBefore } : {}),
      undoKey: opts.undoKey ?? null,
    },
  });
}

/**
 * Undoing an event: its held messages that no worker has taken become `cancelled` and are never
 * sent. Answers false when one was already taken or sent (too late to take the mail back).
 */
export async function cancelHeldMail(tx: Tx, undoKey: string, now: Date): Promise<boolean> {
  const held = await tx.outboxMessage.count({ where: { undoKey, status: { not: "cancelled" } } });
  // the row lock of the UPDATE orders it with a worker's claim (FOR UPDATE): what a worker took is left alone
  const cancelled = await tx.outboxMessage.updateMany({
    where: { undoKey, status: { in: ["queued", "waiting", "failed"] }, sentAt: null, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { status: "cancelled", nextAttemptAt: null },
  });
  return cancelled.count === held;
}

/** The order page of a line, as a link in a message. */
export const orderUrl = (mail: MailSettings, customerId: number, orderId: number) => `${mail.publicUrl}/orderDetails/${customerId}/${orderId}`;

/** A customer's address and first name, inside the event's transaction; null for a deleted customer (nobody to tell). */
export async function customerAddressee(tx: Tx, customerId: number) {
  const c = await tx.customer.findUnique({ where: { customerId }, select: { email: true, firstName: true } });
  return c ? { to: c.email, name: c.firstName } : null;
}

/** Messages about one line of an order (status, return): who gets it and the link to the line. */
export async function queueLineMail(
  tx: Tx,
  services: Pick<Services, "mail">,
  orderId: number,
  build: (line: { productOrderId: string; productName: string; orderUrl: string; name: string }) => MailInput,
): Promise<void> {
  const line = await tx.productOrder.findUniqueOrThrow({ where: { orderId }, select: { customerId: true, productOrderId: true, productName: true } });
  const who = await orderAddressee(tx, services.mail, line.productOrderId, { orderId, customerId: line.customerId });
  if (!who) return;
  await queueMail(tx, services.mail, who.to, build({ productOrderId: line.productOrderId, productName: line.productName, orderUrl: who.url, name: who.name }));
}

/** A guest's order page (issue 29): the guest's browser keeps the order's access token, the first mail's one-time link gives it again. */
export const guestOrderUrl = (mail: MailSettings, productOrderId: string) => `${mail.publicUrl}/guest/order/${encodeURIComponent(productOrderId)}`;

/**
 * Who hears about an order: its customer, or for a guest's order (customerId 0, issue 29) the e-mail
 * and name given at checkout, with the guest order page as the link.
 */
async function orderAddressee(tx: Tx, mail: MailSettings, productOrderId: string, line: { orderId: number; customerId: number }) {
  if (line.customerId > 0) {
    const who = await customerAddressee(tx, line.customerId);
    return who ? { ...who, url: orderUrl(mail, line.customerId, line.orderId) } : null;
  }
  const order = await tx.order.findUnique({ where: { productOrderId }, select: { isGuest: true, email: true, customerName: true } });
  if (!order?.isGuest || !order.email) return null;
  return { to: order.email, name: order.customerName.split(" ")[0] ?? order.customerName, url: guestOrderUrl(mail, productOrderId) };
}

/** Messages about a whole order (payment, refund): addressed to its customer (or its guest), linking its first line. */
export async function queueOrderMail(
  tx: Tx,
  services: Pick<Services, "mail">,
  productOrderId: string,
  build: (order: { productOrderId: string; orderUrl: string; name: string }) => MailInput | null,
  opts: QueueOptions = {},
): Promise<void> {
  const first = await tx.productOrder.findFirstOrThrow({ where: { productOrderId }, orderBy: { orderId: "asc" }, select: { orderId: true, customerId: true } });
  const who = await orderAddressee(tx, services.mail, productOrderId, first);
  if (!who) return;
  const input = build({ productOrderId, orderUrl: who.url, name: who.name });
  if (input) await queueMail(tx, services.mail, who.to, input, opts);
}
