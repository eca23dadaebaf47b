import type { Prisma } from "@store/db";
import { canRequestReturn, toRupees, trackerFlags } from "@store/domain";
import { FULFILMENTS, type Fulfilment } from "@store/validators";
import { z } from "zod";
import { productImageUrl } from "../catalogue/images.ts";

export const orderSelect = {
  orderId: true,
  productOrderId: true,
  customerId: true,
  customerName: true,
  shippingAddress: true,
  productId: true,
  productName: true,
  productPrice: true,
  variantId: true,
  sku: true,
  label: true,
  netQuantity: true,
  netUnit: true,
  mrp: true,
  hsnCode: true,
  gstRate: true,
  deliveryCharge: true,
  orderTotalPrice: true,
  discount: true,
  quantity: true,
  paymentStatus: true,
  returnStatus: true,
  returnReason: true,
  returnRequestedAt: true,
  orderStatus: true,
  deliveryDate: true,
  startDate: true,
  endDate: true,
  orderAddDateTime: true,
  updatedAt: true,
  shipmentId: true,
  product: { select: { imageHash: true } },
} satisfies Prisma.ProductOrderSelect;
export type OrderRow = Prisma.ProductOrderGetPayload<{ select: typeof orderSelect }>;

export const orderOutput = z.object({
  orderId: z.number().int(),
  productOrderId: z.string().describe("order reference shared by the lines of one checkout"),
  customerId: z.number().int(),
  customerName: z.string(),
  shippingAddress: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("rupees per unit at order time"),
  deliveryCharge: z.number().describe("rupees"),
  orderTotalPrice: z.number().describe("rupees: price x quantity + delivery charge (before the coupon discount)"),
  discount: z
    .number()
    .describe("rupees: this line's share of the order's coupon discount (0 without a coupon); it pays and is refunded orderTotalPrice - discount"),
  quantity: z.number().int(),
  packSize: z.string().describe("the line's pack size (its label at order time)"),
  variantId: z.number().int().describe("the pack ordered (issue 25)"),
  sku: z.string().describe("the pack's SKU at order time"),
  label: z.string().describe("the pack's size at order time, e.g. 500 ml"),
  netQuantity: z.number().nullable().describe("the pack's net quantity at order time (null: not known for a migrated pack)"),
  netUnit: z.string().nullable().describe("ml | l | g | kg | piece"),
  mrp: z.number().describe("rupees: the pack's MRP at order time"),
  price: z.number().describe("rupees per unit at order time (= productPrice)"),
  hsnCode: z.string().describe("the pack's HSN code at order time (its invoice line's)"),
  gstRate: z.number().int().describe("the pack's GST rate % at order time (its invoice line's)"),
  paymentStatus: z.string(),
  returnStatus: z.string(),
  returnReason: z.string().nullable(),
  returnRequestedAt: z.date().nullable(),
  orderStatus: z.string().describe("the spec's word: a new line starts at Shipped whether or not it was sent; fulfilment says what happened"),
  fulfilment: z
    .enum(FULFILMENTS)
    .describe("Awaiting shipment until the line is packed in a shipment (the packing queue), then In shipment with its shipmentId (issue 28)"),
  shipmentId: z.number().int().nullable().describe("the shipment (box) the line went out in; null while it awaits shipment"),
  deliveryDate: z.date().describe("expected delivery: order date + 3 days"),
  startDate: z.date(),
  endDate: z.date().nullable().describe("when it was delivered or cancelled"),
  orderAddDateTime: z.date(),
  ProductOrderDate: z.date(),
  confirmOrder: z.boolean(),
  onTheWay: z.boolean(),
  pickUp: z.boolean(),
  canRequestReturn: z.boolean(),
  productImg: z.string().nullable().describe("URL of the 150x150 image"),
  updatedAt: z.date(),
});
export type OrderOutput = z.infer<typeof orderOutput>;

/**
 * A line's fulfilment from its shipment. `undefined` too: a line just placed comes back from a raw
 * INSERT (order-placement.ts) that does not read the column, and a new line is never in a shipment.
 */
export const fulfilmentOf = (shipmentId: number | null | undefined): { fulfilment: Fulfilment; shipmentId: number | null } =>
  shipmentId == null ? { fulfilment: "Awaiting shipment", shipmentId: null } : { fulfilment: "In shipment", shipmentId };

export function toOrderOutput(o: OrderRow): OrderOutput {
  return {
    orderId: o.orderId,
    productOrderId: o.productOrderId,
    customerId: o.customerId,
    customerName: o.customerName,
    shippingAddress: o.shippingAddress,
    productId: o.productId,
    productName: o.productName,
    productPrice: toRupees(o.productPrice),
    deliveryCharge: toRupees(o.deliveryCharge),
    orderTotalPrice: toRupees(o.orderTotalPrice),
    discount: toRupees(o.discount),
    quantity: o.quantity,
    packSize: o.label,
    variantId: o.variantId,
    sku: o.sku,
    label: o.label,
    netQuantity: o.netQuantity === null ? null : Number(o.netQuantity),
    netUnit: o.netUnit,
    mrp: toRupees(o.mrp),
    price: toRupees(o.productPrice),
    hsnCode: o.hsnCode,
    gstRate: o.gstRate,
    paymentStatus: o.paymentStatus,
    returnStatus: o.returnStatus,
    returnReason: o.returnReason,
    returnRequestedAt: o.returnRequestedAt,
    orderStatus: o.orderStatus,
    ...fulfilmentOf(o.shipmentId),
    deliveryDate: o.deliveryDate,
    startDate: o.startDate,
    endDate: o.endDate,
    orderAddDateTime: o.orderAddDateTime,
    ProductOrderDate: o.orderAddDateTime,
    ...trackerFlags(o.orderStatus),
    canRequestReturn: canRequestReturn(o),
    productImg: productImageUrl(o.productId, o.product.imageHash, 150),
    updatedAt: o.updatedAt,
  };
}

/** An order line with the product details the spec's `orderProducts` answer nests. */
export const orderWithProductsOutput = orderOutput.extend({
  products: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      packSize: z.string(),
      variantId: z.number().int(),
      sku: z.string(),
      label: z.string(),
      productImg: z.string().nullable(),
    }),
  ),
  payBefore: z
    .date()
    .nullable()
    .describe("an unpaid UPI order (every line of it): pay by this time or the order is cancelled; null when there is nothing to pay now"),
});

/** `payBefore`: the deadline of the line's order (pay-before.ts), the same on each of its lines. */
export function toOrderWithProducts(row: OrderRow, payBefore: Date | null): z.infer<typeof orderWithProductsOutput> {
  const o = toOrderOutput(row);
  const products = [
    { productId: o.productId, productName: o.productName, packSize: o.packSize, variantId: o.variantId, sku: o.sku, label: o.label, productImg: o.productImg },
  ];
  return { ...o, products, payBefore };
}
