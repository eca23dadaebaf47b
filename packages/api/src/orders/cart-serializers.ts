import type { Prisma } from "@store/db";
import { lineTotalPaise, toRupees } from "@store/domain";
import { z } from "zod";
import { productImageUrl } from "../catalogue/images.ts";
import { deliveryOutput } from "../platform/serialize-common.ts";

export const cartSelect = {
  addToCartId: true,
  customerId: true,
  productId: true,
  quantity: true,
  addToCartDateTime: true,
  product: { select: { productName: true, productPrice: true, deliveryCharge: true, packSize: true, imageHash: true, quantity: true } },
} satisfies Prisma.CartItemSelect;
export type CartRow = Prisma.CartItemGetPayload<{ select: typeof cartSelect }>;

export const cartOutput = z.object({
  addToCartId: z.number().int(),
  productOrderId: z.string().describe("cart line reference; the order reference is made at checkout"),
  productId: z.number().int(),
  customerId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("current price in rupees"),
  quantity: z.number().int(),
  deliveryCharge: deliveryOutput,
  lineTotal: z.number().describe("rupees: price x quantity + delivery charge"),
  packSize: z.string(),
  inStock: z.number().int().describe("units left"),
  productImg: z.string().nullable(),
  addToCartDateTime: z.date(),
});

export function toCartOutput(c: CartRow): z.infer<typeof cartOutput> {
  return {
    addToCartId: c.addToCartId,
    productOrderId: `CART-${String(c.addToCartId).padStart(6, "0")}`,
    productId: c.productId,
    customerId: c.customerId,
    productName: c.product.productName,
    productPrice: toRupees(c.product.productPrice),
    quantity: c.quantity,
    deliveryCharge: c.product.deliveryCharge === null ? "Free" : toRupees(c.product.deliveryCharge),
    lineTotal: toRupees(lineTotalPaise(c.product.productPrice, c.quantity, c.product.deliveryCharge)),
    packSize: c.product.packSize,
    inStock: c.product.quantity,
    productImg: productImageUrl(c.productId, c.product.imageHash, 150),
    addToCartDateTime: c.addToCartDateTime,
  };
}
