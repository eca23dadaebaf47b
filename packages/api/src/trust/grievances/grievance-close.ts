// The job grievance-close: a Resolved or Rejected ticket whose complainant did not reply within 14 days
// of the answer is Closed. One UPDATE: run twice, or on two servers at once, each ticket closes once.
import { REOPEN_DAYS } from "@store/domain";
import type { Db } from "@store/db";

export async function closeAnsweredGrievances(db: Db, now = new Date()): Promise<number> {
  const answeredBefore = new Date(now.getTime() - REOPEN_DAYS * 86_400_000);
  const closed = await db.grievance.updateMany({
    where: { status: { in: ["Resolved", "Rejected"] }, resolvedAt: { lt: answeredBefore } },
    data: { status: "Closed", closedAt: now },
  });
  return closed.count;
}
