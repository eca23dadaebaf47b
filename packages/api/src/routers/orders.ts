import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  id,
  lineQuantity,
  ORDER_STATUSES,
  orderStatusSchema,
  pageInput,
  PAGE_SIZE,
  PAYMENT_STATUSES,
  paymentStatusSchema,
  returnDecisionSchema,
  returnReasonSchema,
} from "@store/validators";
import type { Prisma } from "@store/db";
import { adminProcedure, assertOwnCustomer, createTRPCRouter, customerOrAdminProcedure, customerProcedure } from "../trpc.ts";
import { canRequestReturn, changeOrderStatus, orderOutput, orderSelect, placeOrder, toOrderOutput } from "../services/orders.ts";
import { pageOutput, successOutput } from "../services/serialize.ts";
import { likeText } from "../services/search.ts";

const views = { all: {}, shipping: { orderStatus: { notIn: ["Completed", "Cancelled"] } }, delivered: { orderStatus: "Completed" } } satisfies Record<
  string,
  Prisma.ProductOrderWhereInput
>;

const statusInput = z.object({
  orderId: id("Order id"),
  orderStatus: orderStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
});

async function updateStatus(ctx: { db: import("@store/db").Db; services: import("../context.ts").Services }, input: z.infer<typeof statusInput>) {
  if (!input.orderStatus && !input.paymentStatus) throw new TRPCError({ code: "BAD_REQUEST", message: "Send orderStatus or paymentStatus." });
  const { restocked } = await changeOrderStatus(ctx.db, input.orderId, input);
  if (restocked) ctx.services.productEvents.changed();
  const order = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: orderSelect });
  return { success: true, message: `Order ${input.orderId} is ${order.orderStatus}, payment ${order.paymentStatus}.`, order: toOrderOutput(order) };
}

const statusOutput = successOutput.extend({ order: orderOutput });

export const ordersRouter = createTRPCRouter({
  save: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/save",
        tags: ["Orders"],
        summary: "Order one product. Name, price, total, statuses and dates are set by the server; client values for them are ignored.",
      },
    })
    .input(
      z
        .object({
          productId: id("Product id"),
          quantity: lineQuantity,
          customerId: id("Customer id").optional().describe("if sent, must be the caller's own id"),
        })
        .passthrough()
        .describe("orderTotalPrice, productName, paymentStatus, orderStatus… may be sent by old clients and are ignored"),
    )
    .output(successOutput.extend({ productOrderId: z.string(), order: orderOutput }))
    .mutation(async ({ ctx, input }) => {
      if (input.customerId !== undefined) assertOwnCustomer(ctx.auth, input.customerId, "orders");
      const placed = await placeOrder(ctx.db, ctx.customerId, { productId: input.productId, quantity: input.quantity });
      ctx.services.productEvents.changed();
      return {
        success: true,
        message: `Order ${placed.productOrderId} placed.`,
        productOrderId: placed.productOrderId,
        order: toOrderOutput(placed.orders[0]),
      };
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details",
        tags: ["Orders"],
        summary: "All orders, newest first (admin; at most 1000 — use /productOrder/page to page)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(orderOutput))
    .query(async ({ ctx }) => (await ctx.db.productOrder.findMany({ select: orderSelect, orderBy: { orderId: "desc" }, take: 1000 })).map(toOrderOutput)),

  page: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/page",
        tags: ["Orders"],
        summary: "Orders, 20 a page, newest first, searchable; view=all|shipping|delivered, optional customerId (admin)",
      },
    })
    .input(pageInput.extend({ view: z.enum(["all", "shipping", "delivered"]).default("all"), customerId: id("Customer id").optional() }))
    .output(pageOutput(orderOutput))
    .query(async ({ ctx, input }) => {
      const q = input.search;
      const numeric = /^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : undefined;
      const where: Prisma.ProductOrderWhereInput = {
        ...views[input.view],
        ...(input.customerId ? { customerId: input.customerId } : {}),
        ...(q
          ? {
              OR: [
                { productName: { contains: likeText(q), mode: "insensitive" } },
                { productOrderId: { contains: likeText(q), mode: "insensitive" } },
                { customerName: { contains: likeText(q), mode: "insensitive" } },
                // statuses are one of a few known words: match the word here, so the database
                // compares exactly (B-tree) instead of ILIKE over every row
                ...ORDER_STATUSES.filter((st) => st.toLowerCase() === q.toLowerCase()).map((st) => ({ orderStatus: st })),
                ...PAYMENT_STATUSES.filter((st) => st.toLowerCase() === q.toLowerCase()).map((st) => ({ paymentStatus: st })),
                ...(numeric !== undefined ? [{ orderId: numeric }, { customerId: numeric }, { productId: numeric }] : []),
              ],
            }
          : {}),
      };
      // Counting every order is a scan of the whole table (slow at 100,000 orders, above all on
      // PGlite). Orders are only ever created together with a stock change (placeOrders), which
      // empties the product cache on every instance, and never deleted: so the count of all
      // orders can be kept in that cache and stays exact.
      const all = !q && input.view === "all" && !input.customerId;
      const [rows, total] = await Promise.all([
        ctx.db.productOrder.findMany({ where, select: orderSelect, orderBy: { orderId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
        all ? ctx.services.productCache.get("orders:count:all", () => ctx.db.productOrder.count()) : ctx.db.productOrder.count({ where }),
      ]);
      return { items: rows.map(toOrderOutput), total, page: input.page, pageSize: PAGE_SIZE };
    }),

  byId: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/productOrder/details/{orderId}", tags: ["Orders"], summary: "One order (owner or admin)" } })
    .input(z.object({ orderId: id("Order id") }))
    .output(orderOutput)
    .query(async ({ ctx, input }) => {
      const order = await ctx.db.productOrder.findUnique({ where: { orderId: input.orderId }, select: orderSelect });
      if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${input.orderId} was not found.` });
      assertOwnCustomer(ctx.auth, order.customerId, "orders");
      return toOrderOutput(order);
    }),

  byCustomer: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details/CustomerId/{customerId}",
        tags: ["Orders"],
        summary: "A customer's orders, newest first (owner or admin)",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(z.array(orderOutput))
    .query(async ({ ctx, input }) => {
      assertOwnCustomer(ctx.auth, input.customerId, "orders");
      const rows = await ctx.db.productOrder.findMany({
        where: { customerId: input.customerId },
        select: orderSelect,
        orderBy: { orderId: "desc" },
        take: 500,
      });
      return rows.map(toOrderOutput);
    }),

  orderProducts: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/details/orderProductCustomerDetails/{customerId}",
        tags: ["Orders"],
        summary: "A customer's orders with product details: { orderProducts: [{ …order, productImg, products: [{ productName, … }] }] }",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(
      z.object({
        orderProducts: z.array(
          orderOutput.extend({
            products: z.array(z.object({ productId: z.number().int(), productName: z.string(), packSize: z.string(), productImg: z.string().nullable() })),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => {
      assertOwnCustomer(ctx.auth, input.customerId, "orders");
      const rows = await ctx.db.productOrder.findMany({
        where: { customerId: input.customerId },
        select: orderSelect,
        orderBy: { orderId: "desc" },
        take: 500,
      });
      return {
        orderProducts: rows.map((row) => {
          const o = toOrderOutput(row);
          return { ...o, products: [{ productId: o.productId, productName: o.productName, packSize: o.packSize, productImg: o.productImg }] };
        }),
      };
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/productOrder/update",
        tags: ["Orders"],
        summary:
          "Move an order along its lifecycle: ?orderId=&orderStatus=&paymentStatus= (admin; documented legacy GET — POST twin /productOrder/update/{orderId})",
      },
    })
    .input(statusInput)
    .output(statusOutput)
    .mutation(({ ctx, input }) => updateStatus(ctx, input)),

  updateStatus: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/update/{orderId}",
        tags: ["Orders"],
        summary: "Move an order along Shipped → On the way → Ready for pickup → Completed, or Cancel it (restocks); payment Pending → Paid (admin)",
      },
    })
    .input(statusInput)
    .output(statusOutput)
    .mutation(({ ctx, input }) => updateStatus(ctx, input)),

  requestReturn: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/return/{orderId}",
        tags: ["Orders"],
        summary: "Ask for a return within 7 days of delivery (refund policy): reason is Damaged/Incomplete/Expired/Wrong product",
      },
    })
    .input(z.object({ orderId: id("Order id"), reason: returnReasonSchema }))
    .output(statusOutput)
    .mutation(async ({ ctx, input }) => {
      const order = await ctx.db.productOrder.findUnique({
        where: { orderId: input.orderId },
        select: { customerId: true, orderStatus: true, returnStatus: true, endDate: true },
      });
      if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${input.orderId} was not found.` });
      assertOwnCustomer(ctx.auth, order.customerId, "orders");
      if (!canRequestReturn(order)) {
        throw new TRPCError({
          code: "CONFLICT",
          message:
            order.returnStatus !== "Pending"
              ? `A return for this order is already ${order.returnStatus}.`
              : order.orderStatus !== "Completed"
                ? "A return can be asked for once the order is delivered."
                : "The 7-day return window for this order has closed.",
        });
      }
      const moved = await ctx.db.productOrder.updateMany({
        where: { orderId: input.orderId, returnStatus: "Pending" },
        data: { returnStatus: "Requested", returnReason: input.reason, returnRequestedAt: new Date() },
      });
      if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: "A return for this order was already asked for." });
      const updated = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: orderSelect });
      return { success: true, message: "Return requested. We will review it in 2-3 business days.", order: toOrderOutput(updated) };
    }),

  decideReturn: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/productOrder/return/{orderId}/decision",
        tags: ["Orders"],
        summary: "Return: Requested → Approved/Rejected, Approved → Refunded (admin)",
      },
    })
    .input(z.object({ orderId: id("Order id"), returnStatus: returnDecisionSchema }))
    .output(statusOutput)
    .mutation(async ({ ctx, input }) => {
      const order = await ctx.db.productOrder.findUnique({ where: { orderId: input.orderId }, select: { returnStatus: true } });
      if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${input.orderId} was not found.` });
      const from = input.returnStatus === "Refunded" ? "Approved" : "Requested";
      if (order.returnStatus !== from) {
        throw new TRPCError({ code: "CONFLICT", message: `The return is ${order.returnStatus}; it can be ${input.returnStatus} only when it is ${from}.` });
      }
      const moved = await ctx.db.productOrder.updateMany({ where: { orderId: input.orderId, returnStatus: from }, data: { returnStatus: input.returnStatus } });
      if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: "The return was changed by someone else. Please reload." });
      const updated = await ctx.db.productOrder.findUniqueOrThrow({ where: { orderId: input.orderId }, select: orderSelect });
      return { success: true, message: `Return ${input.returnStatus}.`, order: toOrderOutput(updated) };
    }),
});
