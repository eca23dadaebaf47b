// One order as a whole (GET /api/v1/orders/{productOrderId}): header, lines, totals and payment,
// for its owner or an admin; anyone else gets the answer a missing order gets.
import { creditNotePdfPath, invoicePdfPath, toRupees } from "@store/domain";
import type { CodConfirmationState } from "@store/validators";
import { orderSelect, toOrderOutput } from "./serializers.ts";
import { payBefore } from "./pay-before.ts";
import { assertOwnRecord, type AuthedContext } from "../platform/context-guards.ts";
import { StoreError } from "../platform/errors.ts";
import { orderReader } from "../guest/order-access.ts";
import type { Context } from "../context.ts";

export async function ownOrder(ctx: AuthedContext, productOrderId: string) {
  const order = await ctx.db.order.findUnique({ where: { productOrderId } });
  const notFound = `Order ${productOrderId} was not found.`;
  if (!order) throw new StoreError(404, "NOT_FOUND", notFound);
  assertOwnRecord(ctx.auth, order.customerId, notFound);
  return order;
}

/** For its customer, an admin, or the holder of its X-Order-Token (guest/order-access.ts). */
export async function orderDetails(ctx: Context, productOrderId: string) {
  const order = await orderReader(ctx, productOrderId);
  const isAdmin = ctx.auth?.role === "admin";
  const [lines, refunds, history, documents, customer] = await Promise.all([
    ctx.db.productOrder.findMany({ where: { productOrderId }, select: orderSelect, orderBy: { orderId: "asc" } }),
    ctx.db.refund.findMany({ where: { productOrderId }, orderBy: { refundId: "asc" } }),
    isAdmin ? ctx.db.paymentEvent.findMany({ where: { productOrderId }, orderBy: { id: "asc" } }) : Promise.resolve([]),
    ctx.db.invoice.findMany({ where: { productOrderId }, orderBy: { issuedAt: "asc" }, select: { number: true, kind: true, issuedAt: true, total: true } }),
    // the phone the delivery calls: the customer's mobile (an order keeps no copy of it)
    ctx.db.customer.findUnique({ where: { customerId: order.customerId }, select: { number: true } }),
  ]);
  const invoice = documents.find((d) => d.kind === "INVOICE");
  const lineStatuses = lines.map((l) => l.orderStatus);
  return {
    productOrderId: order.productOrderId,
    customerId: order.customerId,
    customerName: order.customerName,
    phone: order.phone ?? customer?.number ?? null,
    shippingAddress: order.shippingAddress,
    pinCode: order.pinCode,
    state: order.state,
    createdAt: order.createdAt,
    couponCode: order.couponCode,
    discountTotal: toRupees(order.discountTotal),
    // issue 29: a COD order waiting for the buyer's OTP shows its "Confirm your cash-on-delivery order" box
    codConfirmation: order.codConfirmation as CodConfirmationState | null,
    codConfirmBy: order.codConfirmBy,
    codConfirmedAt: order.codConfirmedAt,
    codConfirmedBy: isAdmin ? order.codConfirmedBy : null,
    codConfirmNote: isAdmin ? order.codConfirmNote : null,
    lines: lines.map(toOrderOutput),
    totals: {
      itemsTotal: toRupees(order.itemsTotal),
      discountTotal: toRupees(order.discountTotal),
      deliveryTotal: toRupees(order.deliveryTotal),
      codFee: toRupees(order.codFee),
      grandTotal: toRupees(order.grandTotal),
    },
    payment: {
      method: order.paymentMethod,
      status: order.paymentStatus,
      note: order.paymentNote,
      utr: order.utr,
      providerOrderId: order.providerOrderId,
      providerPaymentId: order.providerPaymentId,
      refundedTotal: toRupees(order.refundedTotal),
      expiresAt: payBefore(order, lineStatuses),
      flag: isAdmin ? order.paymentFlag : null,
      history: history.map((e) => ({ at: e.at, actor: e.actor, from: e.fromStatus, to: e.toStatus, reason: e.reason })),
    },
    invoice: invoice
      ? {
          number: invoice.number,
          issuedAt: invoice.issuedAt,
          total: toRupees(invoice.total),
          pdf: invoicePdfPath(productOrderId),
        }
      : null,
    creditNotes: documents
      .filter((d) => d.kind === "CREDIT_NOTE")
      .map((d) => ({ number: d.number, issuedAt: d.issuedAt, total: toRupees(d.total), pdf: creditNotePdfPath(productOrderId, d.number) })),
    refunds: refunds.map((r) => ({
      refundId: r.refundId,
      orderId: r.orderId,
      amount: toRupees(r.amount),
      status: r.status,
      reason: r.reason,
      reference: r.reference,
      error: isAdmin ? r.error : null,
      createdAt: r.createdAt,
      processedAt: r.processedAt,
    })),
  };
}
