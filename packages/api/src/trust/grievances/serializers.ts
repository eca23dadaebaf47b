// What the grievance endpoints answer (contracts/grievances.md, the brief's "Fixed names"): a ticket's
// row in a list, and its detail with the conversation.
import { z } from "zod";
import { complainantMessageEffect, GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES, grievanceMovesFrom, isGrievanceOverdue } from "@store/domain";
import type { GrievanceMessageModel, GrievanceModel } from "@store/db";

export const grievanceCreatedOutput = z.object({
  ticketNumber: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  createdAt: z.date(),
  acknowledgedAt: z.date(),
  acknowledgeBy: z.date().describe("createdAt + 48 hours"),
  resolveBy: z.date().describe("createdAt + one calendar month on India's calendar (the 31st becomes the month's last day)"),
});

export const grievanceRowOutput = z.object({
  ticketNumber: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  category: z.enum(GRIEVANCE_CATEGORIES),
  subject: z.string(),
  name: z.string(),
  productOrderId: z.string().nullable(),
  createdAt: z.date(),
  acknowledgeBy: z.date(),
  acknowledgedAt: z.date().nullable(),
  resolveBy: z.date(),
  resolvedAt: z.date().nullable(),
  overdue: z.boolean().describe("not Resolved, Rejected or Closed, and resolveBy has passed"),
});

export const grievanceDetailOutput = grievanceRowOutput.extend({
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  resolution: z.string().nullable(),
  rejectReason: z.string().nullable(),
  closedAt: z.date().nullable(),
  messages: z.array(z.object({ at: z.date(), from: z.enum(["customer", "officer"]), text: z.string() })),
  canReply: z.boolean().describe("the complainant may still write (a Resolved or Rejected ticket for 14 days after its answer)"),
  moves: z.array(z.string()).describe("the statuses an officer may move it to (admin only; [] for others)"),
});

export const grievanceListOutput = z.object({
  items: z.array(grievanceRowOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

type Row = z.infer<typeof grievanceRowOutput>;
type Detail = z.infer<typeof grievanceDetailOutput>;

export function toGrievanceRow(g: GrievanceModel, now: Date): Row {
  return {
    ticketNumber: g.ticketNumber,
    status: g.status as Row["status"],
    category: g.category as Row["category"],
    subject: g.subject,
    name: g.name,
    productOrderId: g.productOrderId,
    createdAt: g.createdAt,
    acknowledgeBy: g.acknowledgeBy,
    acknowledgedAt: g.acknowledgedAt,
    resolveBy: g.resolveBy,
    resolvedAt: g.resolvedAt,
    overdue: isGrievanceOverdue(g, now),
  };
}

export function toGrievanceDetail(g: GrievanceModel & { messages: GrievanceMessageModel[] }, now: Date, forAdmin: boolean): Detail {
  return {
    ...toGrievanceRow(g, now),
    description: g.description,
    email: g.email,
    phone: g.phone,
    resolution: g.resolution,
    rejectReason: g.rejectReason,
    closedAt: g.closedAt,
    messages: g.messages.map((m) => ({ at: m.at, from: m.author === "officer" ? "officer" : "customer", text: m.text })),
    canReply: complainantMessageEffect(g, now) !== "closed",
    moves: forAdmin ? [...grievanceMovesFrom(g.status)] : [],
  };
}

export const withMessages = { messages: { orderBy: [{ at: "asc" as const }, { messageId: "asc" as const }] } };
