// Money given back when a line of a paid order is cancelled or its return approved: the refund's
// states and the steps taken inside the caller's transaction. Sending one to the gateway and the
// owner's decisions on it: refund-actions.ts.
import type { Prisma } from "@store/db";
import { formatRupees, isPaidStatus, lineRefundBase, statusAfterRefund } from "@store/domain";
import { lockOrder, setPaymentStatus } from "./payment-status.ts";
import { queueOrderMail, type MailSettings } from "../messaging/outbox.ts";
import { messageAmount, queueOrderMessage } from "../messaging/buyer-messages.ts";

type Tx = Prisma.TransactionClient;

/**
 * A refund's states. An online refund made by a staff action is `Awaiting approval` until the
 * owner approves it (staff send no money out); a COD/UPI one is `Pending` until the owner records
 * the bank transfer; `Processing` while the gateway has it (accepted, not yet done); `Failed` when
 * the gateway refused it or failed it later (the owner retries it).
 */
export const REFUND_STATUS = {
  awaitingApproval: "Awaiting approval",
  pending: "Pending",
  processing: "Processing",
  processed: "Processed",
  failed: "Failed",
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** The store's reference of a refund at the gateway (its receipt), and back. */
export const refundReceipt = (refundId: number) => `refund-${refundId}`;
export const refundIdOfReceipt = (receipt: string | null): number | undefined => {
  const match = receipt ? /^refund-(\d{1,9})$/.exec(receipt) : null;
  return match ? Number(match[1]) : undefined;
};

/** The order's one delivery charge (a shipping zone's fee, issue 27): what deliveryTotal holds beyond its lines' own charges. */
async function orderLevelDelivery(tx: Tx, productOrderId: string, deliveryTotal: number): Promise<number> {
  const lines = await tx.productOrder.aggregate({ where: { productOrderId }, _sum: { deliveryCharge: true } });
  return Math.max(0, deliveryTotal - (lines._sum.deliveryCharge ?? 0));
}

/**
 * In the caller's transaction: the refund for one line (its value after its coupon discount and its
 * delivery charge; the cash-on-delivery fee and the order's one delivery charge too when no other line is
 * left to deliver), or null when
 * the order was not paid; never two for a line (unique orderId), and never more than what is left of
 * the order's grand total once its other refunds are counted. An online one waits for the owner's
 * approval unless the owner made it.
 */
export async function refundLine(
  tx: Tx,
  line: { orderId: number; productOrderId: string; orderTotalPrice: number; deliveryCharge: number; discount: number },
  reason: string,
  madeBy: { owner: boolean },
): Promise<number | null> {
  const order = await lockOrder(tx, line.productOrderId);
  if (!isPaidStatus(order.paymentStatus)) return null;
  const othersLeft = await tx.productOrder.count({
    where: {
      productOrderId: line.productOrderId,
      orderId: { not: line.orderId },
      orderStatus: { not: "Cancelled" },
      returnStatus: { notIn: ["Approved", "Refunded"] },
    },
  });
  const goods = lineRefundBase({ amount: line.orderTotalPrice - line.deliveryCharge, discount: line.discount });
  const owed = goods + line.deliveryCharge + (othersLeft === 0 ? order.codFee + (await orderLevelDelivery(tx, line.productOrderId, order.deliveryTotal)) : 0);
  // the lines' discounts add up to the order's, so this only bites on an order whose rows were mended by hand
  const given = await tx.refund.aggregate({ where: { productOrderId: line.productOrderId }, _sum: { amount: true } });
  const amount = Math.max(0, Math.min(owed, order.grandTotal - (given._sum.amount ?? 0)));
  // a line the coupon made free, with nothing else owed on it: no money to give back
  if (amount === 0) return null;
  const status = order.paymentMethod === "ONLINE" && !madeBy.owner ? REFUND_STATUS.awaitingApproval : REFUND_STATUS.pending;
  const created = await tx.refund.createMany({
    data: [{ productOrderId: line.productOrderId, orderId: line.orderId, amount, reason, status }],
    skipDuplicates: true,
  });
  if (created.count === 0) return null;
  return (await tx.refund.findUniqueOrThrow({ where: { orderId: line.orderId }, select: { refundId: true } })).refundId;
}

export interface RefundDone {
  /** only from these states (a state already moved on by someone else is left alone) */
  from: readonly RefundStatus[];
  reference: string | null;
  providerRefundId?: string;
  actor: string;
  mail: MailSettings;
}

/**
 * The refund is done: the order's refunded total and payment status follow, a returned line
 * becomes Refunded, the customer is told. False when the refund was not in one of `from`.
 */
export async function markRefundProcessed(tx: Tx, refundId: number, done: RefundDone): Promise<boolean> {
  const { productOrderId } = await tx.refund.findUniqueOrThrow({ where: { refundId }, select: { productOrderId: true } });
  // the header first, as every payment change takes it; then the refund's state is re-checked
  const order = await lockOrder(tx, productOrderId);
  const claimed = await tx.refund.updateMany({
    where: { refundId, status: { in: [...done.from] } },
    data: {
      status: REFUND_STATUS.processed,
      reference: done.reference,
      ...(done.providerRefundId ? { providerRefundId: done.providerRefundId } : {}),
      error: null,
      processedAt: new Date(),
    },
  });
  if (claimed.count === 0) return false;
  const refund = await tx.refund.findUniqueOrThrow({ where: { refundId } });
  const refundedTotal = order.refundedTotal + refund.amount;
  await setPaymentStatus(tx, order, {
    to: statusAfterRefund(order.grandTotal, refundedTotal),
    actor: done.actor,
    reason: `refund of ${formatRupees(refund.amount)} (${refund.reason})${done.reference ? `, reference ${done.reference}` : ""}`,
    data: { refundedTotal },
  });
  if (refund.orderId) await tx.productOrder.updateMany({ where: { orderId: refund.orderId, returnStatus: "Approved" }, data: { returnStatus: "Refunded" } });
  await queueOrderMail(tx, { mail: done.mail }, productOrderId, (o) => ({
    kind: "refund-issued",
    ...o,
    amountPaise: refund.amount,
    reference: done.reference,
  }));
  await queueOrderMessage(tx, { mail: done.mail }, productOrderId, { kind: "refund_issued", values: { refundAmount: messageAmount(refund.amount) } });
  return true;
}

/** The owner's "Refunded" return decision (no reference sent): the line's refund counts as paid back. */
export async function closeRefundOfLine(tx: Tx, orderId: number, actor: string, mail: MailSettings): Promise<void> {
  const refund = await tx.refund.findUnique({ where: { orderId }, select: { refundId: true } });
  if (!refund) return;
  await markRefundProcessed(tx, refund.refundId, {
    from: [REFUND_STATUS.awaitingApproval, REFUND_STATUS.pending, REFUND_STATUS.failed],
    reference: null,
    actor,
    mail,
  });
}
