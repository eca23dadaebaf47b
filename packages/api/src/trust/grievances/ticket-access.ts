// Who may see a ticket: an officer (owner or staff) any; a customer their own; a guest a ticket filed
// without an account, proving it with the complainant's e-mail. Anyone else gets the answer a missing
// ticket gets (404), and a guest's failed lookups are counted per address (lookup-limiter.ts).
import type { GrievanceModel, Prisma } from "@store/db";
import type { Context } from "../../context.ts";
import { StoreError } from "../../platform/errors.ts";

type Tx = Prisma.TransactionClient;
export type TicketContext = Pick<Context, "db" | "auth" | "services" | "clientIp">;

const notFound = (ticketNumber: string) => new StoreError(404, "NOT_FOUND", `Complaint ${ticketNumber} was not found.`);
const tooManyMisses = (seconds: number) =>
  new StoreError(429, "TOO_MANY_REQUESTS", `Too many lookups that matched no complaint. Please try again in ${Math.ceil(seconds / 60)} minutes.`, {
    details: { retryAfterSeconds: seconds },
  });

/** The ticket the caller may see; `email` is a guest's proof (ignored for an officer and for a customer's own). */
export async function ticketFor(ctx: TicketContext, ticketNumber: string, email?: string): Promise<GrievanceModel> {
  if (ctx.auth?.role === "admin") {
    const ticket = await ctx.db.grievance.findUnique({ where: { ticketNumber } });
    if (!ticket) throw notFound(ticketNumber);
    return ticket;
  }
  const customerId = ctx.auth?.role === "customer" ? ctx.auth.customerId : null;
  if (customerId === null && !email) {
    throw new StoreError(401, "UNAUTHORIZED", "Please log in, or give the e-mail address the complaint was filed with.");
  }
  const blocked = await ctx.services.grievanceLookupLimiter.blockedFor(ctx.clientIp);
  if (blocked > 0) throw tooManyMisses(blocked);
  const ticket = await ctx.db.grievance.findUnique({ where: { ticketNumber } });
  if (ticket && customerId !== null && ticket.customerId === customerId) return ticket;
  const emailMatches = ticket !== null && email !== undefined && ticket.email.toLowerCase() === email.toLowerCase();
  if (ticket && emailMatches && ticket.customerId === null) return ticket;
  // the e-mail is right, but the complaint was filed from an account: its owner logs in to see it
  if (ticket && emailMatches && customerId === null) {
    throw new StoreError(401, "UNAUTHORIZED", `Complaint ${ticketNumber} was filed from a customer account: please log in to see it.`);
  }
  const wait = await ctx.services.grievanceLookupLimiter.miss(ctx.clientIp);
  throw wait > 0 ? tooManyMisses(wait) : notFound(ticketNumber);
}

/**
 * The ticket again, its row locked until the transaction ends: two moves, or a move and the
 * complainant's reopening message, run one after the other and each sees the other's result.
 */
export async function lockTicket(tx: Tx, grievanceId: number): Promise<GrievanceModel> {
  await tx.$queryRaw`SELECT "grievanceId" FROM "Grievance" WHERE "grievanceId" = ${grievanceId} FOR UPDATE`;
  return tx.grievance.findUniqueOrThrow({ where: { grievanceId } });
}
