// GET /grievances: a customer's own tickets (newest first); for the officers every ticket, filtered by
// status, category, overdue and a search, overdue first and then by resolveBy, 20 a page.
import { GRIEVANCE_FINISHED } from "@store/domain";
import { PAGE_SIZE } from "@store/validators";
import type { z } from "zod";
import type { grievanceListInput } from "@store/validators";
import { Prisma } from "@store/db";
import type { Context } from "../../context.ts";
import { toGrievanceRow } from "./serializers.ts";

type ListInput = z.infer<typeof grievanceListInput>;
type ListContext = Pick<Context, "db"> & { auth: NonNullable<Context["auth"]> };

const FINISHED = Prisma.join([...GRIEVANCE_FINISHED]);

/** `%…%` for ILIKE, its wildcards taken literally */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(input: ListInput, now: Date, customerId: number | null): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (customerId !== null) where.push(Prisma.sql`"customerId" = ${customerId}`);
  if (input.status) where.push(Prisma.sql`"status" = ${input.status}`);
  if (input.category) where.push(Prisma.sql`"category" = ${input.category}`);
  const overdue = Prisma.sql`("status" NOT IN (${FINISHED}) AND "resolveBy" < ${now}::timestamp(3))`;
  if (input.overdue === true) where.push(overdue);
  if (input.overdue === false) where.push(Prisma.sql`NOT ${overdue}`);
  if (input.search) {
    const like = containing(input.search);
    where.push(
      Prisma.sql`("ticketNumber" ILIKE ${like} OR "name" ILIKE ${like} OR "email" ILIKE ${like} OR "phone" ILIKE ${like} OR "subject" ILIKE ${like} OR "productOrderId" ILIKE ${like})`,
    );
  }
  return Prisma.join(where, " AND ");
}

export async function listGrievances(ctx: ListContext, input: ListInput, now = new Date()) {
  const customerId = ctx.auth.role === "customer" ? ctx.auth.customerId : null;
  const where = conditions(input, now, customerId);
  const order =
    customerId !== null
      ? Prisma.sql`"createdAt" DESC, "grievanceId" DESC`
      : Prisma.sql`CASE WHEN "status" NOT IN (${FINISHED}) AND "resolveBy" < ${now}::timestamp(3) THEN 0 ELSE 1 END, "resolveBy" ASC, "grievanceId" ASC`;
  const [ids, [count]] = await Promise.all([
    ctx.db.$queryRaw<{ grievanceId: number }[]>`
      SELECT "grievanceId" FROM "Grievance" WHERE ${where} ORDER BY ${order}
      LIMIT ${PAGE_SIZE} OFFSET ${(input.page - 1) * PAGE_SIZE}`,
    ctx.db.$queryRaw<{ total: number }[]>`SELECT COUNT(*)::int AS total FROM "Grievance" WHERE ${where}`,
  ]);
  const rows = await ctx.db.grievance.findMany({ where: { grievanceId: { in: ids.map((r) => r.grievanceId) } } });
  const byId = new Map(rows.map((r) => [r.grievanceId, r]));
  const items = ids.flatMap((r) => {
    const row = byId.get(r.grievanceId);
    return row ? [toGrievanceRow(row, now)] : [];
  });
  return { items, total: count?.total ?? 0, page: input.page, pageSize: PAGE_SIZE };
}
