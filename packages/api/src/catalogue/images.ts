import { createHash } from "node:crypto";
import type sharpModule from "sharp";
import type { Db, Prisma } from "@store/db";
import { StoreError } from "../platform/errors.ts";

/** Spec §9: 396 px on cards and the product page, 150 px thumbnails and previews, 100 px in the admin list. */
export const IMAGE_SIZES = [396, 150, 100] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

// libvips is loaded on the first image an admin uploads (or the seed renders), not at start:
// most server processes never resize an image, and loading it costs ~10 MB resident (docs/decisions.md, issue 7).
let loaded: Promise<typeof sharpModule> | undefined;
function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(",");
  return Buffer.from(dataUrl.slice(comma + 1), "base64");
}

/** Decodes the upload (rejecting anything that is not an image) and makes the three WebP sizes. */
export async function renderProductImages(input: Buffer): Promise<{ hash: string; images: Map<ImageSize, Buffer> }> {
  const sharp = await loadSharp();
  let meta: sharpModule.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: 40_000_000, failOn: "error" }).metadata();
  } catch {
    throw new StoreError(400, "BAD_REQUEST", "Image must be an image file (JPEG, PNG, WebP, GIF or SVG) that can be opened.");
  }
  if (!meta.width || !meta.height) {
    throw new StoreError(400, "BAD_REQUEST", "Image must be an image file (JPEG, PNG, WebP, GIF or SVG) that can be opened.");
  }
  const images = new Map<ImageSize, Buffer>();
  try {
    for (const size of IMAGE_SIZES) {
      const out = await sharp(input, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(size, size, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .flatten({ background: "#ffffff" })
        .webp({ quality: 80 })
        .toBuffer();
      images.set(size, out);
    }
  } catch {
    throw new StoreError(400, "BAD_REQUEST", "Image must be an image file (JPEG, PNG, WebP, GIF or SVG) that can be opened.");
  }
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 12);
  return { hash, images };
}

export type RenderedImage = Awaited<ReturnType<typeof renderProductImages>>;

/** One row a size, as ProductImage and ProductVariantImage store them (base64 WebP). */
const imageRows = (rendered: RenderedImage) => [...rendered.images].map(([size, data]) => ({ size, data: data.toString("base64"), hash: rendered.hash }));

export async function saveProductImages(db: Db, productId: number, rendered: RenderedImage) {
  await db.$transaction([
    db.productImage.deleteMany({ where: { productId } }),
    db.productImage.createMany({ data: imageRows(rendered).map((row) => ({ productId, ...row })) }),
    db.product.update({ where: { productId }, data: { imageHash: rendered.hash } }),
  ]);
}

/**
 * A pack's own photo (issue 25) replaced, or removed with null, inside the transaction that writes the
 * pack; the caller sets ProductVariant.imageHash to the new hash (or null) in that same write.
 */
export async function replaceVariantImages(tx: Prisma.TransactionClient, variantId: number, rendered: RenderedImage | null) {
  await tx.productVariantImage.deleteMany({ where: { variantId } });
  if (rendered) await tx.productVariantImage.createMany({ data: imageRows(rendered).map((row) => ({ variantId, ...row })) });
}

/** What an image URL names: a product's image or a pack's own photo. */
export type ImageOwner = "products" | "variants";

/** The URL changes whenever the image does, so it can be cached for a year. */
export function imageUrl(owner: ImageOwner, id: number, hash: string | null, size: ImageSize): string | null {
  return hash ? `/images/${owner}/${id}/${size}/${hash}.webp` : null;
}
export const productImageUrl = (productId: number, hash: string | null, size: ImageSize) => imageUrl("products", productId, hash, size);
export const variantImageUrl = (variantId: number, hash: string | null, size: ImageSize) => imageUrl("variants", variantId, hash, size);
