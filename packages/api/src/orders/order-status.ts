// Moving an order line along its lifecycle (the rule itself: @store/domain order-lifecycle.ts), and
// what follows for the order's payment: cash on delivery is Paid once everything is delivered; a
// cancelled line of a paid order is refunded (payments/refunds.ts), at once when the owner cancels
// it, after the owner's approval when staff do. A payment status set by hand is the owner's.
import { cashCollected, checkStatusChange, effectsOf, type OrderStatus } from "@store/domain";
import type { Prisma } from "@store/db";
import { orderSelect, toOrderOutput } from "./serializers.ts";
import { putBackStock, STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { actorOf, lockOrder, setPaymentStatus } from "../payments/payment-status.ts";
import { refundLine } from "../payments/refunds.ts";
import { awaitingApprovalNote, sendNewRefund } from "../payments/refund-actions.ts";
import { assertStoreOwner, isStoreOwner, type RoleAwareContext } from "../payments/money-owner.ts";
import { creditCancelledLine } from "../invoices/invoices.ts";
import { loadSettings } from "../back-office/settings.ts";
import { queueLineMail } from "../messaging/outbox.ts";
import { StoreError } from "../platform/errors.ts";
import { releaseIfWholeOrderCancelled } from "../offers/coupon-uses.ts";

export interface StatusChange {
  orderId: number;
  orderStatus?: OrderStatus;
  /** by hand: Paid when the cash was received (or a payment seen outside the store) */
  paymentStatus?: "Pending" | "Paid";
}

type Tx = Prisma.TransactionClient;
type Header = Awaited<ReturnType<typeof lockOrder>>;
type Line = Awaited<ReturnType<Tx["productOrder"]["findUniqueOrThrow"]>>;

export interface LineMove {
  /** the order's header, as it is after the move (a COD order may have become Paid) */
  header: Header;
  restocked: boolean;
  refundId: number | null;
}

/**
 * One line to `next`, in the transaction that locked its order's header (lockOrder): the line's
 * status and end date, its mail (unless the caller tells the customer itself), and what follows —
 * a cancelled line's stock, credit note and refund; cash collected once a COD order is delivered.
 * The caller has checked the move (checkStatusChange); `stockPutBack`: the caller already put this line's units back. Used by the per-line call and the whole-order
 * move (order-desk-status.ts) alike, and by a courier's scan (shipments/line-effects.ts), which names
 * its own `reason` for a cancel ("Returned to origin") and `actor` for the payment history.
 */
export async function moveLine(
  ctx: RoleAwareContext,
  tx: Tx,
  header: Header,
  line: Line,
  next: OrderStatus,
  opts: { tell: boolean; stockPutBack?: boolean; reason?: string; actor?: string },
): Promise<LineMove> {
  const effects = effectsOf(next);
  await tx.productOrder.update({ where: { orderId: line.orderId }, data: { orderStatus: next, ...(effects.ends ? { endDate: new Date() } : {}) } });
  if (opts.tell) await queueLineMail(tx, ctx.services, line.orderId, (l) => ({ kind: "order-status", ...l, status: next }));
  let restocked = false;
  let refundId: number | null = null;
  if (effects.restock) {
    // a whole order's lines are put back together by the caller (packs then products, in id order)
    if (!opts.stockPutBack) await putBackStock(tx, [line]);
    restocked = true;
    const reason = opts.reason ?? "order cancelled";
    await creditCancelledLine(tx, header.productOrderId, line.orderId, reason, await loadSettings(tx), new Date());
    refundId = await refundLine(tx, line, reason, { owner: isStoreOwner(ctx) });
    // issue 26: the coupon's use is given back once every line of the order is cancelled
    await releaseIfWholeOrderCancelled(tx, header);
  }
  if (next === "Completed" && header.paymentMethod === "COD" && header.paymentStatus === "Pending") {
    const statuses = await tx.productOrder.findMany({ where: { productOrderId: header.productOrderId }, select: { orderStatus: true } });
    if (cashCollected(statuses.map((s) => s.orderStatus))) {
      await setPaymentStatus(tx, header, { to: "Paid", actor: opts.actor ?? actorOf(ctx.auth), reason: "cash collected on delivery" });
      header = await tx.order.findUniqueOrThrow({ where: { productOrderId: header.productOrderId } });
    }
  }
  return { header, restocked, refundId };
}

async function applyStatusChange(ctx: RoleAwareContext, { orderId, ...change }: StatusChange) {
  return ctx.db.$transaction(async (tx) => {
    const found = await tx.productOrder.findUnique({ where: { orderId }, select: { productOrderId: true } });
    if (!found) throw new StoreError(404, "NOT_FOUND", `Order ${orderId} was not found.`);
    // every change to an order and its payment goes through its locked header, one at a time
    let header = await lockOrder(tx, found.productOrderId);
    const line = await tx.productOrder.findUniqueOrThrow({ where: { orderId } });
    const actor = actorOf(ctx.auth);
    const next = change.orderStatus && change.orderStatus !== line.orderStatus ? change.orderStatus : undefined;
    const payTo = change.paymentStatus && change.paymentStatus !== header.paymentStatus ? change.paymentStatus : undefined;
    if (!next && !payTo) throw new StoreError(409, "CONFLICT", `Order ${orderId} already has that status.`);
    if (payTo) assertStoreOwner(ctx, "change a payment's status (mark it Paid or Pending)");
    let restocked = false;
    let refundId: number | null = null;
    if (next) {
      const allowed = checkStatusChange(line.orderStatus, next);
      if (!allowed.ok) throw new StoreError(409, "CONFLICT", `Order ${orderId} ${allowed.reason}.`);
      ({ header, restocked, refundId } = await moveLine(ctx, tx, header, line, next, { tell: true }));
    }
    if (payTo && payTo !== header.paymentStatus) {
      if (header.paymentStatus !== "Pending" && header.paymentStatus !== "Awaiting verification" && header.paymentStatus !== "Failed") {
        throw new StoreError(409, "CONFLICT", `Order ${orderId} is already ${header.paymentStatus}.`);
      }
      await setPaymentStatus(tx, header, { to: payTo, actor, reason: "set by the admin", data: { paymentNote: null } });
    }
    return { restocked, refundId };
  }, STOCK_TX_OPTIONS);
}

export async function changeOrderStatus(ctx: RoleAwareContext, input: StatusChange) {
  if (!input.orderStatus && !input.paymentStatus) throw new StoreError(400, "BAD_REQUEST", "Send orderStatus or paymentStatus.");
  const { restocked, refundId } = await applyStatusChange(ctx, input);
  if (restocked) ctx.services.productEvents.changed();
  await sendNewRefund(ctx, refundId, actorOf(ctx.auth));
  const order = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: orderSelect });
  const waiting = await awaitingApprovalNote(ctx, refundId);
  return { success: true, message: `Order ${input.orderId} is ${order.orderStatus}, payment ${order.paymentStatus}.${waiting}`, order: toOrderOutput(order) };
}
