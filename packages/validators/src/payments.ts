import { z } from "zod";
import { PAYMENT_METHODS, UPI_VPA_PATTERN, UTR_PATTERN } from "@store/domain";
import { optionalText, requiredText } from "./common.ts";

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}` });

/** Where a UPI payment's money goes: the merchant's VPA, e.g. cleanstore@okicici; "" turns UPI off. */
export const upiVpaSchema = z
  .string()
  .trim()
  .max(100, "The UPI ID must be at most 100 characters")
  .refine((v) => v === "" || UPI_VPA_PATTERN.test(v), "Enter the UPI ID as handle@bank, e.g. cleanstore@okicici (or leave it empty to turn UPI off)");

/** The 12-digit bank reference (UTR) a UPI app shows after paying. */
export const utrSchema = z
  .string({ error: "Enter the 12-digit UTR (UPI reference number)" })
  .trim()
  .refine((v) => UTR_PATTERN.test(v), "The UTR is the 12-digit reference number your UPI app shows after paying");

export const productOrderIdSchema = z
  .string({ error: "Order reference is required" })
  .trim()
  .min(1, "Order reference is required")
  .max(40, "Order reference is at most 40 characters");

export const rejectPaymentSchema = z.object({ productOrderId: productOrderIdSchema, reason: requiredText("Reason", 300) });

/** What Razorpay Checkout hands the browser after a payment (names as Razorpay sends them). */
export const gatewayVerifySchema = z.object({
  productOrderId: productOrderIdSchema,
  razorpay_order_id: z.string({ error: "razorpay_order_id is required" }).trim().min(1).max(60),
  razorpay_payment_id: z.string({ error: "razorpay_payment_id is required" }).trim().min(1).max(60),
  razorpay_signature: z.string({ error: "razorpay_signature is required" }).trim().min(1).max(200),
});

/** The admin paid a cash-on-delivery or UPI refund: the bank's reference of that transfer. */
export const refundReferenceSchema = z.object({
  productOrderId: productOrderIdSchema,
  refundId: z.coerce.number().int().positive(),
  reference: requiredText("Bank reference", 100),
  note: optionalText("Note", 300),
});
