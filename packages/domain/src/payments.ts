// What an order costs and how it may be paid: the rules the checkout screen shows and the server
// enforces. Amounts in paise.
import { formatRupees } from "./money.ts";
import { isPaymentMethod, type PaymentMethod, type PaymentStatus } from "./statuses.ts";

export interface OrderTotals {
  itemsTotal: number;
  deliveryTotal: number;
  codFee: number;
  grandTotal: number;
}

/** Items and delivery of every line, plus the cash-on-delivery fee when paying cash. */
export function orderTotals(lines: readonly { pricePaise: number; quantity: number; deliveryPaise: number | null }[], codFeePaise: number): OrderTotals {
  const itemsTotal = lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const deliveryTotal = lines.reduce((sum, l) => sum + (l.deliveryPaise ?? 0), 0);
  return { itemsTotal, deliveryTotal, codFee: codFeePaise, grandTotal: itemsTotal + deliveryTotal + codFeePaise };
}

export interface CodRules {
  codEnabled: boolean;
  /** paise; null = no cap */
  codMaxOrderValuePaise: number | null;
  codBlockedPinCodes: readonly string[];
}

/** Why cash on delivery cannot be used for this order, or undefined when it can. */
export function whyNoCod(rules: CodRules, order: { grandTotalPaise: number; pinCode: string }): string | undefined {
  if (!rules.codEnabled) return "Cash on delivery is not available. Please pay by UPI or online.";
  if (rules.codBlockedPinCodes.includes(order.pinCode)) {
    return `Cash on delivery is not available for pin code ${order.pinCode}. Please pay by UPI or online.`;
  }
  if (rules.codMaxOrderValuePaise !== null && order.grandTotalPaise > rules.codMaxOrderValuePaise) {
    return `Please pay online for orders above ${formatRupees(rules.codMaxOrderValuePaise)}: cash on delivery is available up to that amount.`;
  }
  return undefined;
}

/** After refunds totalling `refundedPaise` of an order of `grandTotalPaise`. */
export const statusAfterRefund = (grandTotalPaise: number, refundedPaise: number): PaymentStatus =>
  refundedPaise >= grandTotalPaise ? "Refunded" : "Partially refunded";

/** Money was taken for the order, so cancelling or returning a line gives some back. */
export const isPaidStatus = (status: string): boolean => status === "Paid" || status === "Partially refunded";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  COD: "Cash on delivery",
  UPI: "UPI (scan a QR code or open your UPI app)",
  ONLINE: "Card, UPI or net banking (Razorpay)",
};

/** A stored method word as the shopper reads it ("COD" → "Cash on delivery"); an unknown word as it is. */
export const paymentMethodLabel = (method: string): string => (isPaymentMethod(method) ? PAYMENT_METHOD_LABELS[method] : method);
