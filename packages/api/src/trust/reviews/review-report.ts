// GET /reports/reviews?month= (the owner): the reviews written in an IST calendar month and where
// they stand, with the rejections by reason and by stars, so that a habit of rejecting low ratings shows.
import { istDayStart, REVIEW_REJECT_REASONS, type ReviewRejectReason } from "@store/domain";
import type { Context } from "../../context.ts";

type Stars = "1" | "2" | "3" | "4" | "5";

/** [start, end) of "YYYY-MM" in India time */
function monthBounds(month: string) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { start: istDayStart(`${month}-01`), end: istDayStart(`${next}-01`) };
}

export async function reviewReport(ctx: Pick<Context, "db">, month: string) {
  const { start, end } = monthBounds(month);
  const groups = await ctx.db.review.groupBy({
    by: ["status", "rejectReason", "rating"],
    where: { createdAt: { gte: start, lt: end } },
    _count: { _all: true },
  });
  const rejectedByReason = Object.fromEntries(REVIEW_REJECT_REASONS.map((r) => [r, 0])) as Record<ReviewRejectReason, number>;
  const rejectedByRating: Record<Stars, number> = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const byStatus = { Pending: 0, Published: 0, Rejected: 0 } as Record<string, number>;
  let received = 0;
  for (const g of groups) {
    const n = g._count._all;
    received += n;
    byStatus[g.status] = (byStatus[g.status] ?? 0) + n;
    if (g.status !== "Rejected") continue;
    if (g.rejectReason !== null && g.rejectReason in rejectedByReason) rejectedByReason[g.rejectReason as ReviewRejectReason] += n;
    const stars = String(g.rating) as Stars;
    if (stars in rejectedByRating) rejectedByRating[stars] += n;
  }
  return {
    month,
    received,
    published: byStatus.Published ?? 0,
    rejected: byStatus.Rejected ?? 0,
    pending: byStatus.Pending ?? 0,
    rejectedByReason,
    rejectedByRating,
  };
}
