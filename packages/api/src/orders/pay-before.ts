// Until when a shopper can still pay an unpaid UPI order (issue 23: "Pay now" with its time left).
// The deadline itself is set once, when the order is placed (order-placement.ts: placed +
// Settings.upiExpiryHours, kept as Order.expiresAt); this says when it still applies.

export interface PayableHeader {
  paymentMethod: string;
  paymentStatus: string;
  expiresAt: Date | null;
}

/**
 * The order's deadline while it waits for a UPI payment: paid by UPI, still Pending (not yet paid,
 * no UTR sent, not expired) and not every line cancelled; otherwise null (nothing to pay now).
 */
export function payBefore(order: PayableHeader, lineStatuses: readonly string[]): Date | null {
  if (order.paymentMethod !== "UPI" || order.paymentStatus !== "Pending") return null;
  if (lineStatuses.length > 0 && lineStatuses.every((s) => s === "Cancelled")) return null;
  return order.expiresAt;
}
