// A product's packs, managed by the back office (issue 25, contracts/packs.md): add one, change one
// (partially), remove one. Each write is one transaction that first locks the product's packs (in id
// order, as stock taking does, so the two never deadlock), then writes, then re-syncs the product's
// mirror of its default pack (variant-sync.ts); the product caches are emptied after it.
//
// - At most MAX_VARIANTS packs a product (active or not): a 21st is 400 TOO_MANY_VARIANTS.
// - A SKU is unique across the store: the unique index decides, also between two concurrent writes;
//   its violation is 409 SKU_TAKEN.
// - The price never exceeds the MRP, also when only one of them is sent (checked against the stored other).
// - A product keeps at least one active pack: removing or deactivating the last is 409 LAST_VARIANT.
// - A pack on any order line is deactivated rather than deleted (the lines keep their own snapshot).
// - A pack that leaves the shop (deactivated or deleted) leaves every cart too, as a deleted product does:
//   a cart line could not be bought any more (the checkout refuses an inactive pack).
// - A pack's own photo (image, a data URL) is rendered before the transaction (no lock is held while
//   it resizes), then saved with the pack's write; removeImage goes back to the product's image.
import { type Prisma, type Db } from "@store/db";
import { toPaise } from "@store/domain";
import { MAX_VARIANTS, PRICE_ABOVE_MRP, type VariantCreate, type VariantImageInput, type VariantUpdate } from "@store/validators";
import type { Context } from "../context.ts";
import { isUniqueViolation, StoreError } from "../platform/errors.ts";
import { fieldRefusal } from "./field-refusal.ts";
import { decodeDataUrl, renderProductImages, replaceVariantImages } from "./images.ts";
import { newVariantData } from "./product-variants.ts";
import { syncProductFromVariants } from "./variant-sync.ts";
import { toVariantOutput, variantSelect } from "./variant-serializers.ts";

type Tx = Prisma.TransactionClient;

/** the unique index on ProductVariant.sku refused the write */
export const isSkuTaken = isUniqueViolation;

const skuTaken = (sku: string) => new StoreError(409, "SKU_TAKEN", `The SKU ${sku} is already used by another pack. Please choose another SKU.`);

/** Runs a pack write; a SKU another pack holds (even one written at the same moment) becomes 409 SKU_TAKEN. */
async function writing<T>(ctx: Context, sku: string | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const result = await ctx.db.$transaction(work);
    ctx.services.productEvents.changed();
    return result;
  } catch (error) {
    if (sku !== undefined && isSkuTaken(error)) throw skuTaken(sku);
    throw error;
  }
}

/** The live product's packs, locked for this transaction in id order; 404 when the product is not on sale. */
async function lockPacks(tx: Tx, productId: number) {
  const product = await tx.product.findFirst({ where: { productId, deletedAt: null }, select: { productId: true, hsnCode: true, gstRate: true } });
  if (!product) throw new StoreError(404, "NOT_FOUND", `Product ${productId} was not found.`);
  const packs = await tx.$queryRaw<{ variantId: number; active: boolean; position: number; price: number; mrp: number }[]>`
    SELECT "variantId", active, position, price, mrp FROM "ProductVariant" WHERE "productId" = ${productId}::int ORDER BY "variantId" FOR UPDATE`;
  return { product, packs };
}

function packOf<P extends { variantId: number }>(packs: P[], productId: number, variantId: number): P {
  const pack = packs.find((p) => p.variantId === variantId);
  if (!pack) throw new StoreError(404, "NOT_FOUND", `Pack ${variantId} of product ${productId} was not found.`);
  return pack;
}

/** the sent photo decoded and rendered (a file that is no image is 400), or undefined when none was sent */
const renderedImage = async (dataUrl: string | undefined) => (dataUrl ? renderProductImages(decodeDataUrl(dataUrl)) : undefined);

const lastActive = (productId: number) =>
  new StoreError(
    409,
    "LAST_VARIANT",
    `This is the last pack of product ${productId} on sale. A product keeps at least one active pack: add another first, or delete the product.`,
  );

/** POST /products/{productId}/variants: a new pack, after the last one unless a position is given. */
export async function createVariant(ctx: Context, input: VariantCreate & Pick<VariantImageInput, "image"> & { productId: number }) {
  const { productId, image: sent, ...v } = input;
  const image = await renderedImage(sent);
  return writing(ctx, v.sku, async (tx) => {
    const { product, packs } = await lockPacks(tx, productId);
    if (packs.length >= MAX_VARIANTS)
      throw new StoreError(400, "TOO_MANY_VARIANTS", `A product has at most ${MAX_VARIANTS} packs. Deactivate or delete one before adding another.`);
    const created = await tx.productVariant.create({
      // left out: the product's own HSN and rate (its default pack's)
      data: { ...newVariantData(productId, v, product, Math.max(-1, ...packs.map((p) => p.position)) + 1), imageHash: image?.hash ?? null },
      select: variantSelect,
    });
    if (image) await replaceVariantImages(tx, created.variantId, image);
    await syncProductFromVariants(tx, productId);
    return toVariantOutput(created);
  });
}

/** POST /products/{productId}/variants/{variantId}: what is sent changes, the rest keeps its value. */
export async function updateVariant(ctx: Context, input: VariantUpdate & VariantImageInput & { productId: number; variantId: number }) {
  const { productId, variantId, image: sent, removeImage, ...v } = input;
  const image = await renderedImage(sent);
  return writing(ctx, v.sku, async (tx) => {
    const { packs } = await lockPacks(tx, productId);
    const pack = packOf(packs, productId, variantId);
    const price = v.price !== undefined ? toPaise(v.price) : pack.price;
    const mrp = v.mrp !== undefined ? toPaise(v.mrp) : pack.mrp;
    if (price > mrp) throw fieldRefusal("price", PRICE_ABOVE_MRP);
    if (v.active === false && pack.active && !packs.some((p) => p.active && p.variantId !== variantId)) throw lastActive(productId);
    const data: Prisma.ProductVariantUpdateInput = {
      ...(v.sku !== undefined ? { sku: v.sku } : {}),
      ...(v.label !== undefined ? { label: v.label } : {}),
      ...(v.netQuantity !== undefined ? { netQuantity: v.netQuantity } : {}),
      ...(v.netUnit !== undefined ? { netUnit: v.netUnit } : {}),
      ...(v.price !== undefined ? { price } : {}),
      // an MRP the owner saves is theirs: the pack leaves the needs=netQuantity list for it
      ...(v.mrp !== undefined ? { mrp, mrpRaised: false } : {}),
      ...(v.stock !== undefined ? { stock: v.stock } : {}),
      ...(v.hsnCode !== undefined ? { hsnCode: v.hsnCode } : {}),
      ...(v.gstRate !== undefined ? { gstRate: v.gstRate } : {}),
      ...(v.weightGrams !== undefined ? { weightGrams: v.weightGrams } : {}),
      ...(v.active !== undefined ? { active: v.active } : {}),
      ...(v.position !== undefined ? { position: v.position } : {}),
      ...(image ? { imageHash: image.hash } : removeImage ? { imageHash: null } : {}),
    };
    if (image || removeImage) await replaceVariantImages(tx, variantId, image ?? null);
    const updated = await tx.productVariant.update({ where: { variantId }, data, select: variantSelect });
    if (!updated.active) await tx.cartItem.deleteMany({ where: { variantId } });
    await syncProductFromVariants(tx, productId);
    return toVariantOutput(updated);
  });
}

/** Whether a pack was ever ordered: then it stays (deactivated), for the lines that name it. */
const wasOrdered = async (db: Pick<Db, "productOrder">, variantId: number) => (await db.productOrder.count({ where: { variantId }, take: 1 })) > 0;

/** DELETE /products/{productId}/variants/{variantId}: deleted, or deactivated when it is on an order line. */
export async function removeVariant(ctx: Context, input: { productId: number; variantId: number }) {
  const { productId, variantId } = input;
  return writing(ctx, undefined, async (tx) => {
    const { packs } = await lockPacks(tx, productId);
    const pack = packOf(packs, productId, variantId);
    if (pack.active && !packs.some((p) => p.active && p.variantId !== variantId)) throw lastActive(productId);
    if (await wasOrdered(tx, variantId)) {
      const kept = await tx.productVariant.update({ where: { variantId }, data: { active: false }, select: variantSelect });
      await tx.cartItem.deleteMany({ where: { variantId } });
      await syncProductFromVariants(tx, productId);
      return {
        success: true,
        message: "The pack is on past orders, so it was deactivated rather than deleted.",
        deleted: false,
        variant: toVariantOutput(kept),
      };
    }
    // its cart lines go with it (ON DELETE CASCADE)
    await tx.productVariant.delete({ where: { variantId } });
    await syncProductFromVariants(tx, productId);
    return { success: true, message: "Pack deleted.", deleted: true, variant: null };
  });
}
