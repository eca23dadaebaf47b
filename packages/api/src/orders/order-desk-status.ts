// One order, one status move (issue 24): every open line of an order to the same status, in one
// transaction behind the order's locked header, each line by the per-line rule and its side effects
// (order-status.ts moveLine: stock, credit note, refund, cash collected). The customer gets one mail
// for the order. An unpaid UPI or ONLINE order does not go forward unless the caller forces it.
import { checkStatusChange, effectsOf, formatRupees, isClosed, type OrderStatus } from "@store/domain";
import { lockOrder, actorOf } from "../payments/payment-status.ts";
import { sendNewRefund } from "../payments/refund-actions.ts";
import { REFUND_STATUS } from "../payments/refunds.ts";
import type { RoleAwareContext } from "../payments/money-owner.ts";
import { putBackStock, STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { queueOrderMail } from "../messaging/outbox.ts";
import { StoreError } from "../platform/errors.ts";
import { moveLine } from "./order-status.ts";
import { awaitsAdvancePayment } from "./order-desk-rules.ts";

export interface OrderMove {
  productOrderId: string;
  orderStatus: OrderStatus;
  force: boolean;
}

/** "Floor Cleaner", "Floor Cleaner and Mop", "Floor Cleaner, Mop and 2 more" */
function namesOf(names: string[]): string {
  if (names.length <= 2) return names.join(" and ");
  return names.length === 3 ? `${names[0]}, ${names[1]} and ${names[2]}` : `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

async function applyMove(ctx: RoleAwareContext, { productOrderId, orderStatus: next, force }: OrderMove) {
  return ctx.db.$transaction(async (tx) => {
    // the header's row lock makes moves of one order (and its payment changes) take turns
    let header = await lockOrder(tx, productOrderId);
    const lines = await tx.productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
    const open = lines.filter((l) => !isClosed(l.orderStatus));
    if (open.length === 0) throw new StoreError(409, "CONFLICT", `Order ${productOrderId} has no open line: every line is Completed or Cancelled.`);
    const moving = open.filter((l) => l.orderStatus !== next);
    if (moving.length === 0) throw new StoreError(409, "CONFLICT", `Order ${productOrderId} is already ${next}.`);
    for (const line of moving) {
      const allowed = checkStatusChange(line.orderStatus, next);
      if (!allowed.ok) throw new StoreError(409, "CONFLICT", `Order ${productOrderId}: line ${line.orderId} (${line.productName}) ${allowed.reason}.`);
    }
    const unpaid = next !== "Cancelled" && awaitsAdvancePayment(header);
    if (unpaid && !force) {
      throw new StoreError(
        409,
        "ORDER_UNPAID",
        `Order ${productOrderId} is paid by ${header.paymentMethod} and its payment is ${header.paymentStatus}: ship it once it is paid, or send force: true to move it anyway.`,
      );
    }
    let restocked = false;
    const refundIds: number[] = [];
    // every line's units back at once, in the lock order of a checkout (packs, then products)
    const stockPutBack = effectsOf(next).restock;
    if (stockPutBack) await putBackStock(tx, moving);
    for (const line of moving) {
      const moved = await moveLine(ctx, tx, header, line, next, { tell: false, stockPutBack });
      header = moved.header;
      restocked ||= moved.restocked;
      if (moved.refundId !== null) refundIds.push(moved.refundId);
    }
    const productName = namesOf(moving.map((l) => l.productName));
    await queueOrderMail(tx, ctx.services, productOrderId, (o) => ({ kind: "order-status", ...o, productName, status: next }));
    return { moved: moving.map((l) => l.orderId), restocked, refundIds, forced: unpaid };
  }, STOCK_TX_OPTIONS);
}

export async function moveOrder(ctx: RoleAwareContext, input: OrderMove) {
  const { moved, restocked, refundIds, forced } = await applyMove(ctx, input);
  if (restocked) ctx.services.productEvents.changed();
  for (const refundId of refundIds) await sendNewRefund(ctx, refundId, actorOf(ctx.auth));
  const awaiting = await ctx.db.refund.aggregate({ where: { refundId: { in: refundIds }, status: REFUND_STATUS.awaitingApproval }, _sum: { amount: true } });
  const waiting = awaiting._sum.amount ? ` A refund of ${formatRupees(awaiting._sum.amount)} waits for the owner's approval.` : "";
  const order = await ctx.db.order.findUniqueOrThrow({
    where: { productOrderId: input.productOrderId },
    select: {
      paymentStatus: true,
      lines: { orderBy: { orderId: "asc" }, select: { orderId: true, productName: true, quantity: true, orderStatus: true, returnStatus: true } },
    },
  });
  const count = `${moved.length} line${moved.length > 1 ? "s" : ""}`;
  return {
    success: true,
    message: `Order ${input.productOrderId}: ${count} ${input.orderStatus}${forced ? " (moved although unpaid)" : ""}, payment ${order.paymentStatus}.${waiting}`,
    productOrderId: input.productOrderId,
    orderStatus: input.orderStatus,
    moved,
    forced,
    paymentStatus: order.paymentStatus,
    lines: order.lines,
  };
}
