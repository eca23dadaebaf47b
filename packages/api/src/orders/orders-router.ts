import { z } from "zod";
import {
  chosenVariantId,
  fulfilmentFilter,
  id,
  idempotencyKey,
  lineQuantity,
  orderStatusSchema,
  pageInput,
  paymentMethodSchema,
  paymentStatusSchema,
  productOrderIdSchema,
  returnDecisionSchema,
  returnReasonSchema,
  whatsappOptInField,
} from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, customerProcedure, orderReaderProcedure } from "../trpc.ts";
import { orderOutput, orderWithProductsOutput } from "./serializers.ts";
import { pageOutput, successOutput } from "../platform/serialize-common.ts";
import { customerOrderProducts, customerOrders, latestOrders, orderById, orderOneProduct, orderPage } from "./orders.ts";
import { changeOrderStatus } from "./order-status.ts";
import { orderDetails } from "./order-view.ts";
import { creditNoteOf, invoiceOf } from "../invoices/invoices.ts";
import { invoiceDocumentOutput } from "../invoices/serializers.ts";
import { orderDetailsOutput } from "../payments/serializers.ts";
import { decideReturn, requestReturn } from "./returns.ts";
import { codConfirmProcedure } from "./cod-confirm-router.ts";

const statusInput = z.object({
  orderId: id("Order id"),
  orderStatus: orderStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
});
const statusOutput = successOutput.extend({ order: orderOutput });

export const ordersRouter = createTRPCRouter({
  save: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/save",
        tags: ["Orders"],
        summary: "Order one product. Name, price, total, statuses and dates are set by the server; client values for them are ignored.",
      },
    })
    .input(
      z
        .object({
          productId: id("Product id"),
          variantId: chosenVariantId,
          quantity: lineQuantity,
          customerId: id("Customer id").optional().describe("if sent, must be the caller's own id"),
          idempotencyKey: idempotencyKey.optional(),
          paymentMethod: paymentMethodSchema.default("COD"),
          addressId: id("Address id")
            .optional()
            .describe("where the order goes: an address of the caller's address book (404 if not theirs); left out: the default"),
          whatsappOptIn: whatsappOptInField.describe(
            'the "Send order updates on WhatsApp" box: true opts the account in (source checkout); false or left out changes nothing',
          ),
        })
        .passthrough()
        .describe("orderTotalPrice, productName, paymentStatus, orderStatus… may be sent by old clients and are ignored"),
    )
    .output(successOutput.extend({ productOrderId: z.string(), order: orderOutput }))
    .mutation(({ ctx, input }) => orderOneProduct(ctx, input)),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details",
        tags: ["Orders"],
        summary: "All orders, newest first (admin; at most 1000 — use /productOrder/page to page)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(orderOutput))
    .query(({ ctx }) => latestOrders(ctx)),

  page: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/page",
        tags: ["Orders"],
        summary:
          "Order lines, 20 a page, newest first, searchable; view=all|shipping|delivered, optional customerId; fulfilment=Awaiting shipment (the packing queue: lines neither Cancelled nor Completed and in no shipment yet) | In shipment (lines packed in a shipment) (admin)",
      },
    })
    .input(
      pageInput.extend({
        view: z.enum(["all", "shipping", "delivered"]).default("all"),
        customerId: id("Customer id").optional(),
        fulfilment: fulfilmentFilter,
      }),
    )
    .output(pageOutput(orderOutput))
    .query(({ ctx, input }) => orderPage(ctx, input)),

  byId: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/productOrder/details/{orderId}", tags: ["Orders"], summary: "One order (owner or admin)" } })
    .input(z.object({ orderId: id("Order id") }))
    .output(orderOutput)
    .query(({ ctx, input }) => orderById(ctx, input.orderId)),

  order: orderReaderProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{productOrderId}",
        tags: ["Orders"],
        summary:
          "One order as a whole: its lines, totals (items, delivery, COD fee, grand total), payment and refunds (owner or admin, or without a login the X-Order-Token of a guest order; anyone else 404)",
      },
    })
    .input(z.object({ productOrderId: productOrderIdSchema }))
    .output(orderDetailsOutput)
    .query(({ ctx, input }) => orderDetails(ctx, input.productOrderId)),

  invoice: orderReaderProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{productOrderId}/invoice",
        tags: ["Orders"],
        summary: "The order's GST tax invoice as JSON (owner or admin, or X-Order-Token); as a PDF at /orders/{productOrderId}/invoice.pdf",
      },
    })
    .input(z.object({ productOrderId: productOrderIdSchema }))
    .output(invoiceDocumentOutput)
    .query(({ ctx, input }) => invoiceOf(ctx, input.productOrderId)),

  creditNote: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{productOrderId}/credit-note",
        tags: ["Orders"],
        summary: "One credit note of the order as JSON, ?creditNoteNumber= (owner or admin); as a PDF at /orders/{productOrderId}/credit-notes/{number}.pdf",
      },
    })
    .input(z.object({ productOrderId: productOrderIdSchema, creditNoteNumber: z.string().trim().min(1).max(16) }))
    .output(invoiceDocumentOutput)
    .query(({ ctx, input }) => creditNoteOf(ctx, input.productOrderId, input.creditNoteNumber)),

  byCustomer: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details/CustomerId/{customerId}",
        tags: ["Orders"],
        summary: "A customer's orders, newest first (owner or admin)",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(z.array(orderOutput))
    .query(({ ctx, input }) => customerOrders(ctx, input.customerId)),

  orderProducts: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details/orderProductCustomerDetails/{customerId}",
        tags: ["Orders"],
        summary: "A customer's orders with product details: { orderProducts: [{ …order, productImg, products: [{ productName, … }] }] }",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(z.object({ orderProducts: z.array(orderWithProductsOutput) }))
    .query(({ ctx, input }) => customerOrderProducts(ctx, input.customerId)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/update",
        tags: ["Orders"],
        summary:
          "Move an order along its lifecycle: ?orderId=&orderStatus=&paymentStatus= (admin; documented legacy GET — POST twin /productOrder/update/{orderId})",
      },
    })
    .input(statusInput)
    .output(statusOutput)
    .mutation(({ ctx, input }) => changeOrderStatus(ctx, input)),

  updateStatus: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/update/{orderId}",
        tags: ["Orders"],
        summary: "Move an order along Shipped → On the way → Ready for pickup → Completed, or Cancel it (restocks); payment Pending → Paid (admin)",
      },
    })
    .input(statusInput)
    .output(statusOutput)
    .mutation(({ ctx, input }) => changeOrderStatus(ctx, input)),

  requestReturn: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/return/{orderId}",
        tags: ["Orders"],
        summary: "Ask for a return within 7 days of delivery (refund policy): reason is Damaged/Incomplete/Expired/Wrong product",
      },
    })
    .input(z.object({ orderId: id("Order id"), reason: returnReasonSchema }))
    .output(statusOutput)
    .mutation(({ ctx, input }) => requestReturn(ctx, input)),

  decideReturn: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/return/{orderId}/decision",
        tags: ["Orders"],
        summary: "Return: Requested → Approved/Rejected, Approved → Refunded (admin)",
      },
    })
    .input(z.object({ orderId: id("Order id"), returnStatus: returnDecisionSchema }))
    .output(statusOutput)
    .mutation(({ ctx, input }) => decideReturn(ctx, input)),

  /** issue 29: POST /orders/{productOrderId}/cod-confirm (cod-confirm-router.ts) */
  codConfirm: codConfirmProcedure,
});
