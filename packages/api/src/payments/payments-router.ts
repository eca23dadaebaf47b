import { z } from "zod";
import {
  confirmOutput,
  gatewayVerifySchema,
  id,
  pageInput,
  productOrderIdSchema,
  refundReferenceSchema,
  rejectPaymentSchema,
  undoableOutput,
  utrSchema,
  verificationsOutput,
} from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, orderReaderProcedure, ownerProcedure, publicProcedure } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { awaitingPaymentOutput, openRefundOutput, paymentOptionOutput, paymentViewOutput, refundDecisionOutput } from "./serializers.ts";
import { CONFIRM_UNDO_MINUTES, confirmUtr, paymentsAwaitingVerification, paymentView, rejectUtr, submitUtr, undoConfirmation, upiQr } from "./payments.ts";
import { paymentVerifications, undoableConfirmations } from "./verifications.ts";
import { verifyGatewayPayment } from "./gateway-payments.ts";
import { approveRefund, openRefunds, recordRefund, retryRefund } from "./refund-actions.ts";
import { checkoutPaymentOptions } from "./payment-options.ts";

const byOrder = z.object({ productOrderId: productOrderIdSchema });
const byRefund = z.object({ refundId: id("Refund id") });

export const paymentsRouter = createTRPCRouter({
  // public since issue 29: a guest's checkout offers them too (store settings only, nothing of a customer's)
  options: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payment-options",
        tags: ["Payments"],
        summary: "The ways to pay the store offers now, with their fees (checkout screen, also a guest's)",
        protect: false,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(paymentOptionOutput))
    .query(({ ctx }) => checkoutPaymentOptions(ctx)),

  // before `get`: the REST facade takes the first path that matches, and /payments/{productOrderId} matches this one too
  verifications: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/verifications",
        tags: ["Payments"],
        summary: "UPI payments decided: confirmed, rejected or a confirmation undone, with who and when, newest first, 20 a page (page=1 first) (admin)",
      },
    })
    .input(z.object({ page: pageInput.shape.page }))
    .output(verificationsOutput)
    .query(({ ctx, input }) => paymentVerifications(ctx, input)),

  // before `get` too
  undoable: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/undoable",
        tags: ["Payments"],
        summary: `UPI confirmations that may still be undone (confirmed less than ${CONFIRM_UNDO_MINUTES} minutes ago, still Paid, no refund), each with its undoUntil, newest first (admin)`,
      },
    })
    .input(z.object({}).optional())
    .output(undoableOutput)
    .query(({ ctx }) => undoableConfirmations(ctx)),

  get: orderReaderProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/{productOrderId}",
        tags: ["Payments"],
        summary: "An order's payment (owner or admin, or X-Order-Token): UPI link and QR for UPI, the gateway order and key id for ONLINE",
      },
    })
    .input(byOrder)
    .output(paymentViewOutput)
    .query(({ ctx, input }) => paymentView(ctx, input.productOrderId)),

  /** The PNG behind `upiQr`, base64 in JSON; GET /api/v1/payments/{productOrderId}/qr.png (apps/server plugins/payments.ts) serves it as an image. */
  upiQrPng: customerOrAdminProcedure
    .meta({
      openapi: { method: "GET", path: "/payments/{productOrderId}/qr-base64", tags: ["Payments"], summary: "The UPI QR code as base64 PNG (owner or admin)" },
    })
    .input(byOrder)
    .output(z.string().describe("base64 PNG"))
    .query(async ({ ctx, input }) => (await upiQr(ctx, input.productOrderId)).toString("base64")),

  submitUtr: orderReaderProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/utr",
        tags: ["Payments"],
        summary: "The customer paid by UPI: the 12-digit UTR → Awaiting verification; a UTR used on another order is a 409",
      },
    })
    .input(byOrder.extend({ utr: utrSchema }))
    .output(successOutput)
    .mutation(({ ctx, input }) => submitUtr(ctx, input)),

  awaiting: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments",
        tags: ["Payments"],
        summary: "Payments awaiting verification: UPI orders whose UTR waits for the admin (admin)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(awaitingPaymentOutput))
    .query(({ ctx }) => paymentsAwaitingVerification(ctx)),

  confirm: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/confirm",
        tags: ["Payments"],
        summary: `The UTR is in the bank statement: Paid (the store owner). Undoable for ${CONFIRM_UNDO_MINUTES} minutes (undoUntil); the customer's mail waits until then`,
      },
    })
    .input(byOrder)
    .output(confirmOutput)
    .mutation(({ ctx, input }) => confirmUtr(ctx, input)),

  undoConfirm: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/confirm/undo",
        tags: ["Payments"],
        summary: `Take a confirmation back within ${CONFIRM_UNDO_MINUTES} minutes: Awaiting verification again, its mail to the customer cancelled; later 409 UNDO_EXPIRED (the store owner)`,
      },
    })
    .input(byOrder)
    .output(successOutput)
    .mutation(({ ctx, input }) => undoConfirmation(ctx, input)),

  reject: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/reject",
        tags: ["Payments"],
        summary: "The UTR was not found: back to Pending, the reason shown to the customer (the store owner)",
      },
    })
    .input(rejectPaymentSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => rejectUtr(ctx, input)),

  verify: orderReaderProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/verify",
        tags: ["Payments"],
        summary: "Razorpay Checkout's callback: Paid only if razorpay_signature is the HMAC-SHA256 of order_id|payment_id under the key secret",
      },
    })
    .input(gatewayVerifySchema)
    .output(successOutput)
    .mutation(({ ctx, input: { productOrderId, ...callback } }) => verifyGatewayPayment(ctx, { productOrderId, callback })),

  recordRefund: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{productOrderId}/refunds/{refundId}",
        tags: ["Payments"],
        summary: "A refund was paid: the bank reference of a COD/UPI transfer, or send an online refund to the gateway again (the store owner)",
      },
    })
    .input(refundReferenceSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => recordRefund(ctx, input)),

  openRefunds: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/refunds/open",
        tags: ["Payments"],
        summary:
          "Refunds not yet paid back: awaiting the owner's approval, waiting for a bank transfer, or failed at the gateway (with why), oldest first (admin)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(openRefundOutput))
    .query(({ ctx }) => openRefunds(ctx)),

  approveRefund: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/refunds/{refundId}/approve",
        tags: ["Payments"],
        summary: "Approve a refund a staff action left Awaiting approval: an online one goes to the gateway now (the store owner)",
      },
    })
    .input(byRefund)
    .output(refundDecisionOutput)
    .mutation(({ ctx, input }) => approveRefund(ctx, input)),

  retryRefund: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/refunds/{refundId}/retry",
        tags: ["Payments"],
        summary: "Send a Failed online refund to the gateway again (the store owner)",
      },
    })
    .input(byRefund)
    .output(refundDecisionOutput)
    .mutation(({ ctx, input }) => retryRefund(ctx, input)),
});
