// The author's own review (contracts/reviews.md): edit it (back to Pending, the moderation cleared)
// or remove it. Another customer's review is answered as missing. A review that leaves Published
// takes its stars out of the product's rating in the same transaction.
import type { z } from "zod";
import type { reviewEditInput } from "@store/validators";
import type { CustomerContext } from "../../platform/context-guards.ts";
import { StoreError } from "../../platform/errors.ts";
import { lockReview, rewriteProductRating, touchesRating } from "./product-rating.ts";
import { purchaseOf } from "./review-buyer.ts";
import { reviewSelect, toMyReview } from "./review-serializers.ts";

const notFound = (reviewId: number) => new StoreError(404, "NOT_FOUND", `Review ${reviewId} was not found.`);

export async function editReview(ctx: CustomerContext, input: z.infer<typeof reviewEditInput>) {
  const { edited, ratingChanged } = await ctx.db.$transaction(async (tx) => {
    const locked = await lockReview(tx, input.reviewId);
    if (!locked || locked.customerId !== ctx.customerId) throw notFound(input.reviewId);
    const { verifiedPurchase } = await purchaseOf(tx, ctx.customerId, locked.productId);
    const edited = await tx.review.update({
      where: { reviewId: input.reviewId },
      data: {
        rating: input.rating,
        title: input.title,
        body: input.body,
        verifiedPurchase,
        status: "Pending",
        rejectReason: null,
        moderatedAt: null,
        moderatedBy: null,
      },
      select: reviewSelect,
    });
    const ratingChanged = touchesRating(locked.status, "Pending");
    if (ratingChanged) await rewriteProductRating(tx, locked.productId);
    return { edited, ratingChanged };
  });
  if (ratingChanged) ctx.services.productEvents.changed();
  return toMyReview(edited);
}

export async function removeReview(ctx: CustomerContext, reviewId: number) {
  const ratingChanged = await ctx.db.$transaction(async (tx) => {
    const locked = await lockReview(tx, reviewId);
    if (!locked || locked.customerId !== ctx.customerId) throw notFound(reviewId);
    await tx.review.delete({ where: { reviewId } });
    const changed = touchesRating(locked.status, null);
    if (changed) await rewriteProductRating(tx, locked.productId);
    return changed;
  });
  if (ratingChanged) ctx.services.productEvents.changed();
  return { success: true, message: "Your review was removed." };
}
