// Who bought what (contracts/reviews.md): a customer with a delivered line of the product that was not
// sent back is a verified buyer (@store/domain isVerifiedPurchaseLine), and the pack of the latest
// such line is the one a review is about unless the author names another.
import type { Prisma } from "@store/db";
import { isVerifiedPurchaseLine } from "@store/domain";
import { live } from "../../catalogue/products.ts";
import { StoreError } from "../../platform/errors.ts";

type Reader = Pick<Prisma.TransactionClient, "productOrder">;

export interface Purchase {
  verifiedPurchase: boolean;
  /** the pack of the latest delivered, kept line; null when there is none */
  latestVariantId: number | null;
}

export async function purchaseOf(db: Reader, customerId: number, productId: number): Promise<Purchase> {
  const lines = await db.productOrder.findMany({
    where: { customerId, productId, orderStatus: "Completed" },
    select: { orderStatus: true, returnStatus: true, variantId: true, endDate: true, orderId: true },
    orderBy: [{ endDate: "desc" }, { orderId: "desc" }],
  });
  const kept = lines.filter(isVerifiedPurchaseLine);
  return { verifiedPurchase: kept.length > 0, latestVariantId: kept[0]?.variantId ?? null };
}

/** A product on sale (not deleted), else 404. */
export async function liveProduct(db: Pick<Prisma.TransactionClient, "product">, productId: number) {
  const product = await db.product.findFirst({ where: { productId, ...live }, select: { productId: true, productName: true } });
  if (!product) throw new StoreError(404, "NOT_FOUND", `Product ${productId} was not found.`);
  return product;
}

export const notABuyer = () => new StoreError(403, "NOT_A_BUYER", "Only buyers who received this product (and did not return it) can review it.");
export const alreadyReviewed = () => new StoreError(409, "ALREADY_REVIEWED", "You have already reviewed this product. Edit your review instead.");
