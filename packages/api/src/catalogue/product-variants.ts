// Packs (issue 25): the spec's product endpoints (create, update, import) speak of one price, MRP, pack
// size and stock per product. Here they become the product's first variant (create) or its default
// variant (update), so that a client of the spec keeps working on a product with several packs.
import type { Prisma } from "@store/db";
import { toPaise } from "@store/domain";
import type { VariantCreate } from "@store/validators";
import { syncProductFromVariants } from "./variant-sync.ts";

/** The pack fields of a spec product write, in paise. */
export interface LegacyPackFields {
  productPrice?: number;
  mainPrice?: number;
  packSize?: string;
  quantity?: number;
  hsnCode?: string;
  gstRate?: number;
}

const UNIT_WORDS: Record<string, "ml" | "l" | "g" | "kg" | "piece"> = {
  ml: "ml",
  l: "l",
  ltr: "l",
  litre: "l",
  liter: "l",
  g: "g",
  gm: "g",
  kg: "kg",
  pc: "piece",
  pcs: "piece",
  piece: "piece",
  pieces: "piece",
};

/** "500ml" → 500 ml, "1.5 L" → 1.5 l, "3 pcs" → 3 piece; null when the text says no quantity (as the migration reads it). */
export function parsePackSize(packSize: string): { netQuantity: number; netUnit: "ml" | "l" | "g" | "kg" | "piece" } | null {
  const m = /^\s*(\d{1,9}(?:\.\d{1,3})?)\s*([a-z]+)\.?\s*$/i.exec(packSize);
  const unit = m?.[2] ? UNIT_WORDS[m[2].toLowerCase()] : undefined;
  const amount = m?.[1] ? Number(m[1]) : 0;
  return unit && amount > 0 ? { netQuantity: amount, netUnit: unit } : null;
}

const GRAMS_PER: Record<string, number> = { ml: 1, l: 1000, g: 1, kg: 1000, piece: 100 };

/** A shipping weight estimated from the net quantity (1 ml ≈ 1 g, 100 g a piece), else 500 g. */
export function estimatedWeightGrams(net: ReturnType<typeof parsePackSize>): number {
  if (!net) return 500;
  return Math.min(50_000, Math.max(1, Math.round(net.netQuantity * (GRAMS_PER[net.netUnit] ?? 1))));
}

/** The SKU the store gives a pack made through the spec's endpoints: P<productId>-<PACKSIZE>, as the migration does. */
export function legacySku(productId: number, label: string): string {
  const tail = label.toUpperCase().replace(/[^A-Z0-9]+/g, "");
  return `P${productId}${tail ? `-${tail}` : ""}`.slice(0, 40);
}

/** The row of a new product's one variant, from the spec's product fields (paise). */
export function firstVariantData(productId: number, f: Required<LegacyPackFields>): Prisma.ProductVariantCreateManyInput {
  const label = f.packSize.trim().slice(0, 40) || "Standard";
  const net = parsePackSize(label);
  return {
    productId,
    sku: legacySku(productId, label),
    label,
    netQuantity: net?.netQuantity ?? null,
    netUnit: net?.netUnit ?? null,
    mrp: Math.max(f.mainPrice, f.productPrice),
    price: f.productPrice,
    stock: f.quantity,
    hsnCode: f.hsnCode,
    gstRate: f.gstRate,
    weightGrams: estimatedWeightGrams(net),
    mrpRaised: f.mainPrice < f.productPrice,
  };
}

/** A new product's one variant, from the spec's product fields; then the product mirrors it. */
export async function createFirstVariant(tx: Prisma.TransactionClient, productId: number, f: Required<LegacyPackFields>): Promise<void> {
  await tx.productVariant.create({ data: firstVariantData(productId, f) });
  await syncProductFromVariants(tx, productId);
}

/** A spec product update's pack fields go to the default variant; then the product mirrors it. */
export async function updateDefaultVariant(tx: Prisma.TransactionClient, productId: number, f: LegacyPackFields): Promise<void> {
  const product = await tx.product.findUnique({ where: { productId }, select: { defaultVariantId: true, productPrice: true, mainPrice: true } });
  if (!product?.defaultVariantId) return;
  const data: Prisma.ProductVariantUpdateInput = {};
  if (f.productPrice !== undefined || f.mainPrice !== undefined) {
    // The spec's fields never refused a price above the "main price"; as in the migration, the MRP is
    // raised to the price and the pack listed for the owner to check (needs=netQuantity).
    const price = f.productPrice ?? product.productPrice;
    const mrp = f.mainPrice ?? product.mainPrice;
    Object.assign(data, { price, mrp: Math.max(mrp, price), mrpRaised: mrp < price });
  }
  if (f.packSize !== undefined) {
    const label = f.packSize.trim().slice(0, 40) || "Standard";
    const net = parsePackSize(label);
    data.label = label;
    if (net) Object.assign(data, net);
  }
  if (f.quantity !== undefined) data.stock = f.quantity;
  if (f.hsnCode !== undefined) data.hsnCode = f.hsnCode;
  if (f.gstRate !== undefined) data.gstRate = f.gstRate;
  if (Object.keys(data).length) await tx.productVariant.update({ where: { variantId: product.defaultVariantId }, data });
  await syncProductFromVariants(tx, productId);
}

/**
 * A new pack's row (paise). Left out: the product's HSN and rate, a weight estimated from the net quantity,
 * active, and the position given (after the product's last pack). Used by the variant endpoint and the import.
 */
export function newVariantData(productId: number, v: VariantCreate, tax: { hsnCode: string; gstRate: number }, position: number) {
  return {
    productId,
    sku: v.sku,
    label: v.label,
    netQuantity: v.netQuantity,
    netUnit: v.netUnit,
    mrp: toPaise(v.mrp),
    price: toPaise(v.price),
    stock: v.stock,
    hsnCode: v.hsnCode ?? tax.hsnCode,
    gstRate: v.gstRate ?? tax.gstRate,
    weightGrams: v.weightGrams ?? estimatedWeightGrams({ netQuantity: v.netQuantity, netUnit: v.netUnit }),
    active: v.active ?? true,
    position: v.position ?? position,
  } satisfies Prisma.ProductVariantUncheckedCreateInput;
}
