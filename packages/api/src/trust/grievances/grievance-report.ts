// GET /reports/grievances?month=YYYY-MM (owner): the rule-4 evidence for the tickets filed in that
// month on India's calendar — how many came, how many were acknowledged within 48 hours and answered
// within their month, how many are still open, which are overdue now, and the count per category.
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_FINISHED,
  isGrievanceOverdue,
  istDayEnd,
  istDayStart,
  type GrievanceCategory,
  type GrievanceStatus,
} from "@store/domain";
import { z } from "zod";
import type { Context } from "../../context.ts";

export const grievanceReportOutput = z.object({
  month: z.string(),
  received: z.number().int(),
  acknowledgedWithin48h: z.number().int(),
  resolvedWithinMonth: z.number().int().describe("Resolved, Rejected or Closed with the answer (resolvedAt) by resolveBy"),
  open: z.number().int().describe("not Resolved, Rejected or Closed"),
  overdue: z.array(z.string()).describe("ticket numbers still open past their resolveBy now"),
  byCategory: z.object(Object.fromEntries(GRIEVANCE_CATEGORIES.map((c) => [c, z.number().int()])) as Record<GrievanceCategory, z.ZodNumber>),
});
export type GrievanceReport = z.infer<typeof grievanceReportOutput>;

/** the month's first instant and the next month's, on India's calendar */
function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: istDayStart(`${month}-01`), to: istDayEnd(`${month}-${String(lastDay).padStart(2, "0")}`) };
}

const finished = (status: string) => GRIEVANCE_FINISHED.includes(status as GrievanceStatus);

export async function grievanceReport(ctx: Pick<Context, "db">, month: string, now = new Date()): Promise<GrievanceReport> {
  const { from, to } = monthRange(month);
  const tickets = await ctx.db.grievance.findMany({
    where: { createdAt: { gte: from, lt: to } },
    select: { ticketNumber: true, status: true, category: true, acknowledgedAt: true, acknowledgeBy: true, resolvedAt: true, resolveBy: true },
    orderBy: { createdAt: "asc" },
  });
  const byCategory = Object.fromEntries(GRIEVANCE_CATEGORIES.map((c) => [c, 0])) as Record<GrievanceCategory, number>;
  for (const t of tickets) if (t.category in byCategory) byCategory[t.category as GrievanceCategory]++;
  return {
    month,
    received: tickets.length,
    acknowledgedWithin48h: tickets.filter((t) => t.acknowledgedAt !== null && t.acknowledgedAt <= t.acknowledgeBy).length,
    resolvedWithinMonth: tickets.filter((t) => finished(t.status) && t.resolvedAt !== null && t.resolvedAt <= t.resolveBy).length,
    open: tickets.filter((t) => !finished(t.status)).length,
    overdue: tickets.filter((t) => isGrievanceOverdue(t, now)).map((t) => t.ticketNumber),
    byCategory,
  };
}
