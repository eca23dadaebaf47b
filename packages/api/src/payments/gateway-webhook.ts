// The gateway's webhook (the port: gateway.ts): its own word on a payment (captured, failed) or a
// refund (processed, failed). The adapter checks the signature and reads the body; here, only the
// port's neutral events.
import type { Db, Prisma } from "@store/db";
import { formatRupees, isPaidStatus } from "@store/domain";
import type { Services } from "../context.ts";
import type { GatewayEvent } from "./gateway.ts";
import { NOT_CONFIGURED } from "./gateway-payments.ts";
import { markRefundProcessed, REFUND_STATUS, refundIdOfReceipt } from "./refunds.ts";
import { lockOrder, setPaymentStatus } from "./payment-status.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";

export interface WebhookResult {
  status: number;
  message: string;
}

type Tx = Prisma.TransactionClient;
type PaymentEvent = Extract<GatewayEvent, { kind: "payment-captured" | "payment-failed" }>;
type RefundEvent = Extract<GatewayEvent, { kind: "refund-processed" | "refund-failed" }>;
type WebhookServices = Pick<Services, "paymentProvider" | "mail">;

/** payment captured → Paid (a wrong amount is flagged, never Paid); payment failed → Failed while still Pending. Late events never undo a payment. */
async function applyPaymentEvent(tx: Tx, event: PaymentEvent, actor: string, services: WebhookServices): Promise<WebhookResult> {
  const header = await tx.order.findUnique({ where: { providerOrderId: event.providerOrderId }, select: { productOrderId: true } });
  if (!header) return { status: 200, message: "No order of this store has that gateway order; ignored." };
  const order = await lockOrder(tx, header.productOrderId);
  const paymentId = event.providerPaymentId;
  if (event.kind === "payment-failed") {
    if (order.paymentStatus !== "Pending") return { status: 200, message: `Payment is ${order.paymentStatus}; a failed attempt changes nothing.` };
    const why = event.reason ?? "the payment did not go through";
    await setPaymentStatus(tx, order, {
      to: "Failed",
      actor,
      reason: why,
      data: { paymentNote: `Payment failed: ${why}. You can try again.` },
      tell: services.mail,
    });
    return { status: 200, message: "Payment marked Failed." };
  }
  if (isPaidStatus(order.paymentStatus) || order.paymentStatus === "Refunded") return { status: 200, message: "Already paid." };
  if (event.amountPaise !== order.grandTotal) {
    const captured = typeof event.amountPaise === "number" ? formatRupees(event.amountPaise) : String(event.amountPaise);
    const flag = `Gateway captured ${captured} (payment ${paymentId}) but the order total is ${formatRupees(order.grandTotal)}: check before dispatch.`;
    await tx.order.update({ where: { productOrderId: order.productOrderId }, data: { paymentFlag: flag.slice(0, 300) } });
    return { status: 200, message: "Amount does not match the order; flagged for the admin." };
  }
  await setPaymentStatus(tx, order, {
    to: "Paid",
    actor,
    reason: `payment.captured ${paymentId}`,
    data: { providerPaymentId: paymentId, paymentNote: null },
    tell: services.mail,
  });
  return { status: 200, message: "Payment marked Paid." };
}

/**
 * The store's refund a gateway refund event is about: by the gateway's refund id, or (when the
 * event beat the gateway's own answer to us) by the receipt we gave, if no other gateway refund
 * was recorded for it since (a late event of an earlier, failed attempt changes nothing).
 */
async function refundOf(tx: Tx, event: RefundEvent) {
  const byId = await tx.refund.findUnique({ where: { providerRefundId: event.providerRefundId }, include: { order: { select: { providerPaymentId: true } } } });
  if (byId) return byId;
  const refundId = refundIdOfReceipt(event.receipt);
  if (refundId === undefined) return null;
  const byReceipt = await tx.refund.findUnique({ where: { refundId }, include: { order: { select: { providerPaymentId: true } } } });
  if (!byReceipt || byReceipt.providerRefundId !== null || byReceipt.order.providerPaymentId !== event.providerPaymentId) return null;
  return byReceipt;
}

/** refund processed → Processed (also after we had marked it Failed: the gateway's word wins); refund failed → Failed while Processing, for the owner to retry. */
async function applyRefundEvent(tx: Tx, event: RefundEvent, actor: string, services: WebhookServices): Promise<WebhookResult> {
  const refund = await refundOf(tx, event);
  if (!refund) return { status: 200, message: "No refund of this store has that gateway refund; ignored." };
  if (event.kind === "refund-processed") {
    const done = await markRefundProcessed(tx, refund.refundId, {
      from: [REFUND_STATUS.processing, REFUND_STATUS.failed],
      reference: event.providerRefundId,
      providerRefundId: event.providerRefundId,
      actor,
      mail: services.mail,
    });
    return { status: 200, message: done ? "Refund marked Processed." : `Refund is ${refund.status}; nothing to change.` };
  }
  const why = `The payment gateway could not complete the refund${event.reason ? `: ${event.reason}` : ""}. Retry it, or pay it back another way.`;
  const failed = await tx.refund.updateMany({
    where: { refundId: refund.refundId, status: REFUND_STATUS.processing },
    data: { status: REFUND_STATUS.failed, providerRefundId: event.providerRefundId, error: why.slice(0, 300) },
  });
  return { status: 200, message: failed.count > 0 ? "Refund marked Failed." : `Refund is ${refund.status}; nothing to change.` };
}

/**
 * `POST /api/v1/payments/webhook/<gateway>`: the adapter checks its signature over the exact body
 * bytes and reads it. An event is handled once: its de-duplication key (from the signed body) is
 * recorded in the same transaction as its effect.
 */
export async function handleGatewayWebhook(
  db: Db,
  services: WebhookServices,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookResult> {
  const gateway = services.paymentProvider;
  if (!gateway) return { status: 400, message: NOT_CONFIGURED };
  const parsed = gateway.parseWebhook(request.rawBody, request.headers);
  if (!parsed.ok) return { status: 400, message: parsed.problem === "signature" ? "The webhook signature does not match." : "The webhook body is not JSON." };
  const event = parsed.event;
  if (event.kind === "ignored") return { status: 200, message: `Event ${event.name} ignored.` };
  const actor = `${gateway.name} webhook`;
  return db.$transaction(async (tx) => {
    const seen = await tx.webhookEvent.createMany({ data: [{ eventId: event.dedupKey }], skipDuplicates: true });
    if (seen.count === 0) return { status: 200, message: "Event already handled." };
    return event.kind === "payment-captured" || event.kind === "payment-failed"
      ? applyPaymentEvent(tx, event, actor, services)
      : applyRefundEvent(tx, event, actor, services);
  }, STOCK_TX_OPTIONS);
}
