// Returns: asked for by the shopper, decided by the admin (the rule itself: @store/domain returns.ts).
// An approved return of a paid order is refunded: at once when the owner approves it, after the
// owner's approval of the refund when staff do; marking it Refunded (money recorded) is the owner's.
import { returnDecisionFrom, whyNoReturn, type ReturnDecision, type ReturnReason } from "@store/domain";
import { orderSelect, toOrderOutput } from "./serializers.ts";
import type { Context } from "../context.ts";
import { assertOwnRecord, type CustomerContext } from "../platform/context-guards.ts";
import { actorOf, lockOrder } from "../payments/payment-status.ts";
import { closeRefundOfLine, refundLine } from "../payments/refunds.ts";
import { awaitingApprovalNote, sendNewRefund } from "../payments/refund-actions.ts";
import { assertStoreOwner, isStoreOwner, type RoleAwareContext } from "../payments/money-owner.ts";
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

/** Approving a return of a paid order creates its refund (through the gateway at once when the owner approves an online one). */
export async function decideReturn(ctx: RoleAwareContext, input: { orderId: number; returnStatus: ReturnDecision }) {
  if (input.returnStatus === "Refunded") assertStoreOwner(ctx, "mark a return refunded");
  const actor = actorOf(ctx.auth);
  const refundId = await ctx.db.$transaction(async (tx) => {
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
      return refundLine(tx, order, reason, { owner: isStoreOwner(ctx) });
    }
    if (input.returnStatus === "Refunded") await closeRefundOfLine(tx, input.orderId, actor, ctx.services.mail);
    return null;
  }, STOCK_TX_OPTIONS);
  await sendNewRefund(ctx, refundId, actor);
  return { success: true, message: `Return ${input.returnStatus}.${await awaitingApprovalNote(ctx, refundId)}`, order: await reload(ctx, input.orderId) };
}
