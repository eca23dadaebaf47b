// What the complainant is told, inside the transaction that changed the ticket: the acknowledgement
// (mail, and WhatsApp or SMS where those exist) and each update (a move, an officer's message).
import type { Prisma, GrievanceModel } from "@store/db";
import type { Services } from "../../context.ts";
import { loadSettings } from "../../back-office/settings.ts";
import { queueMail } from "../../messaging/outbox.ts";
import { messageDate, queueBuyerMessage } from "../../messaging/buyer-messages.ts";

type Tx = Prisma.TransactionClient;

/** The ticket's storefront page; a guest's carries the e-mail that opens it. */
export const ticketUrl = (services: Pick<Services, "mail">, g: Pick<GrievanceModel, "ticketNumber" | "customerId" | "email">): string =>
  `${services.mail.publicUrl}/my-complaints/${g.ticketNumber}${g.customerId === null ? `?email=${encodeURIComponent(g.email)}` : ""}`;

/** A customer is greeted by their first name, a guest by the name they gave. */
async function greetingOf(tx: Tx, g: GrievanceModel): Promise<string> {
  if (g.customerId === null) return g.name;
  const c = await tx.customer.findUnique({ where: { customerId: g.customerId }, select: { firstName: true } });
  return c?.firstName ?? g.name;
}

/** WhatsApp (with its SMS fallback) or SMS: the ticket's number, status and resolve-by date. */
async function queueTicketMessage(tx: Tx, services: Pick<Services, "mail">, g: GrievanceModel, name: string) {
  const resolveBy = messageDate(g.resolveBy);
  await queueBuyerMessage(tx, services, {
    kind: "grievance_update",
    to: g.customerId === null ? { phone: g.phone, whatsappOptIn: false } : { customerId: g.customerId },
    values: { customerName: name, ticketNumber: g.ticketNumber, ticketStatus: g.status, resolveBy },
    sms: { kind: "grievance_update", variables: [g.ticketNumber, g.status, resolveBy] },
  });
}

export async function queueAcknowledgement(tx: Tx, services: Pick<Services, "mail">, g: GrievanceModel): Promise<void> {
  const settings = await loadSettings(tx);
  const name = await greetingOf(tx, g);
  await queueMail(tx, services.mail, g.email, {
    kind: "grievance-acknowledged",
    name,
    ticketNumber: g.ticketNumber,
    subject: g.subject,
    officerName: settings.grievanceOfficerName,
    officerDesignation: settings.grievanceOfficerDesignation,
    acknowledgeBy: messageDate(g.acknowledgeBy),
    resolveBy: messageDate(g.resolveBy),
    ticketUrl: ticketUrl(services, g),
  });
  await queueTicketMessage(tx, services, g, name);
}

/** A move or an officer's words reach the complainant by mail; a move also by WhatsApp or SMS. */
export async function queueUpdate(tx: Tx, services: Pick<Services, "mail">, g: GrievanceModel, text: string | null, opts: { moved: boolean }): Promise<void> {
  const settings = await loadSettings(tx);
  const name = await greetingOf(tx, g);
  await queueMail(tx, services.mail, g.email, {
    kind: "grievance-update",
    name,
    ticketNumber: g.ticketNumber,
    status: g.status,
    text,
    officerName: settings.grievanceOfficerName,
    ticketUrl: ticketUrl(services, g),
  });
  if (opts.moved) await queueTicketMessage(tx, services, g, name);
}
