// Returns: asked for by the shopper, decided by the admin (the rule itself: @store/domain returns.ts).
import { TRPCError } from "@trpc/server";
import { returnDecisionFrom, whyNoReturn, type ReturnDecision, type ReturnReason } from "@store/domain";
import { orderSelect, toOrderOutput } from "../serialize/orders.ts";
import type { Context } from "../context.ts";
import { assertOwnRecord, type CustomerContext } from "./context.ts";

const reload = async (ctx: Context, orderId: number) => toOrderOutput(await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId }, select: orderSelect }));

export async function requestReturn(ctx: CustomerContext, input: { orderId: number; reason: ReturnReason }) {
  const order = await ctx.db.productOrder.findUnique({
    where: { orderId: input.orderId },
    select: { customerId: true, orderStatus: true, returnStatus: true, endDate: true },
  });
  const notFound = `Order ${input.orderId} was not found.`;
  if (!order) throw new TRPCError({ code: "NOT_FOUND", message: notFound });
  assertOwnRecord(ctx.auth, order.customerId, notFound);
  const refusal = whyNoReturn(order);
  if (refusal) throw new TRPCError({ code: "CONFLICT", message: refusal });
  const moved = await ctx.db.productOrder.updateMany({
    where: { orderId: input.orderId, returnStatus: "Pending" },
    data: { returnStatus: "Requested", returnReason: input.reason, returnRequestedAt: new Date() },
  });
  if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: "A return for this order was already asked for." });
  return { success: true, message: "Return requested. We will review it in 2-3 business days.", order: await reload(ctx, input.orderId) };
}

export async function decideReturn(ctx: Context, input: { orderId: number; returnStatus: ReturnDecision }) {
  const order = await ctx.db.productOrder.findUnique({ where: { orderId: input.orderId }, select: { returnStatus: true } });
  if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${input.orderId} was not found.` });
  const from = returnDecisionFrom(input.returnStatus);
  if (order.returnStatus !== from) {
    throw new TRPCError({ code: "CONFLICT", message: `The return is ${order.returnStatus}; it can be ${input.returnStatus} only when it is ${from}.` });
  }
  const moved = await ctx.db.productOrder.updateMany({ where: { orderId: input.orderId, returnStatus: from }, data: { returnStatus: input.returnStatus } });
  if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: "The return was changed by someone else. Please reload." });
  return { success: true, message: `Return ${input.returnStatus}.`, order: await reload(ctx, input.orderId) };
}
