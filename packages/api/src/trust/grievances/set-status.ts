// POST /grievances/{ticketNumber}/status (owner and staff): Acknowledged → In progress → Resolved or
// Rejected, and back to In progress (reopen); any other move is 409 STATUS_ORDER. Each move is an
// officer's message on the ticket with its words, told to the complainant (mail, WhatsApp or SMS), and
// on the audit trail (audit-subjects.ts "grievances.setStatus"). The ticket's row is locked for the move.
import { canMoveGrievance, type GrievanceTargetStatus } from "@store/domain";
import type { z } from "zod";
import type { grievanceStatusInput } from "@store/validators";
import type { Prisma } from "@store/db";
import { StoreError } from "../../platform/errors.ts";
import { lockTicket, ticketFor, type TicketContext } from "./ticket-access.ts";
import { queueUpdate } from "./complainant-messages.ts";
import { toGrievanceDetail, withMessages } from "./serializers.ts";

type StatusInput = z.infer<typeof grievanceStatusInput>;

/** The fields a move writes and the words it adds to the conversation. */
function moveOf(input: StatusInput, from: string, now: Date): { data: Prisma.GrievanceUpdateInput; words: string } {
  const to: GrievanceTargetStatus = input.status;
  if (to === "Resolved") return { data: { status: to, resolvedAt: now, resolution: input.resolution!, rejectReason: null }, words: input.resolution! };
  // the store's final answer: the 14 days to reply count from it, as from a resolution
  if (to === "Rejected") return { data: { status: to, resolvedAt: now, rejectReason: input.reason!, resolution: null }, words: input.reason! };
  const reopened = from === "Resolved" || from === "Rejected";
  return {
    data: { status: to, resolvedAt: null },
    words: reopened ? "We have reopened your complaint and are looking into it again." : "We are looking into your complaint.",
  };
}

export async function setGrievanceStatus(ctx: TicketContext & { auth: { role: "admin"; adminId: number } }, input: StatusInput, now = new Date()) {
  const found = await ticketFor(ctx, input.ticketNumber);
  await ctx.db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, found.grievanceId);
    if (!canMoveGrievance(ticket.status, input.status)) {
      throw new StoreError(409, "STATUS_ORDER", `Complaint ${ticket.ticketNumber} is ${ticket.status}: it cannot be moved to ${input.status}.`);
    }
    const { data, words } = moveOf(input, ticket.status, now);
    const moved = await tx.grievance.update({ where: { grievanceId: ticket.grievanceId }, data });
    await tx.grievanceMessage.create({ data: { grievanceId: ticket.grievanceId, author: "officer", adminId: ctx.auth.adminId, text: words, at: now } });
    await queueUpdate(tx, ctx.services, moved, words, { moved: true });
  });
  const ticket = await ctx.db.grievance.findUniqueOrThrow({ where: { grievanceId: found.grievanceId }, include: withMessages });
  return toGrievanceDetail(ticket, now, true);
}
