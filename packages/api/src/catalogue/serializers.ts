import type { Prisma } from "@store/db";
import { ratingAverage, toRupees } from "@store/domain";
import { z } from "zod";
import { productImageUrl } from "./images.ts";
import { deliveryOutput } from "../platform/serialize-common.ts";
import { toVariantOutput, variantOutput, type VariantRow } from "./variant-serializers.ts";

export const productSelect = {
  productId: true,
  productName: true,
  productPrice: true,
  mainPrice: true,
  offer: true,
  packSize: true,
  productInfo: true,
  category: true,
  deliveryCharge: true,
  quantity: true,
  productImgName: true,
  imageHash: true,
  hsnCode: true,
  gstRate: true,
  countryOfOrigin: true,
  manufacturer: true,
  priceFrom: true,
  variantCount: true,
  defaultVariantId: true,
  ratingCount: true,
  ratingSum: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ProductSelect;
export type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

export const productOutput = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("rupees"),
  mainPrice: z.number().describe("rupees"),
  offer: z.string(),
  packSize: z.string(),
  productInfo: z.string(),
  category: z.string(),
  deliveryCharge: deliveryOutput.describe("rupees, or 'Free'"),
  quantity: z.number().int().describe("units in stock"),
  inStock: z.boolean(),
  productImgName: z.string().nullable(),
  productImg: z.string().nullable().describe("URL of the 396x396 image"),
  productImgSmall: z.string().nullable().describe("URL of the 150x150 image"),
  productImgThumb: z.string().nullable().describe("URL of the 100x100 image"),
  hsnCode: z.string().describe("HSN code (4-8 digits) on the GST invoice"),
  gstRate: z.number().int().describe("GST rate in per cent, included in the price"),
  countryOfOrigin: z.string().nullable().describe("null: the store's default (GET /store-facts)"),
  manufacturer: z.string().nullable().describe("null: the store's default (GET /store-facts)"),
  priceFrom: z.number().describe('rupees: the lowest price of the product\'s active packs ("from ₹39")'),
  variantCount: z.number().int().describe("how many active packs the product has"),
  defaultVariantId: z
    .number()
    .int()
    .nullable()
    .describe("the pack the product opens on: the first active one in stock (by position), else the first active one"),
  ratingAverage: z.number().nullable().describe("the Published reviews' average stars, 1 decimal; null without any (issue 31)"),
  ratingCount: z.number().int().describe("how many Published reviews the product has"),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ProductOutput = z.infer<typeof productOutput>;

export function toProductOutput(p: ProductRow): ProductOutput {
  return {
    productId: p.productId,
    productName: p.productName,
    productPrice: toRupees(p.productPrice),
    mainPrice: toRupees(p.mainPrice),
    offer: p.offer,
    packSize: p.packSize,
    productInfo: p.productInfo,
    category: p.category,
    deliveryCharge: p.deliveryCharge === null ? "Free" : toRupees(p.deliveryCharge),
    quantity: p.quantity,
    inStock: p.quantity > 0,
    productImgName: p.productImgName,
    productImg: productImageUrl(p.productId, p.imageHash, 396),
    productImgSmall: productImageUrl(p.productId, p.imageHash, 150),
    productImgThumb: productImageUrl(p.productId, p.imageHash, 100),
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    countryOfOrigin: p.countryOfOrigin,
    manufacturer: p.manufacturer,
    priceFrom: toRupees(p.priceFrom),
    variantCount: p.variantCount,
    defaultVariantId: p.defaultVariantId,
    ratingAverage: ratingAverage(p.ratingCount, p.ratingSum),
    ratingCount: p.ratingCount,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/**
 * One product with its packs (GET /products/details/{productId}, the admin's product page): every
 * field of the list's answer, productPrice/mainPrice/packSize/quantity being the default pack's, and
 * `variants` in display order (only the active ones for a guest or a customer).
 */
export const productDetailsOutput = productOutput.extend({
  variants: z.array(variantOutput).describe("the packs in display order: only the active ones, except for the admin"),
});
export type ProductDetailsOutput = z.infer<typeof productDetailsOutput>;

export function toProductDetailsOutput(p: ProductRow, variants: VariantRow[]): ProductDetailsOutput {
  return { ...toProductOutput(p), variants: variants.map(toVariantOutput) };
}
