// What happens to a refund after it is made: an online one goes to the gateway (at once when the
// owner's action made it, after the owner's approval when a staff action did), a COD/UPI one is
// paid by the owner's bank transfer and recorded with its reference, a failed one is retried.
import { formatRupees, toRupees } from "@store/domain";
import type { Context } from "../context.ts";
import { PaymentProviderError, type ProviderRefund } from "./gateway.ts";
import { actorOf } from "./payment-status.ts";
import { markRefundProcessed, REFUND_STATUS, refundReceipt, type RefundStatus } from "./refunds.ts";
import { assertStoreOwner, type RoleAwareContext } from "./money-owner.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";

type RefundRow = Awaited<ReturnType<typeof findRefund>>;

async function findRefund(ctx: Pick<Context, "db">, refundId: number) {
  const refund = await ctx.db.refund.findUnique({ where: { refundId }, include: { order: { select: { paymentMethod: true, providerPaymentId: true } } } });
  if (!refund) throw new StoreError(404, "NOT_FOUND", `Refund ${refundId} was not found.`);
  return refund;
}

/**
 * One online refund to the gateway. It is claimed first (one of `from` → Processing) so two owners
 * cannot send it twice. The gateway's answer: done → Processed; accepted → stays Processing with
 * the gateway's id until its refund.processed / refund.failed webhook; refused → Failed with why.
 */
async function sendRefundToGateway(ctx: Pick<Context, "db" | "services">, refund: RefundRow, from: readonly RefundStatus[], actor: string) {
  const gateway = ctx.services.paymentProvider;
  const providerPaymentId = refund.order.providerPaymentId;
  if (!gateway || !providerPaymentId) {
    throw new StoreError(409, "GATEWAY_NOT_CONFIGURED", "Online payment is not set up (or this payment has no gateway id), so the refund cannot be sent.");
  }
  const claimed = await ctx.db.refund.updateMany({
    where: { refundId: refund.refundId, status: { in: [...from] } },
    data: { status: REFUND_STATUS.processing, error: null },
  });
  if (claimed.count === 0) throw new StoreError(409, "CONFLICT", `Refund ${refund.refundId} was changed by someone else. Please reload.`);
  const stillProcessing = { refundId: refund.refundId, status: REFUND_STATUS.processing };
  const reload = () => ctx.db.refund.findUniqueOrThrow({ where: { refundId: refund.refundId } });
  let sent: ProviderRefund;
  try {
    sent = await gateway.refund({ providerPaymentId, amountPaise: refund.amount, receipt: refundReceipt(refund.refundId) });
  } catch (error) {
    const message = error instanceof PaymentProviderError ? error.message : "The refund could not be completed.";
    await ctx.db.refund.updateMany({ where: stillProcessing, data: { status: REFUND_STATUS.failed, error: message.slice(0, 300) } });
    return reload();
  }
  if (sent.status === "failed") {
    const error = "The payment gateway refused the refund.";
    await ctx.db.refund.updateMany({ where: stillProcessing, data: { status: REFUND_STATUS.failed, providerRefundId: sent.providerRefundId, error } });
    return reload();
  }
  // the gateway has it. Its id is kept first: should what follows fail, the gateway's webhook still settles the refund
  // (it is never marked Failed, which would invite a second refund of the same money)
  await ctx.db.refund.updateMany({ where: stillProcessing, data: { providerRefundId: sent.providerRefundId } });
  if (sent.status === "processed") {
    await ctx.db.$transaction(
      (tx) =>
        markRefundProcessed(tx, refund.refundId, {
          from: [REFUND_STATUS.processing],
          reference: sent.providerRefundId,
          providerRefundId: sent.providerRefundId,
          actor,
          mail: ctx.services.mail,
        }),
      STOCK_TX_OPTIONS,
    );
  }
  return reload();
}

/** After the transaction that made a line's refund: an online one the owner's action made goes to the gateway now. */
export async function sendNewRefund(ctx: Pick<Context, "db" | "services">, refundId: number | null, actor: string): Promise<void> {
  if (refundId === null) return;
  const refund = await findRefund(ctx, refundId);
  const sendable = refund.order.paymentMethod === "ONLINE" && refund.order.providerPaymentId && ctx.services.paymentProvider;
  if (!sendable || refund.status !== REFUND_STATUS.pending) return;
  await sendRefundToGateway(ctx, refund, [REFUND_STATUS.pending], actor);
}

/** " A refund of ₹… waits for the owner's approval." when a staff action left one waiting, else "". */
export async function awaitingApprovalNote(ctx: Pick<Context, "db">, refundId: number | null): Promise<string> {
  if (refundId === null) return "";
  const refund = await ctx.db.refund.findUniqueOrThrow({ where: { refundId }, select: { status: true, amount: true } });
  return refund.status === REFUND_STATUS.awaitingApproval ? ` A refund of ${formatRupees(refund.amount)} waits for the owner's approval.` : "";
}

/** The answer once a refund was sent: done, on its way, or (a 503 with the gateway's words) failed. */
function outcome(refund: { refundId: number; amount: number; status: string; error: string | null }, done: string, failedCode = "REFUND_FAILED") {
  if (refund.status === REFUND_STATUS.failed) {
    throw new StoreError(503, failedCode, refund.error ?? "The refund could not be completed. Please try again.");
  }
  const message =
    refund.status === REFUND_STATUS.processing
      ? `Refund of ${formatRupees(refund.amount)} sent to the payment gateway; it shows Processed once the gateway confirms it.`
      : `Refund of ${formatRupees(refund.amount)} ${done}.`;
  return { success: true, message, refundId: refund.refundId, status: refund.status };
}

/** Owner: a cash-on-delivery or UPI refund was paid by bank transfer (its reference); an online one is sent to the gateway (again). */
export async function recordRefund(ctx: RoleAwareContext, input: { productOrderId: string; refundId: number; reference: string }) {
  assertStoreOwner(ctx, "record refunds");
  const refund = await findRefund(ctx, input.refundId);
  if (refund.productOrderId !== input.productOrderId) throw new StoreError(404, "NOT_FOUND", `Refund ${input.refundId} was not found.`);
  if (refund.status === REFUND_STATUS.processed || refund.status === REFUND_STATUS.processing) {
    throw new StoreError(409, "CONFLICT", `Refund ${input.refundId} is already ${refund.status}.`);
  }
  const open = [REFUND_STATUS.awaitingApproval, REFUND_STATUS.pending, REFUND_STATUS.failed] as const;
  if (refund.order.paymentMethod === "ONLINE") {
    return outcome(await sendRefundToGateway(ctx, refund, open, actorOf(ctx.auth)), "recorded", "SERVICE_UNAVAILABLE");
  }
  const recorded = await ctx.db.$transaction(
    (tx) => markRefundProcessed(tx, input.refundId, { from: open, reference: input.reference, actor: actorOf(ctx.auth), mail: ctx.services.mail }),
    STOCK_TX_OPTIONS,
  );
  if (!recorded) throw new StoreError(409, "CONFLICT", `Refund ${input.refundId} was recorded by someone else. Please reload.`);
  return outcome(await findRefund(ctx, input.refundId), "recorded");
}

/** Owner: a refund a staff action left waiting is approved; an online one goes to the gateway now. */
export async function approveRefund(ctx: RoleAwareContext, input: { refundId: number }) {
  assertStoreOwner(ctx, "approve refunds");
  const refund = await findRefund(ctx, input.refundId);
  if (refund.status !== REFUND_STATUS.awaitingApproval) {
    throw new StoreError(409, "REFUND_NOT_AWAITING_APPROVAL", `Refund ${input.refundId} is ${refund.status}, not awaiting approval.`);
  }
  if (refund.order.paymentMethod !== "ONLINE") {
    // paid by the owner's own bank transfer: approved, it waits for that transfer's reference
    const moved = await ctx.db.refund.updateMany({
      where: { refundId: refund.refundId, status: REFUND_STATUS.awaitingApproval },
      data: { status: REFUND_STATUS.pending },
    });
    if (moved.count === 0) throw new StoreError(409, "CONFLICT", `Refund ${input.refundId} was changed by someone else. Please reload.`);
    return {
      success: true,
      message: `Refund of ${formatRupees(refund.amount)} approved: record the bank transfer once it is paid.`,
      refundId: refund.refundId,
      status: REFUND_STATUS.pending,
    };
  }
  const sent = await sendRefundToGateway(ctx, refund, [REFUND_STATUS.awaitingApproval], actorOf(ctx.auth));
  return outcome(sent, "approved and paid back through the payment gateway");
}

/** Owner: an online refund the gateway refused or failed is sent again. */
export async function retryRefund(ctx: RoleAwareContext, input: { refundId: number }) {
  assertStoreOwner(ctx, "retry refunds");
  const refund = await findRefund(ctx, input.refundId);
  if (refund.order.paymentMethod !== "ONLINE") {
    throw new StoreError(409, "REFUND_NOT_ONLINE", `Refund ${input.refundId} is paid back by bank transfer: record its reference instead.`);
  }
  if (refund.status !== REFUND_STATUS.failed)
    throw new StoreError(409, "REFUND_NOT_FAILED", `Refund ${input.refundId} is ${refund.status}; only a failed refund is retried.`);
  return outcome(await sendRefundToGateway(ctx, refund, [REFUND_STATUS.failed], actorOf(ctx.auth)), "paid back through the payment gateway");
}

/** The back office's list of refunds not yet paid back (awaiting approval, waiting for a transfer, failed), oldest first. */
export async function openRefunds(ctx: Pick<Context, "db">) {
  const refunds = await ctx.db.refund.findMany({
    where: { status: { in: [REFUND_STATUS.awaitingApproval, REFUND_STATUS.pending, REFUND_STATUS.failed] } },
    include: { order: { select: { customerName: true, paymentMethod: true } } },
    orderBy: { refundId: "asc" },
    take: 500,
  });
  return refunds.map((r) => ({
    refundId: r.refundId,
    productOrderId: r.productOrderId,
    orderId: r.orderId,
    customerName: r.order.customerName,
    method: r.order.paymentMethod,
    amount: toRupees(r.amount),
    status: r.status,
    reason: r.reason,
    error: r.error,
    createdAt: r.createdAt,
  }));
}
