import type { Prisma } from "@store/db";
import { lineTotalPaise, packUnitPrice, toRupees } from "@store/domain";
import { z } from "zod";
import { productImageUrl } from "../catalogue/images.ts";
import { unitPriceOutput } from "../catalogue/variant-serializers.ts";
import { deliveryOutput } from "../platform/serialize-common.ts";

export const cartSelect = {
  addToCartId: true,
  customerId: true,
  productId: true,
  variantId: true,
  quantity: true,
  addToCartDateTime: true,
  product: { select: { productName: true, deliveryCharge: true, imageHash: true, variantCount: true } },
  // the line's pack (issue 25): its price, size and stock, not the product's mirror of its default pack
  variant: { select: { sku: true, label: true, price: true, mrp: true, stock: true, netQuantity: true, netUnit: true } },
} satisfies Prisma.CartItemSelect;
export type CartRow = Prisma.CartItemGetPayload<{ select: typeof cartSelect }>;

export const cartOutput = z.object({
  addToCartId: z.number().int(),
  productOrderId: z.string().describe("cart line reference; the order reference is made at checkout"),
  productId: z.number().int(),
  customerId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("current price of the line's pack in rupees"),
  quantity: z.number().int(),
  deliveryCharge: deliveryOutput,
  lineTotal: z.number().describe("rupees: price x quantity + delivery charge"),
  packSize: z.string().describe("the line's pack size (= label)"),
  inStock: z.number().int().describe("units of the line's pack left"),
  variantId: z.number().int().describe("the pack in the cart (issue 25)"),
  sku: z.string(),
  label: z.string().describe("the pack's size, e.g. 500 ml"),
  price: z.number().describe("rupees: the pack's price now (= productPrice)"),
  mrp: z.number().describe("rupees: the pack's MRP, inclusive of taxes"),
  unitSalePrice: unitPriceOutput.describe("the pack's MRP per ml/litre/g/kg/piece, from its net quantity; null when that is not known"),
  productImg: z.string().nullable(),
  addToCartDateTime: z.date(),
});

export function toCartOutput(c: CartRow): z.infer<typeof cartOutput> {
  const pack = c.variant;
  const netQuantity = pack.netQuantity === null ? null : Number(pack.netQuantity);
  return {
    addToCartId: c.addToCartId,
    productOrderId: `CART-${String(c.addToCartId).padStart(6, "0")}`,
    productId: c.productId,
    customerId: c.customerId,
    productName: c.product.productName,
    productPrice: toRupees(pack.price),
    quantity: c.quantity,
    deliveryCharge: c.product.deliveryCharge === null ? "Free" : toRupees(c.product.deliveryCharge),
    lineTotal: toRupees(lineTotalPaise(pack.price, c.quantity, c.product.deliveryCharge)),
    packSize: pack.label,
    inStock: pack.stock,
    variantId: c.variantId,
    sku: pack.sku,
    label: pack.label,
    price: toRupees(pack.price),
    mrp: toRupees(pack.mrp),
    unitSalePrice: packUnitPrice(pack.mrp, netQuantity, pack.netUnit),
    productImg: productImageUrl(c.productId, c.product.imageHash, 150),
    addToCartDateTime: c.addToCartDateTime,
  };
}
