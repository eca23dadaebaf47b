// The names a review is shown with: its author's (first name and last initial), its product's and its
// pack's, read for a page of reviews at once.
import type { Prisma } from "@store/db";
import { reviewAuthorName } from "@store/domain";
import type { ReviewNames, ReviewRow } from "./review-serializers.ts";

type Reader = Pick<Prisma.TransactionClient, "customer" | "product" | "productVariant">;

/** a deleted account's review keeps a name that says nothing about anyone */
const NO_AUTHOR = reviewAuthorName("", "");

export async function namesOf(db: Reader, rows: readonly Pick<ReviewRow, "reviewId" | "customerId" | "productId" | "variantId">[]) {
  const ids = <T>(pick: (r: (typeof rows)[number]) => T | null) => [...new Set(rows.map(pick).filter((v): v is T => v !== null))];
  const [customers, products, variants] = await Promise.all([
    db.customer.findMany({ where: { customerId: { in: ids((r) => r.customerId) } }, select: { customerId: true, firstName: true, lastName: true } }),
    db.product.findMany({ where: { productId: { in: ids((r) => r.productId) } }, select: { productId: true, productName: true } }),
    db.productVariant.findMany({ where: { variantId: { in: ids((r) => r.variantId) } }, select: { variantId: true, label: true } }),
  ]);
  const author = new Map(customers.map((c) => [c.customerId, reviewAuthorName(c.firstName, c.lastName)]));
  const product = new Map(products.map((p) => [p.productId, p.productName]));
  const label = new Map(variants.map((v) => [v.variantId, v.label]));
  return (r: (typeof rows)[number]): ReviewNames => ({
    authorName: author.get(r.customerId) ?? NO_AUTHOR,
    productName: product.get(r.productId) ?? "",
    variantLabel: r.variantId === null ? null : (label.get(r.variantId) ?? null),
  });
}
