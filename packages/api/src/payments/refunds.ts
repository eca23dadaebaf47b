// Money given back when a line of a paid order is cancelled or its return approved: through the
// gateway for an online payment, by the shop's own bank transfer (recorded with its reference) for
// cash on delivery and UPI.
import type { Prisma } from "@store/db";
import { formatRupees, isPaidStatus, statusAfterRefund } from "@store/domain";
import type { Context } from "../context.ts";
import { PaymentProviderError } from "./gateway.ts";
import { actorOf, lockOrder, setPaymentStatus } from "./payment-status.ts";
import { queueOrderMail, type MailSettings } from "../messaging/outbox.ts";
import type { AuthedContext } from "../platform/context-guards.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";

type Tx = Prisma.TransactionClient;

/**
 * In the caller's transaction: the refund for one line (its total; the cash-on-delivery fee too
 * when no other line is left to deliver). Nothing when the order was not paid; never two for a line
 * (unique orderId).
 */
export async function refundLine(tx: Tx, line: { orderId: number; productOrderId: string; orderTotalPrice: number }, reason: string): Promise<boolean> {
  const order = await lockOrder(tx, line.productOrderId);
  if (!isPaidStatus(order.paymentStatus)) return false;
  const othersLeft = await tx.productOrder.count({
    where: {
      productOrderId: line.productOrderId,
      orderId: { not: line.orderId },
      orderStatus: { not: "Cancelled" },
      returnStatus: { notIn: ["Approved", "Refunded"] },
    },
  });
  const amount = line.orderTotalPrice + (othersLeft === 0 ? order.codFee : 0);
  const created = await tx.refund.createMany({ data: [{ productOrderId: line.productOrderId, orderId: line.orderId, amount, reason }], skipDuplicates: true });
  return created.count > 0;
}

/** The refund is done: the order's refunded total and payment status follow, and a returned line becomes Refunded. */
async function markProcessed(tx: Tx, refundId: number, done: { reference: string | null; providerRefundId?: string; actor: string; mail: MailSettings }) {
  const refund = await tx.refund.findUniqueOrThrow({ where: { refundId } });
  const order = await lockOrder(tx, refund.productOrderId);
  await tx.refund.update({
    where: { refundId },
    data: { status: "Processed", reference: done.reference, providerRefundId: done.providerRefundId ?? null, error: null, processedAt: new Date() },
  });
  const refundedTotal = order.refundedTotal + refund.amount;
  await setPaymentStatus(tx, order, {
    to: statusAfterRefund(order.grandTotal, refundedTotal),
    actor: done.actor,
    reason: `refund of ${formatRupees(refund.amount)} (${refund.reason})${done.reference ? `, reference ${done.reference}` : ""}`,
    data: { refundedTotal },
  });
  if (refund.orderId) await tx.productOrder.updateMany({ where: { orderId: refund.orderId, returnStatus: "Approved" }, data: { returnStatus: "Refunded" } });
  await queueOrderMail(tx, { mail: done.mail }, refund.productOrderId, (o) => ({
    kind: "refund-issued",
    ...o,
    amountPaise: refund.amount,
    reference: done.reference,
  }));
}

/**
 * After the transaction that created refunds: an online payment's refunds go through the gateway
 * now. Each is claimed first (Pending/Failed → Processing) so two admins cannot refund it twice; a
 * gateway failure leaves it Failed with the error, for a retry.
 */
export async function settleOnlineRefunds(ctx: Pick<Context, "db" | "services">, productOrderId: string, actor: string): Promise<void> {
  const order = await ctx.db.order.findUnique({ where: { productOrderId }, select: { paymentMethod: true, providerPaymentId: true } });
  const gateway = ctx.services.paymentProvider;
  if (!order || order.paymentMethod !== "ONLINE" || !gateway || !order.providerPaymentId) return;
  const waiting = await ctx.db.refund.findMany({ where: { productOrderId, status: { in: ["Pending", "Failed"] } } });
  for (const refund of waiting) {
    const claimed = await ctx.db.refund.updateMany({ where: { refundId: refund.refundId, status: refund.status }, data: { status: "Processing" } });
    if (claimed.count === 0) continue;
    try {
      const done = await gateway.refund({ paymentId: order.providerPaymentId, amountPaise: refund.amount, receipt: `refund-${refund.refundId}` });
      await ctx.db.$transaction(
        (tx) => markProcessed(tx, refund.refundId, { reference: done.id, providerRefundId: done.id, actor, mail: ctx.services.mail }),
        STOCK_TX_OPTIONS,
      );
    } catch (error) {
      const message = error instanceof PaymentProviderError ? error.message : "The refund could not be completed.";
      await ctx.db.refund.update({ where: { refundId: refund.refundId }, data: { status: "Failed", error: message.slice(0, 300) } });
    }
  }
}

/** Admin: a cash-on-delivery or UPI refund was paid by bank transfer (its reference); an online one is sent to the gateway again. */
export async function recordRefund(ctx: AuthedContext, input: { productOrderId: string; refundId: number; reference: string }) {
  const refund = await ctx.db.refund.findUnique({ where: { refundId: input.refundId }, include: { order: { select: { paymentMethod: true } } } });
  if (!refund || refund.productOrderId !== input.productOrderId) throw new StoreError(404, "NOT_FOUND", `Refund ${input.refundId} was not found.`);
  if (refund.status === "Processed" || refund.status === "Processing") {
    throw new StoreError(409, "CONFLICT", `Refund ${input.refundId} is already ${refund.status}.`);
  }
  if (refund.order.paymentMethod === "ONLINE") {
    await settleOnlineRefunds(ctx, input.productOrderId, actorOf(ctx.auth));
  } else {
    await ctx.db.$transaction(async (tx) => {
      const claimed = await tx.refund.updateMany({
        where: { refundId: input.refundId, status: { in: ["Pending", "Failed"] } },
        data: { status: "Processing" },
      });
      if (claimed.count === 0) throw new StoreError(409, "CONFLICT", `Refund ${input.refundId} was recorded by someone else. Please reload.`);
      await markProcessed(tx, input.refundId, { reference: input.reference, actor: actorOf(ctx.auth), mail: ctx.services.mail });
    }, STOCK_TX_OPTIONS);
  }
  const after = await ctx.db.refund.findUniqueOrThrow({ where: { refundId: input.refundId } });
  if (after.status !== "Processed") throw new StoreError(503, "SERVICE_UNAVAILABLE", after.error ?? "The refund could not be completed. Please try again.");
  return { success: true, message: `Refund of ${formatRupees(after.amount)} recorded.` };
}

/** The spec's "Refunded" return decision (no reference sent): the line's waiting refund counts as paid. */
export async function closeRefundOfLine(tx: Tx, orderId: number, actor: string, mail: MailSettings): Promise<void> {
  const refund = await tx.refund.findUnique({ where: { orderId } });
  if (!refund || refund.status === "Processed" || refund.status === "Processing") return;
  await tx.refund.update({ where: { refundId: refund.refundId }, data: { status: "Processing" } });
  await markProcessed(tx, refund.refundId, { reference: null, actor, mail });
}
