import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES, RETURN_REASONS } from "./constants.ts";

export { DELIVERY_DAYS, ORDER_STATUSES, PAYMENT_STATUSES, RETURN_REASONS, RETURN_STATUSES, RETURN_WINDOW_DAYS, type OrderStatus } from "./constants.ts";

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: `Order status must be one of: ${ORDER_STATUSES.join(", ")}` });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: "Payment status must be Pending or Paid" });
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: `Reason must be one of: ${RETURN_REASONS.join(", ")}` });
export const returnDecisionSchema = z.enum(["Approved", "Rejected", "Refunded"], { error: "Return status must be Approved, Rejected or Refunded" });
