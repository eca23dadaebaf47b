// POST /products/{productId}/reviews (contracts/reviews.md): a customer's review of a live product,
// Pending until moderated. With Setting reviewsRequirePurchase only a verified buyer may write one; one
// per customer per product, which the unique index (customerId, productId) keeps under a race.
import type { z } from "zod";
import type { reviewCreateInput } from "@store/validators";
import type { CustomerContext } from "../../platform/context-guards.ts";
import { isUniqueViolation, StoreError } from "../../platform/errors.ts";
import { loadSettings } from "../../back-office/settings.ts";
import { alreadyReviewed, liveProduct, notABuyer, purchaseOf } from "./review-buyer.ts";

type CreateInput = z.infer<typeof reviewCreateInput>;

async function packOfProduct(ctx: CustomerContext, productId: number, variantId: number) {
  const pack = await ctx.db.productVariant.findFirst({ where: { variantId, productId }, select: { variantId: true } });
  if (!pack) throw new StoreError(404, "NOT_FOUND", `Pack ${variantId} is not a pack of product ${productId}.`);
  return pack.variantId;
}

export async function createReview(ctx: CustomerContext, input: CreateInput) {
  const { productId } = input;
  await liveProduct(ctx.db, productId);
  const [purchase, settings, existing] = await Promise.all([
    purchaseOf(ctx.db, ctx.customerId, productId),
    loadSettings(ctx.db),
    ctx.db.review.findUnique({ where: { customerId_productId: { customerId: ctx.customerId, productId } }, select: { reviewId: true } }),
  ]);
  if (existing) throw alreadyReviewed();
  if (settings.reviewsRequirePurchase && !purchase.verifiedPurchase) throw notABuyer();
  const variantId = input.variantId === undefined ? purchase.latestVariantId : await packOfProduct(ctx, productId, input.variantId);
  try {
    const review = await ctx.db.review.create({
      data: {
        productId,
        variantId,
        customerId: ctx.customerId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        verifiedPurchase: purchase.verifiedPurchase,
      },
      select: { reviewId: true, verifiedPurchase: true },
    });
    return { reviewId: review.reviewId, status: "Pending" as const, verifiedPurchase: review.verifiedPurchase };
  } catch (error) {
    // two creates at once: the index lets one in
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}
