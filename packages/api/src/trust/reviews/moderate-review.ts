// The back office's two writes of a review (contracts/reviews.md): publish it or reject it for one
// of the published reasons, and reply to it. Neither touches its stars or words: no endpoint does.
// Both are on the audit trail (trpc.ts auditBackOffice, back-office/audit-subjects.ts "reviews.*").
import type { z } from "zod";
import type { reviewModerateInput, reviewReplyInput } from "@store/validators";
import type { Context } from "../../context.ts";
import { StoreError } from "../../platform/errors.ts";
import { adminReview } from "./admin-reviews.ts";
import { lockReview, rewriteProductRating, touchesRating } from "./product-rating.ts";

type AdminContext = Context & { adminId: number };
const notFound = (reviewId: number) => new StoreError(404, "NOT_FOUND", `Review ${reviewId} was not found.`);

export async function moderateReview(ctx: AdminContext, input: z.infer<typeof reviewModerateInput>) {
  const { answer, ratingChanged } = await ctx.db.$transaction(async (tx) => {
    const locked = await lockReview(tx, input.reviewId);
    if (!locked) throw notFound(input.reviewId);
    await tx.review.update({
      where: { reviewId: input.reviewId },
      data: {
        status: input.decision,
        rejectReason: input.decision === "Rejected" ? (input.rejectReason ?? null) : null,
        moderatedAt: new Date(),
        moderatedBy: ctx.adminId,
      },
    });
    const ratingChanged = touchesRating(locked.status, input.decision);
    if (ratingChanged) await rewriteProductRating(tx, locked.productId);
    return { answer: await adminReview(tx, input.reviewId), ratingChanged };
  });
  // the product's cached details and lists show the new rating, on every instance
  if (ratingChanged) ctx.services.productEvents.changed();
  return answer;
}

/** The store's reply, replacing an earlier one. */
export async function replyToReview(ctx: AdminContext, input: z.infer<typeof reviewReplyInput>) {
  const replied = await ctx.db.review.updateMany({ where: { reviewId: input.reviewId }, data: { replyText: input.text, replyAt: new Date() } });
  if (replied.count === 0) throw notFound(input.reviewId);
  const answer = await adminReview(ctx.db, input.reviewId);
  // a published review's reply is on the product page: its cached copies go, on every instance
  if (answer.status === "Published") ctx.services.productEvents.changed();
  return answer;
}
