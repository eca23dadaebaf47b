// POST /grievances/{ticketNumber}/messages: the complainant's or an officer's words on a ticket. The
// complainant's message on a Resolved or Rejected ticket within 14 days reopens it (In progress,
// resolveBy kept); later, the ticket is Closed and the message refused (409 TICKET_CLOSED). An officer
// writes on any ticket not Closed, and the complainant is mailed the words.
import { complainantMessageEffect } from "@store/domain";
import type { z } from "zod";
import type { grievanceMessageInput } from "@store/validators";
import { StoreError } from "../../platform/errors.ts";
import { lockTicket, ticketFor, type TicketContext } from "./ticket-access.ts";
import { queueUpdate } from "./complainant-messages.ts";
import { toGrievanceDetail, withMessages } from "./serializers.ts";

type MessageInput = z.infer<typeof grievanceMessageInput>;

const closedError = (ticketNumber: string, officer: boolean) =>
  new StoreError(
    409,
    "TICKET_CLOSED",
    officer
      ? `Complaint ${ticketNumber} is closed: no more messages can be added to it.`
      : `Complaint ${ticketNumber} is closed: the 14 days to reply to our answer have passed. Please file a new complaint if you need more help.`,
  );

export async function addGrievanceMessage(ctx: TicketContext, input: MessageInput, now = new Date()) {
  const found = await ticketFor(ctx, input.ticketNumber, input.email);
  const officer = ctx.auth?.role === "admin" ? ctx.auth.adminId : null;
  const outcome = await ctx.db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, found.grievanceId);
    if (officer !== null) {
      if (ticket.status === "Closed") return { closed: true as const };
      await tx.grievanceMessage.create({ data: { grievanceId: ticket.grievanceId, author: "officer", adminId: officer, text: input.text, at: now } });
      await queueUpdate(tx, ctx.services, ticket, input.text, { moved: false });
      return { closed: false as const };
    }
    const effect = complainantMessageEffect(ticket, now);
    if (effect === "closed") {
      // the refusal's own write: the ticket is Closed from now on, although the request fails
      if (ticket.status !== "Closed") await tx.grievance.update({ where: { grievanceId: ticket.grievanceId }, data: { status: "Closed", closedAt: now } });
      return { closed: true as const };
    }
    await tx.grievanceMessage.create({ data: { grievanceId: ticket.grievanceId, author: "customer", text: input.text, at: now } });
    if (effect === "reopen") {
      await tx.grievance.update({ where: { grievanceId: ticket.grievanceId }, data: { status: "In progress", resolvedAt: null } });
    }
    return { closed: false as const };
  });
  if (outcome.closed) throw closedError(found.ticketNumber, officer !== null);
  const ticket = await ctx.db.grievance.findUniqueOrThrow({ where: { grievanceId: found.grievanceId }, include: withMessages });
  return toGrievanceDetail(ticket, now, officer !== null);
}
