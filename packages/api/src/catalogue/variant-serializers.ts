// A product's packs as the API answers them (issue 25, contracts/packs.md): money in rupees, the net
// quantity as a number, and the unit prices worked out on the server from the net quantity and unit
// (`unitSalePrice` on the MRP, `unitPrice` on the selling price). A pack's own photo is three URLs, or
// null where the pack shows the product's image.
import type { Prisma } from "@store/db";
import { packUnitPrice, toRupees } from "@store/domain";
import { z } from "zod";
import { variantImageUrl } from "./images.ts";

export const variantSelect = {
  variantId: true,
  productId: true,
  sku: true,
  label: true,
  netQuantity: true,
  netUnit: true,
  mrp: true,
  price: true,
  stock: true,
  hsnCode: true,
  gstRate: true,
  weightGrams: true,
  active: true,
  position: true,
  imageHash: true,
} satisfies Prisma.ProductVariantSelect;
export type VariantRow = Prisma.ProductVariantGetPayload<{ select: typeof variantSelect }>;

/** the display order of a product's packs */
export const variantOrder = [{ position: "asc" }, { variantId: "asc" }] satisfies Prisma.ProductVariantOrderByWithRelationInput[];

export const unitPriceOutput = z
  .object({
    amount: z.number().describe("rupees, rounded to the paisa"),
    per: z.enum(["ml", "litre", "g", "kg", "piece"]),
    text: z.string().describe('e.g. "₹0.24 per ml"'),
  })
  .nullable()
  .describe("null while the pack has no net quantity");

export const variantOutput = z.object({
  variantId: z.number().int(),
  sku: z.string(),
  label: z.string().describe('e.g. "500 ml"'),
  netQuantity: z.number().nullable().describe("null only for a migrated pack whose size could not be read (GET /products/page?needs=netQuantity)"),
  netUnit: z.enum(["ml", "l", "g", "kg", "piece"]).nullable(),
  mrp: z.number().describe("rupees, the declared retail sale price, inclusive of taxes"),
  price: z.number().describe("rupees, at most the MRP"),
  stock: z.number().int(),
  inStock: z.boolean(),
  hsnCode: z.string(),
  gstRate: z.number().int().describe("per cent"),
  weightGrams: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
  unitSalePrice: unitPriceOutput.describe("on the MRP; null while the pack has no net quantity"),
  unitPrice: unitPriceOutput.describe("on the price; null while the pack has no net quantity"),
  image: z.string().nullable().describe("URL of the pack's own 396x396 photo; null = the product's image (productImg)"),
  imageSmall: z.string().nullable().describe("URL of the pack's own 150x150 photo; null = the product's"),
  imageThumb: z.string().nullable().describe("URL of the pack's own 100x100 photo; null = the product's"),
});
export type VariantOutput = z.infer<typeof variantOutput>;

export function toVariantOutput(v: VariantRow): VariantOutput {
  const netQuantity = v.netQuantity === null ? null : Number(v.netQuantity);
  return {
    variantId: v.variantId,
    sku: v.sku,
    label: v.label,
    netQuantity,
    netUnit: v.netUnit as VariantOutput["netUnit"],
    mrp: toRupees(v.mrp),
    price: toRupees(v.price),
    stock: v.stock,
    inStock: v.stock > 0,
    hsnCode: v.hsnCode,
    gstRate: v.gstRate,
    weightGrams: v.weightGrams,
    active: v.active,
    position: v.position,
    unitSalePrice: packUnitPrice(v.mrp, netQuantity, v.netUnit),
    unitPrice: packUnitPrice(v.price, netQuantity, v.netUnit),
    image: variantImageUrl(v.variantId, v.imageHash, 396),
    imageSmall: variantImageUrl(v.variantId, v.imageHash, 150),
    imageThumb: variantImageUrl(v.variantId, v.imageHash, 100),
  };
}
