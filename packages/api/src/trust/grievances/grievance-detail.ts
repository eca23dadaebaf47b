// GET /grievances/{ticketNumber}: the ticket with its conversation, for whoever may see it (ticket-access.ts).
import { toGrievanceDetail, withMessages } from "./serializers.ts";
import { ticketFor, type TicketContext } from "./ticket-access.ts";

export async function grievanceDetail(ctx: TicketContext, input: { ticketNumber: string; email?: string }, now = new Date()) {
  const found = await ticketFor(ctx, input.ticketNumber, input.email);
  const ticket = await ctx.db.grievance.findUniqueOrThrow({ where: { grievanceId: found.grievanceId }, include: withMessages });
  return toGrievanceDetail(ticket, now, ctx.auth?.role === "admin");
}
