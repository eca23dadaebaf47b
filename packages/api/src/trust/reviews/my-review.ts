// GET /products/{productId}/reviews/mine (the "Rate your purchase" page): whether the caller bought the
// product, may review it (and if not, why), and their review of it if they wrote one.
import type { CustomerContext } from "../../platform/context-guards.ts";
import { loadSettings } from "../../back-office/settings.ts";
import { liveProduct, purchaseOf } from "./review-buyer.ts";
import { reviewSelect, toMyReview } from "./review-serializers.ts";

export async function myReviewOf(ctx: CustomerContext, productId: number) {
  const product = await liveProduct(ctx.db, productId);
  const [purchase, settings, review] = await Promise.all([
    purchaseOf(ctx.db, ctx.customerId, productId),
    loadSettings(ctx.db),
    ctx.db.review.findUnique({ where: { customerId_productId: { customerId: ctx.customerId, productId } }, select: reviewSelect }),
  ]);
  const whyNot = review ? "ALREADY_REVIEWED" : settings.reviewsRequirePurchase && !purchase.verifiedPurchase ? "NOT_A_BUYER" : null;
  return {
    productId,
    productName: product.productName,
    verifiedPurchase: purchase.verifiedPurchase,
    mayReview: whyNot === null,
    whyNot,
    review: review ? toMyReview(review) : null,
  } as const;
}
