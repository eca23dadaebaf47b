import { z } from "zod";
import { PAYMENT_METHODS } from "@store/domain";
import { COD_CONFIRMATIONS } from "@store/validators";
import { orderOutput } from "../orders/serializers.ts";

const method = z.string().describe(`one of ${PAYMENT_METHODS.join(", ")}`);

export const paymentOptionOutput = z.object({
  method: z.enum(PAYMENT_METHODS),
  label: z.string(),
  offered: z.boolean(),
  fee: z.number().describe("rupees added to the order when paying this way"),
  unavailableReason: z.string().nullable(),
});

export const paymentViewOutput = z.object({
  productOrderId: z.string(),
  method,
  status: z.string(),
  amount: z.number().describe("rupees: the order's grand total"),
  note: z.string().nullable().describe("for the customer: why a UTR was rejected or a payment failed"),
  utr: z.string().nullable(),
  upiLink: z.string().optional().describe("UPI: upi://pay?pa=…&pn=…&am=…&cu=INR&tr=<productOrderId>&tn=…"),
  upiQr: z.string().optional().describe("UPI: URL of a PNG QR code of upiLink (owner or admin)"),
  providerOrderId: z.string().nullable().optional().describe("ONLINE: the Razorpay order id for Checkout"),
  keyId: z.string().nullable().optional().describe("ONLINE: the Razorpay key id for Checkout"),
});

export const awaitingPaymentOutput = z.object({
  productOrderId: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  method: z.string(),
  amount: z.number(),
  utr: z.string().nullable(),
  placedAt: z.date(),
  sentAt: z.date(),
});

const money = z.number().describe("rupees");

const refundStatus = z.string().describe("Awaiting approval, Pending, Processing, Processed or Failed");

export const openRefundOutput = z.object({
  refundId: z.number().int(),
  productOrderId: z.string(),
  orderId: z.number().int().nullable(),
  customerName: z.string(),
  method: z.string(),
  amount: money,
  status: refundStatus,
  reason: z.string(),
  error: z.string().nullable().describe("why the gateway refused or failed it"),
  createdAt: z.date(),
});

export const refundDecisionOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  refundId: z.number().int(),
  status: refundStatus.describe("Processed, or Processing until the gateway confirms (Pending: a COD/UPI refund waiting for its bank transfer)"),
});

export const orderDetailsOutput = z.object({
  productOrderId: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  phone: z.string().nullable().describe("the customer's mobile number; null once the customer was deleted"),
  shippingAddress: z.string(),
  pinCode: z.string(),
  state: z.string(),
  createdAt: z.date(),
  couponCode: z.string().nullable().describe("the coupon used on the order (upper-case), null without one"),
  discountTotal: money.describe("rupees: the coupon's discount on the items (the lines' discounts add up to it)"),
  codConfirmation: z
    .enum(COD_CONFIRMATIONS)
    .nullable()
    .describe(
      "issue 29: a COD order's confirmation by OTP: Pending (confirm it with POST /orders/{productOrderId}/cod-confirm; not shipped until then), Confirmed, Expired (cancelled); null when none was asked",
    ),
  codConfirmBy: z.date().nullable().describe("Pending: the order is cancelled at this time unless confirmed"),
  codConfirmedAt: z.date().nullable(),
  codConfirmedBy: z.string().nullable().describe('admin only: "otp", or the admin who confirmed after a call'),
  codConfirmNote: z.string().nullable().describe("admin only: the admin's note of the call"),
  lines: z.array(orderOutput),
  totals: z.object({
    itemsTotal: money,
    discountTotal: money.describe("rupees: the coupon discount; grandTotal = itemsTotal - discountTotal + deliveryTotal + codFee"),
    deliveryTotal: money,
    codFee: money,
    grandTotal: money,
  }),
  payment: z.object({
    method: z.string(),
    status: z.string(),
    note: z.string().nullable(),
    utr: z.string().nullable(),
    providerOrderId: z.string().nullable(),
    providerPaymentId: z.string().nullable(),
    refundedTotal: money,
    expiresAt: z.date().nullable().describe("UPI: unpaid, the order is cancelled at this time"),
    flag: z.string().nullable().describe("admin only: a payment that needs a look"),
    history: z.array(z.object({ at: z.date(), actor: z.string(), from: z.string(), to: z.string(), reason: z.string().nullable() })).describe("admin only"),
  }),
  invoice: z.object({ number: z.string(), issuedAt: z.date(), total: money, pdf: z.string() }).nullable().describe("the GST tax invoice"),
  creditNotes: z.array(z.object({ number: z.string(), issuedAt: z.date(), total: money, pdf: z.string() })),
  refunds: z.array(
    z.object({
      refundId: z.number().int(),
      orderId: z.number().int().nullable(),
      amount: money,
      status: refundStatus,
      reason: z.string(),
      reference: z.string().nullable(),
      error: z.string().nullable().optional().describe("admin only: why the gateway refused or failed the refund"),
      createdAt: z.date(),
      processedAt: z.date().nullable(),
    }),
  ),
});
