// Which pack of a product a cart line or a one-product order is for (issue 25, contracts/packs.md):
// the variantId sent, or the product's only active pack when it has one; "Choose a pack size" when it has
// several and none was sent; a pack of another product is not found; an inactive one is not sold.
import type { Prisma } from "@store/db";
import { packName } from "@store/domain";
import { StoreError } from "../platform/errors.ts";
import { fieldRefusal } from "../catalogue/field-refusal.ts";

type Reader = Pick<Prisma.TransactionClient, "product" | "productVariant">;

export const CHOOSE_PACK = "Choose a pack size";

export interface ChosenPack {
  productId: number;
  productName: string;
  variantId: number;
  sku: string;
  label: string;
  stock: number;
  /** the product's active packs */
  variantCount: number;
}

/** The live product's pack to sell: throws 404 (no such product, or a pack of another product), 400 VARIANT_NOT_SOLD, or 400 on variantId. */
export async function choosePack(db: Reader, productId: number, variantId: number | undefined): Promise<ChosenPack> {
  const product = await db.product.findFirst({ where: { productId, deletedAt: null }, select: { productName: true, variantCount: true } });
  if (!product) throw new StoreError(404, "NOT_FOUND", `Product ${productId} was not found.`);
  const select = { variantId: true, productId: true, sku: true, label: true, stock: true, active: true } as const;
  let pack;
  if (variantId === undefined) {
    const active = await db.productVariant.findMany({ where: { productId, active: true }, select, take: 2 });
    if (active.length === 0) throw new StoreError(400, "VARIANT_NOT_SOLD", `${product.productName} is not sold at the moment.`);
    if (active.length > 1) throw fieldRefusal("variantId", CHOOSE_PACK);
    pack = active[0];
  } else {
    pack = await db.productVariant.findUnique({ where: { variantId }, select });
    if (!pack || pack.productId !== productId) throw new StoreError(404, "NOT_FOUND", `Pack size ${variantId} of product ${productId} was not found.`);
  }
  if (!pack) throw fieldRefusal("variantId", CHOOSE_PACK);
  if (!pack.active)
    throw new StoreError(
      400,
      "VARIANT_NOT_SOLD",
      `${packName(product.productName, pack.label)} (SKU ${pack.sku}) is no longer sold. Please choose another pack size.`,
    );
  return {
    productId,
    productName: product.productName,
    variantId: pack.variantId,
    sku: pack.sku,
    label: pack.label,
    stock: pack.stock,
    variantCount: product.variantCount,
  };
}

/**
 * How the cart names a line to its shopper: the product's name, with the pack only when the product has
 * several (a product of one pack reads as it did before packs).
 */
export const cartName = (p: { productName: string; label: string; variantCount: number }) =>
  p.variantCount > 1 ? packName(p.productName, p.label) : p.productName;
