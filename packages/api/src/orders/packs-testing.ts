// Test helper (issue 25): a product with several packs, made as the variant endpoints leave it (the
// packs, then the product's mirror re-synced), so that the cart, checkout and invoice tests need not
// depend on those endpoints.
import type { Db } from "@store/db";
import { syncProductFromVariants } from "../catalogue/variant-sync.ts";

export interface PackSpec {
  label: string;
  /** rupees */
  price: number;
  /** rupees */
  mrp?: number;
  stock: number;
  netQuantity?: number;
  netUnit?: "ml" | "l" | "g" | "kg" | "piece";
  hsnCode?: string;
  gstRate?: number;
  active?: boolean;
}

/** Replaces the product's packs by `packs` (in that position order); answers their variantIds. */
export async function givePacks(db: Db, productId: number, packs: readonly PackSpec[]): Promise<number[]> {
  return db.$transaction(async (tx) => {
    await tx.product.update({ where: { productId }, data: { defaultVariantId: null } });
    await tx.productVariant.deleteMany({ where: { productId } });
    const ids: number[] = [];
    for (const [position, p] of packs.entries()) {
      const { variantId } = await tx.productVariant.create({
        data: {
          productId,
          sku: `T${productId}-${p.label.toUpperCase().replace(/[^A-Z0-9]+/g, "")}`,
          label: p.label,
          netQuantity: p.netQuantity ?? null,
          netUnit: p.netUnit ?? null,
          mrp: Math.round((p.mrp ?? p.price) * 100),
          price: Math.round(p.price * 100),
          stock: p.stock,
          hsnCode: p.hsnCode ?? "3402",
          gstRate: p.gstRate ?? 18,
          weightGrams: 500,
          active: p.active ?? true,
          position,
        },
        select: { variantId: true },
      });
      ids.push(variantId);
    }
    await syncProductFromVariants(tx, productId);
    return ids;
  });
}
