import { z } from "zod";

export const ORDER_STATUSES = ["Shipped", "On the way", "Ready for pickup", "Completed", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["Pending", "Paid"] as const;
export const RETURN_STATUSES = ["Pending", "Requested", "Approved", "Rejected", "Refunded"] as const;
/** Refund policy (spec §9): the reasons a return may be asked for. */
export const RETURN_REASONS = ["Damaged product", "Incomplete product", "Expired product", "Wrong product"] as const;
/** Refund policy (spec §9): a return can be asked for within 7 days of delivery. */
export const RETURN_WINDOW_DAYS = 7;
/** Spec §9: expected delivery date = order date + 3 days. */
export const DELIVERY_DAYS = 3;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: `Order status must be one of: ${ORDER_STATUSES.join(", ")}` });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: "Payment status must be Pending or Paid" });
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: `Reason must be one of: ${RETURN_REASONS.join(", ")}` });
export const returnDecisionSchema = z.enum(["Approved", "Rejected", "Refunded"], { error: "Return status must be Approved, Rejected or Refunded" });
