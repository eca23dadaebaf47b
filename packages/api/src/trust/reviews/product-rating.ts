// Product.ratingCount and ratingSum are rewritten from the Published reviews (count, sum) in the
// transaction that moves a review into or out of Published. The product row is locked first, so two
// moderations of one product take turns: the second one's UPDATE, a statement begun after the first
// committed, counts both (READ COMMITTED takes a fresh snapshot per statement).
import type { Prisma } from "@store/db";

export const touchesRating = (before: string | null, after: string | null) => before === "Published" || after === "Published";

export async function rewriteProductRating(tx: Prisma.TransactionClient, productId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Product" WHERE "productId" = ${productId}::int FOR UPDATE`;
  await tx.$executeRaw`
    UPDATE "Product" SET
      "ratingCount" = (SELECT count(*)::int FROM "Review" WHERE "productId" = ${productId}::int AND status = 'Published'),
      "ratingSum" = (SELECT COALESCE(sum(rating), 0)::int FROM "Review" WHERE "productId" = ${productId}::int AND status = 'Published')
    WHERE "productId" = ${productId}::int`;
}

/** A review's row under lock: two writes of one review (its author's edit, a moderation) take turns. */
export async function lockReview(tx: Prisma.TransactionClient, reviewId: number) {
  const [row] = await tx.$queryRaw<{ reviewId: number; productId: number; customerId: number; status: string }[]>`
    SELECT "reviewId", "productId", "customerId", status FROM "Review" WHERE "reviewId" = ${reviewId}::int FOR UPDATE`;
  return row ?? null;
}
