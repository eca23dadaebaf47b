// Pricing a cart with a coupon (issue 26, contracts/offers.md): the coupon looked up, the shopper's
// history with it counted, and the lines priced by @store/domain quoteCart. The cart quote, the apply
// call and the checkout (orders/order-placement.ts) all come here, so what is shown is what is charged.
import type { CouponModel, Prisma } from "@store/db";
import {
  quoteCart,
  stateCodeOf,
  toPaise,
  type CartQuote,
  type CouponHistory,
  type CouponRefusal,
  type PaymentMethod,
  type PricedLineInput,
} from "@store/domain";
import type { Settings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";
import { couponTermsOf } from "./coupon-serializers.ts";

type Tx = Prisma.TransactionClient;

/** Codes are stored upper-case: this is the case-insensitive match. */
export const normalisedCode = (code: string): string => code.trim().toUpperCase();

export const refusalError = (refusal: CouponRefusal): StoreError => new StoreError(refusal.status, refusal.code, refusal.message);

export async function findCoupon(tx: Tx, code: string): Promise<CouponModel> {
  const coupon = await tx.coupon.findUnique({ where: { code: normalisedCode(code) } });
  if (!coupon) throw new StoreError(404, "COUPON_NOT_FOUND", `There is no coupon ${normalisedCode(code)}. Please check the code.`);
  return coupon;
}

/**
 * The customer has an order that is not wholly cancelled (`exceptOrder`: the one being placed). A guest
 * (customerId 0, issue 29) is known by its phone: any order placed with that phone counts.
 */
export async function hasLiveOrder(tx: Tx, customerId: number, exceptOrder?: string, phone?: string | null): Promise<boolean> {
  const whose: Prisma.ProductOrderWhereInput = customerId > 0 ? { customerId } : { order: { phone: phone ?? "" } };
  const line = await tx.productOrder.findFirst({
    where: { ...whose, orderStatus: { not: "Cancelled" }, ...(exceptOrder ? { productOrderId: { not: exceptOrder } } : {}) },
    select: { orderId: true },
  });
  return line !== null;
}

/** The customer's uses of the coupon that were not given back; a guest's (customerId 0) are every use with its phone. */
export const customerUses = (tx: Tx, couponId: number, customerId: number, phone?: string | null): Promise<number> =>
  tx.couponUse.count({ where: { couponId, releasedAt: null, ...(customerId > 0 ? { customerId } : { phone: phone ?? "" }) } });

async function historyOf(tx: Tx, couponId: number, customerId: number, exceptOrder?: string, phone?: string | null): Promise<CouponHistory> {
  return { customerUses: await customerUses(tx, couponId, customerId, phone), hasOrders: await hasLiveOrder(tx, customerId, exceptOrder, phone) };
}

/** IGST when the buyer's state is not the seller's (the seller's from its GSTIN), as the invoice decides it. */
export function isInterState(settings: Pick<Settings, "sellerGstin">, customerState: string): boolean {
  const sellerState = settings.sellerGstin.slice(0, 2);
  return (stateCodeOf(customerState) ?? sellerState) !== sellerState;
}

/** The caller's cart as priced lines, in variantId order: the order a checkout writes them in, so the paise shared out agree. */
export async function cartLinesOf(tx: Tx, customerId: number): Promise<PricedLineInput[]> {
  const rows = await tx.cartItem.findMany({
    where: { customerId },
    orderBy: { variantId: "asc" },
    select: {
      addToCartId: true,
      productId: true,
      quantity: true,
      variant: { select: { price: true, gstRate: true } },
      product: { select: { category: true, deliveryCharge: true } },
    },
  });
  return rows.map((r) => ({
    key: r.addToCartId,
    productId: r.productId,
    category: r.product.category,
    amount: r.variant.price * r.quantity,
    gstRate: r.variant.gstRate,
    delivery: r.product.deliveryCharge,
  }));
}

export interface PricingInput {
  /** 0: a guest, counted by `phone` */
  customerId: number;
  /** the buyer's phone (issue 29): how a guest's history with a coupon is counted */
  phone?: string | null;
  customerState: string;
  lines: readonly PricedLineInput[];
  method: PaymentMethod;
  /** null or "": no coupon */
  code: string | null;
  settings: Settings;
  now: Date;
  /** the order being placed, which does not count as the customer's earlier order */
  exceptOrder?: string;
  /** paise: one delivery charge for the order (a shipping zone's fee, delivery/checkout-delivery.ts); null: each line's own */
  orderDelivery?: number | null;
}

/** quoteCart's input without the coupon and its history (the checkout's offers list prices several coupons on it). */
export function baseQuoteInput(input: Omit<PricingInput, "code" | "customerId" | "exceptOrder" | "phone">) {
  const { settings } = input;
  return {
    lines: input.lines,
    method: input.method,
    codFee: toPaise(settings.codFee),
    freeDeliveryAbove: settings.freeDeliveryAbove === null ? null : toPaise(settings.freeDeliveryAbove),
    interState: isInterState(settings, input.customerState),
    orderDelivery: input.orderDelivery ?? null,
    now: input.now,
  };
}

/** The lines priced with the coupon of `code`; a coupon that cannot be used is its refusal (a StoreError), never a smaller discount. */
export async function priceLines(tx: Tx, input: PricingInput): Promise<{ quote: CartQuote; coupon: CouponModel | null }> {
  return priceWithCoupon(tx, { ...input, coupon: input.code ? await findCoupon(tx, input.code) : null });
}

/** priceLines with the coupon already looked up. */
export async function priceWithCoupon(
  tx: Tx,
  input: Omit<PricingInput, "code"> & { coupon: CouponModel | null },
): Promise<{ quote: CartQuote; coupon: CouponModel | null }> {
  const { coupon } = input;
  const history = coupon ? await historyOf(tx, coupon.couponId, input.customerId, input.exceptOrder, input.phone) : { customerUses: 0, hasOrders: false };
  const result = quoteCart({ ...baseQuoteInput(input), coupon: coupon ? couponTermsOf(coupon) : null, history });
  if ("refusal" in result) throw refusalError(result.refusal);
  return { quote: result.quote, coupon };
}
