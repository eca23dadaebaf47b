// What a box is worth and weighs, and the booking a courier adapter gets for it (port.ts
// CourierBooking), read from the order, its lines and the packs. Used for every shipment: a manual
// one keeps the COD amount and weight too, an adapter also gets the whole booking.
import type { OrderModel, Prisma, ProductOrderModel } from "@store/db";
import type { CourierBooking } from "./couriers/port.ts";

type Tx = Prisma.TransactionClient;

/** grams: a box never weighs less than this (a courier's minimum slab) */
export const MIN_WEIGHT_GRAMS = 100;
/** cm: the box when the owner gives no size */
export const DEFAULT_BOX = { lengthCm: 20, breadthCm: 15, heightCm: 10 } as const;
/** the courier account's pickup address (Shiprocket's first pickup location is named "Primary") */
export const DEFAULT_PICKUP_LOCATION = "Primary";

type Line = Pick<
  ProductOrderModel,
  "orderId" | "productName" | "label" | "sku" | "quantity" | "productPrice" | "orderTotalPrice" | "discount" | "hsnCode" | "gstRate" | "variantId"
>;
type Header = Pick<
  OrderModel,
  "productOrderId" | "createdAt" | "customerId" | "customerName" | "shippingAddress" | "pinCode" | "state" | "paymentMethod" | "paymentStatus" | "codFee"
>;

/** paise: the box's invoice value, what the buyer pays for these lines (delivery included, coupon share off) */
export const invoiceValuePaise = (lines: readonly Line[]): number => lines.reduce((sum, l) => sum + l.orderTotalPrice - l.discount, 0);

/**
 * paise the courier collects at the door: a cash-on-delivery order not yet paid owes these lines'
 * value, and the order's COD fee travels with its first box; anything else collects nothing.
 */
export function codAmountPaise(order: Header, lines: readonly Line[], firstBox: boolean): number {
  if (order.paymentMethod !== "COD" || order.paymentStatus === "Paid") return 0;
  return invoiceValuePaise(lines) + (firstBox ? order.codFee : 0);
}

/** grams: the packs' weights × quantities (a pack deleted since weighs nothing), at least MIN_WEIGHT_GRAMS */
export async function packedWeightGrams(tx: Tx, lines: readonly Line[]): Promise<number> {
  const packs = await tx.productVariant.findMany({
    where: { variantId: { in: [...new Set(lines.map((l) => l.variantId))] } },
    select: { variantId: true, weightGrams: true },
  });
  const weightOf = new Map(packs.map((p) => [p.variantId, p.weightGrams]));
  const total = lines.reduce((sum, l) => sum + (weightOf.get(l.variantId) ?? 0) * l.quantity, 0);
  return Math.max(MIN_WEIGHT_GRAMS, total);
}

/**
 * The city of an order's address. The order keeps the address as one line,
 * "house, area, city, state pincode" (order-placement.ts): the city is the part before the last;
 * an address not in that shape falls back to the PIN-code directory's city, then the state.
 */
async function cityOf(tx: Tx, order: Header): Promise<string> {
  const parts = order.shippingAddress
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 3) return parts[parts.length - 2]!;
  const place = await tx.pincode.findUnique({ where: { pincode: order.pinCode }, select: { city: true } });
  return place?.city ?? order.state;
}

export interface BookingFacts {
  order: Header;
  lines: readonly Line[];
  /** this box's number among the order's shipments (1 for the first), for a reference the courier has never seen */
  boxNumber: number;
  codAmountPaise: number;
  weightGrams: number;
  size: { lengthCm: number; breadthCm: number; heightCm: number };
  ewayBillNumber?: string | undefined;
}

export async function buildCourierBooking(tx: Tx, facts: BookingFacts): Promise<CourierBooking> {
  const { order, lines } = facts;
  // the phone and email the courier calls and writes to: the customer's (an order keeps no copy)
  const customer = await tx.customer.findUnique({ where: { customerId: order.customerId }, select: { number: true, email: true } });
  return {
    reference: `${order.productOrderId}-${facts.boxNumber}`,
    productOrderId: order.productOrderId,
    orderDate: order.createdAt,
    pickupLocation: DEFAULT_PICKUP_LOCATION,
    customer: {
      name: order.customerName,
      phone: customer?.number ?? "",
      email: customer?.email ?? "",
      address: order.shippingAddress,
      city: await cityOf(tx, order),
      state: order.state,
      pincode: order.pinCode,
    },
    items: lines.map((l) => ({
      name: l.label ? `${l.productName} (${l.label})` : l.productName,
      sku: l.sku,
      units: l.quantity,
      sellingPricePaise: l.productPrice,
      hsnCode: l.hsnCode,
      gstRate: l.gstRate,
    })),
    paymentMethod: facts.codAmountPaise > 0 ? "COD" : "Prepaid",
    codAmountPaise: facts.codAmountPaise,
    subTotalPaise: invoiceValuePaise(lines),
    weightGrams: facts.weightGrams,
    ...facts.size,
    ...(facts.ewayBillNumber ? { ewayBillNumber: facts.ewayBillNumber } : {}),
  };
}
