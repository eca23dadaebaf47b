// Moving an order along its lifecycle (the rule itself: @store/domain order-lifecycle.ts).
import { TRPCError } from "@trpc/server";
import type { Prisma } from "@store/db";
import { checkStatusChange, effectsOf, type OrderStatus, type PaymentStatus } from "@store/domain";
import { orderSelect, toOrderOutput } from "../serialize/orders.ts";
import type { Context } from "../context.ts";
import { putBackStock, STOCK_TX_OPTIONS } from "./stock.ts";

export interface StatusChange {
  orderId: number;
  orderStatus?: OrderStatus;
  paymentStatus?: PaymentStatus;
}

/**
 * Applies an admin's change in one transaction: a later lifecycle step or Cancelled (which puts the
 * stock back), and payment Pending → Paid; a Completed cash-on-delivery order is Paid.
 */
async function applyStatusChange(ctx: Context, { orderId, ...change }: StatusChange): Promise<{ restocked: boolean }> {
  return ctx.db.$transaction(async (tx) => {
    const order = await tx.productOrder.findUnique({ where: { orderId }, select: { orderStatus: true, paymentStatus: true, productId: true, quantity: true } });
    if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${orderId} was not found.` });
    const data: Prisma.ProductOrderUpdateManyMutationInput = {};
    let restock = false;
    const next = change.orderStatus;
    if (next && next !== order.orderStatus) {
      const allowed = checkStatusChange(order.orderStatus, next);
      if (!allowed.ok) throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} ${allowed.reason}.` });
      const effects = effectsOf(next);
      data.orderStatus = next;
      if (effects.ends) data.endDate = new Date();
      if (effects.paymentStatus) data.paymentStatus = effects.paymentStatus;
      restock = effects.restock;
    }
    if (change.paymentStatus && change.paymentStatus !== order.paymentStatus && data.paymentStatus === undefined) {
      if (order.paymentStatus === "Paid") throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} is already Paid.` });
      data.paymentStatus = change.paymentStatus;
    }
    if (Object.keys(data).length === 0) {
      throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} already has that status.` });
    }
    // the status is re-checked in the update so two admins cannot both move the same order
    const moved = await tx.productOrder.updateMany({ where: { orderId, orderStatus: order.orderStatus, paymentStatus: order.paymentStatus }, data });
    if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} was changed by someone else. Please reload.` });
    if (restock) await putBackStock(tx, order.productId, order.quantity);
    return { restocked: restock };
  }, STOCK_TX_OPTIONS);
}

export async function changeOrderStatus(ctx: Context, input: StatusChange) {
  if (!input.orderStatus && !input.paymentStatus) throw new TRPCError({ code: "BAD_REQUEST", message: "Send orderStatus or paymentStatus." });
  const { restocked } = await applyStatusChange(ctx, input);
  if (restocked) ctx.services.productEvents.changed();
  const order = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: orderSelect });
  return { success: true, message: `Order ${input.orderId} is ${order.orderStatus}, payment ${order.paymentStatus}.`, order: toOrderOutput(order) };
}
