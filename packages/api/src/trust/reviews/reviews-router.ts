// The review endpoints (contracts/reviews.md). Customers write, edit and remove their own; anyone
// reads a product's Published ones; owner and staff moderate and reply; the owner reads the monthly
// report. No procedure lets the back office change a review's stars or words.
import { z } from "zod";
import {
  id,
  productReviewsInput,
  reviewAdminListInput,
  reviewCreateInput,
  reviewEditInput,
  reviewIdInput,
  reviewModerateInput,
  reviewReplyInput,
  reviewReportInput,
} from "@store/validators";
import { adminProcedure, createTRPCRouter, customerProcedure, ownerProcedure, publicProcedure } from "../../trpc.ts";
import { pageOutput, successOutput } from "../../platform/serialize-common.ts";
import { createReview } from "./create-review.ts";
import { editReview, removeReview } from "./author-reviews.ts";
import { productReviews } from "./product-reviews.ts";
import { myReviewOf } from "./my-review.ts";
import { reviewQueue } from "./admin-reviews.ts";
import { moderateReview, replyToReview } from "./moderate-review.ts";
import { reviewReport } from "./review-report.ts";
import { adminReviewOutput, mineOutput, myReviewOutput, productReviewsOutput, reviewCreatedOutput, reviewReportOutput } from "./review-serializers.ts";

export const reviewsRouter = createTRPCRouter({
  create: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/{productId}/reviews",
        tags: ["Reviews"],
        summary:
          "Review a product (customer): 201 { reviewId, status: Pending, verifiedPurchase }. rating: a whole number 1-5; body 10-2,000 characters; title up to 100; variantId: a pack of the product (default: the pack of the caller's latest delivered line). With the setting reviewsRequirePurchase, only a buyer with a delivered, not returned line: else 403 NOT_A_BUYER. One review per customer and product: 409 ALREADY_REVIEWED. An admin token is 403",
      },
    })
    .input(reviewCreateInput)
    .output(reviewCreatedOutput)
    .mutation(({ ctx, input }) => createReview(ctx, input)),

  edit: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reviews/{reviewId}",
        tags: ["Reviews"],
        summary:
          "Edit the caller's own review (rating, title, body): it goes back to Pending until moderated again. Another customer's review is 404; the back office cannot edit a review (403)",
      },
    })
    .input(reviewEditInput)
    .output(myReviewOutput)
    .mutation(({ ctx, input }) => editReview(ctx, input)),

  remove: customerProcedure
    .meta({
      openapi: { method: "DELETE", path: "/reviews/{reviewId}", tags: ["Reviews"], summary: "Delete the caller's own review; another customer's is 404" },
    })
    .input(reviewIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => removeReview(ctx, input.reviewId)),

  forProduct: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/{productId}/reviews",
        tags: ["Reviews"],
        protect: false,
        summary:
          "A product's Published reviews, 10 a page, sort newest (default), highest or lowest (ties: newest first), with the summary { average (1 decimal, null without reviews), count, histogram }",
      },
    })
    .input(productReviewsInput)
    .output(productReviewsOutput)
    .query(({ ctx, input }) => productReviews(ctx, input)),

  mine: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/{productId}/reviews/mine",
        tags: ["Reviews"],
        summary:
          "The caller's review of a product, whether they bought it, and whether they may review it now (whyNot: NOT_A_BUYER or ALREADY_REVIEWED): the Rate your purchase page",
      },
    })
    .input(z.object({ productId: id("Product id") }))
    .output(mineOutput)
    .query(({ ctx, input }) => myReviewOf(ctx, input.productId)),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reviews",
        tags: ["Reviews"],
        summary: "Every review (owner and staff), by status, productId and rating; 20 a page, the Pending ones first, then the oldest first",
      },
    })
    .input(reviewAdminListInput)
    .output(pageOutput(adminReviewOutput))
    .query(({ ctx, input }) => reviewQueue(ctx, input)),

  moderate: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reviews/{reviewId}/moderate",
        tags: ["Reviews"],
        summary:
          "Publish or reject a review (owner and staff; audited). decision: Published or Rejected; a rejection needs rejectReason, one of the published reasons (GET /store-facts reviewPolicy), else 400",
      },
    })
    .input(reviewModerateInput)
    .output(adminReviewOutput)
    .mutation(({ ctx, input }) => moderateReview(ctx, input)),

  reply: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reviews/{reviewId}/reply",
        tags: ["Reviews"],
        summary: "The store's public reply to a review, up to 1,000 characters, replacing an earlier one (owner and staff; audited)",
      },
    })
    .input(reviewReplyInput)
    .output(adminReviewOutput)
    .mutation(({ ctx, input }) => replyToReview(ctx, input)),

  report: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/reviews",
        tags: ["Reports"],
        summary:
          "The reviews written in a month (IST, month=YYYY-MM) and where they stand: received, published, rejected, pending, and the rejections by reason and by rating (the owner)",
      },
    })
    .input(reviewReportInput)
    .output(reviewReportOutput)
    .query(({ ctx, input }) => reviewReport(ctx, input.month)),
});
