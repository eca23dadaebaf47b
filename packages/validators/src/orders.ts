import { z } from "zod";
import { id } from "./common.ts";
import { MANUAL_PAYMENT_STATUSES, ORDER_STATUSES, RETURN_DECISIONS, RETURN_REASONS } from "@store/domain";

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: `Order status must be one of: ${ORDER_STATUSES.join(", ")}` });
/** What an admin may set by hand (cash received); the other payment statuses follow from payments and refunds. */
export const paymentStatusSchema = z.enum(MANUAL_PAYMENT_STATUSES, { error: "Payment status must be Pending or Paid" });
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: `Reason must be one of: ${RETURN_REASONS.join(", ")}` });
export const returnDecisionSchema = z.enum(RETURN_DECISIONS, { error: "Return status must be Approved, Rejected or Refunded" });

/** Idempotency-Key of an order-placing call (also accepted as the HTTP header of that name). */
export const idempotencyKey = z
  .string()
  .trim()
  .min(1)
  .max(255, "An Idempotency-Key is at most 255 characters")
  .describe("the same key from the same customer within 24 h returns the first answer and creates nothing (or the Idempotency-Key header)");

/**
 * A coupon code as a shopper types it at the cart or the checkout (issue 26): any case, trimmed, stored
 * codes are upper-case. "" = no coupon. A code that does not exist is 404 COUPON_NOT_FOUND, not a format error.
 */
export const shopperCouponCode = z.string().trim().toUpperCase().max(20, "A coupon code is at most 20 characters");

/**
 * The pack (variant) a cart line or a one-product order is for (issue 25). Required by the use case when
 * the product has more than one active pack ("Choose a pack size"); with one it may be left out.
 */
export const chosenVariantId = id("Pack size")
  .optional()
  .describe("the pack size (variantId) of the product: required when the product has more than one active pack");
