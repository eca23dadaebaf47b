// When an order's money has not come in although it is paid in advance (issue 24): such an order is
// not shipped (a move forward is 409 ORDER_UNPAID unless forced), is not counted among the orders to
// ship, and is what the order list's `payment=unpaid` tab shows (with Awaiting verification apart).
import type { Prisma } from "@store/db";

/** the methods paid before delivery; cash on delivery is paid at the door */
export const PREPAID_METHODS = ["UPI", "ONLINE"] as const;
/** no money yet: not paid, a UTR not yet checked, or a failed attempt */
export const NOT_PAID_STATUSES = ["Pending", "Awaiting verification", "Failed"] as const;

/** The order is paid in advance and its money has not come in. */
export function awaitsAdvancePayment(order: { paymentMethod: string; paymentStatus: string }): boolean {
  return (PREPAID_METHODS as readonly string[]).includes(order.paymentMethod) && (NOT_PAID_STATUSES as readonly string[]).includes(order.paymentStatus);
}

/** The same, as a filter of Order rows. */
export const awaitingAdvancePayment = {
  paymentMethod: { in: [...PREPAID_METHODS] },
  paymentStatus: { in: [...NOT_PAID_STATUSES] },
} satisfies Prisma.OrderWhereInput;

/** Orders that may be shipped as far as their payment goes: cash on delivery, or paid in advance. */
export const mayShip = { NOT: awaitingAdvancePayment } satisfies Prisma.OrderWhereInput;

/**
 * Orders to ship: their payment lets them go (mayShip) and a line is still at the first step (placed,
 * "Shipped" in the spec's words, not yet on its way). Today's work counts them; the order desk's
 * "To ship" tab lists them.
 */
export const toShip = { ...mayShip, lines: { some: { orderStatus: "Shipped" } } } satisfies Prisma.OrderWhereInput;
