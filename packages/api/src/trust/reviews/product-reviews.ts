// GET /products/{productId}/reviews (public, contracts/reviews.md): a live product's Published reviews,
// 10 a page, newest first or by stars (ties: the newest first), with the rating summary worked out
// from the Published reviews' stars (one GROUP BY).
import type { Prisma } from "@store/db";
import { ratingSummary, REVIEWS_PAGE_SIZE, type RatingHistogram, type ReviewSort } from "@store/domain";
import type { z } from "zod";
import type { productReviewsInput } from "@store/validators";
import type { Context } from "../../context.ts";
import { liveProduct } from "./review-buyer.ts";
import { namesOf } from "./review-names.ts";
import { reviewSelect, toPublicReview } from "./review-serializers.ts";

const ORDER: Record<ReviewSort, Prisma.ReviewOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { reviewId: "desc" }],
  highest: [{ rating: "desc" }, { createdAt: "desc" }, { reviewId: "desc" }],
  lowest: [{ rating: "asc" }, { createdAt: "desc" }, { reviewId: "desc" }],
};

export async function publishedSummary(db: Pick<Prisma.TransactionClient, "review">, productId: number) {
  const groups = await db.review.groupBy({ by: ["rating"], where: { productId, status: "Published" }, _count: { _all: true } });
  const histogram: RatingHistogram = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  for (const g of groups) {
    const key = String(g.rating) as keyof RatingHistogram;
    if (key in histogram) histogram[key] = g._count._all;
  }
  return ratingSummary(histogram);
}

export async function productReviews(ctx: Context, input: z.infer<typeof productReviewsInput>) {
  const { productId, page, sort } = input;
  await liveProduct(ctx.db, productId);
  const where = { productId, status: "Published" } satisfies Prisma.ReviewWhereInput;
  const [rows, summary] = await Promise.all([
    ctx.db.review.findMany({ where, select: reviewSelect, orderBy: ORDER[sort], skip: (page - 1) * REVIEWS_PAGE_SIZE, take: REVIEWS_PAGE_SIZE }),
    publishedSummary(ctx.db, productId),
  ]);
  const names = await namesOf(ctx.db, rows);
  return { items: rows.map((r) => toPublicReview(r, names(r))), total: summary.count, page, pageSize: REVIEWS_PAGE_SIZE, summary };
}
