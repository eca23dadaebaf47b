// GET /reviews (owner and staff): every review, filtered by status, product and stars, 20 a page,
// the Pending ones first, then the oldest first (the moderation queue).
import type { Prisma } from "@store/db";
import { PAGE_SIZE, type reviewAdminListInput } from "@store/validators";
import type { z } from "zod";
import type { Context } from "../../context.ts";
import { namesOf } from "./review-names.ts";
import { reviewSelect, toAdminReview, type ReviewRow } from "./review-serializers.ts";

type Reader = Pick<Prisma.TransactionClient, "review" | "customer" | "product" | "productVariant">;

/** The back office's rows of these reviews, in the order given. */
export async function adminRows(db: Reader, rows: ReviewRow[]) {
  const names = await namesOf(db, rows);
  return rows.map((r) => toAdminReview(r, names(r)));
}

export async function adminReview(db: Reader, reviewId: number) {
  const row = await db.review.findUniqueOrThrow({ where: { reviewId }, select: reviewSelect });
  const [answer] = await adminRows(db, [row]);
  return answer!;
}

export async function reviewQueue(ctx: Pick<Context, "db">, input: z.infer<typeof reviewAdminListInput>) {
  const status = input.status ?? null;
  const productId = input.productId ?? null;
  const rating = input.rating ?? null;
  const page = await ctx.db.$queryRaw<{ reviewId: number; total: number }[]>`
    SELECT "reviewId", count(*) OVER ()::int AS total FROM "Review"
    WHERE (${status}::text IS NULL OR status = ${status}::text)
      AND (${productId}::int IS NULL OR "productId" = ${productId}::int)
      AND (${rating}::int IS NULL OR rating = ${rating}::int)
    ORDER BY CASE WHEN status = 'Pending' THEN 0 ELSE 1 END, "createdAt" ASC, "reviewId" ASC
    LIMIT ${PAGE_SIZE}::int OFFSET ${(input.page - 1) * PAGE_SIZE}::int`;
  const ids = page.map((p) => p.reviewId);
  const found = await ctx.db.review.findMany({ where: { reviewId: { in: ids } }, select: reviewSelect });
  const byId = new Map(found.map((r) => [r.reviewId, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  // past the last page the window has no row to carry the total
  const total =
    page[0]?.total ??
    (await ctx.db.review.count({
      where: { ...(status ? { status } : {}), ...(productId ? { productId } : {}), ...(rating ? { rating } : {}) },
    }));
  return { items: await adminRows(ctx.db, rows), total, page: input.page, pageSize: PAGE_SIZE };
}
