// Returns: asked for by the shopper, decided by the admin (the rule itself: @store/domain returns.ts).
import { returnDecisionFrom, whyNoReturn, type ReturnDecision, type ReturnReason } from "@store/domain";
import { orderSelect, toOrderOutput } from "./serializers.ts";
import type { Context } from "../context.ts";
import { assertOwnRecord, type AuthedContext, type CustomerContext } from "../platform/context-guards.ts";
import { actorOf, lockOrder } from "../payments/payment-status.ts";
import { closeRefundOfLine, refundLine, settleOnlineRefunds } from "../payments/refunds.ts";
import { queueLineMail } from "../messaging/outbox.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { creditCancelledLine } from "../invoices/invoices.ts";
import { loadSettings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";

const reload = async (ctx: Context, orderId: number) => toOrderOutput(await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId }, select: orderSelect }));

export async function requestReturn(ctx: CustomerContext, input: { orderId: number; reason: ReturnReason }) {
  const order = await ctx.db.productOrder.findUnique({
    where: { orderId: input.orderId },
    select: { customerId: true, orderStatus: true, returnStatus: true, endDate: true },
  });
  const notFound = `Order ${input.orderId} was not found.`;
  if (!order) throw new StoreError(404, "NOT_FOUND", notFound);
  assertOwnRecord(ctx.auth, order.customerId, notFound);
  const refusal = whyNoReturn(order);
  if (refusal) throw new StoreError(409, "CONFLICT", refusal);
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.productOrder.updateMany({
      where: { orderId: input.orderId, returnStatus: "Pending" },
      data: { returnStatus: "Requested", returnReason: input.reason, returnRequestedAt: new Date() },
    });
    if (moved.count === 0) throw new StoreError(409, "CONFLICT", "A return for this order was already asked for.");
    await queueLineMail(tx, ctx.services, input.orderId, (l) => ({ kind: "return-requested", ...l, reason: input.reason }));
  });
  return { success: true, message: "Return requested. We will review it in 2-3 business days.", order: await reload(ctx, input.orderId) };
}

/** Approving a return of a paid order creates its refund (through the gateway at once when paid online). */
export async function decideReturn(ctx: AuthedContext, input: { orderId: number; returnStatus: ReturnDecision }) {
  const actor = actorOf(ctx.auth);
  const refunded = await ctx.db.$transaction(async (tx) => {
    const order = await tx.productOrder.findUnique({ where: { orderId: input.orderId } });
    if (!order) throw new StoreError(404, "NOT_FOUND", `Order ${input.orderId} was not found.`);
    // the header first, as every payment change takes it (no lock-order deadlock with a status change)
    await lockOrder(tx, order.productOrderId);
    const from = returnDecisionFrom(input.returnStatus);
    if (order.returnStatus !== from) {
      throw new StoreError(409, "CONFLICT", `The return is ${order.returnStatus}; it can be ${input.returnStatus} only when it is ${from}.`);
    }
    const moved = await tx.productOrder.updateMany({ where: { orderId: input.orderId, returnStatus: from }, data: { returnStatus: input.returnStatus } });
    if (moved.count === 0) throw new StoreError(409, "CONFLICT", "The return was changed by someone else. Please reload.");
    if (input.returnStatus !== "Refunded") {
      const kind = input.returnStatus === "Approved" ? "return-approved" : "return-rejected";
      await queueLineMail(tx, ctx.services, input.orderId, (l) => ({ kind, ...l, reason: order.returnReason ?? "" }));
    }
    if (input.returnStatus === "Approved") {
      const reason = `return approved: ${order.returnReason ?? "return"}`;
      await creditCancelledLine(tx, order.productOrderId, order.orderId, reason, await loadSettings(tx), new Date());
      return refundLine(tx, order, reason);
    }
    if (input.returnStatus === "Refunded") await closeRefundOfLine(tx, input.orderId, actor, ctx.services.mail);
    return false;
  }, STOCK_TX_OPTIONS);
  const order = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: { productOrderId: true } });
  if (refunded) await settleOnlineRefunds(ctx, order.productOrderId, actor);
  return { success: true, message: `Return ${input.returnStatus}.`, order: await reload(ctx, input.orderId) };
}
