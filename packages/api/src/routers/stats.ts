import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import type { Db } from "@store/db";
import { customerOutput, customerSelect } from "../services/serialize.ts";
import { orderOutput, orderSelect, toOrderOutput } from "../services/orders.ts";

// Spec §3 "Dashboard counts". Delivered = Completed; pending = everything still open (not
// Completed, not Cancelled).
const counts = {
  customers: (db: Db) => db.customer.count(),
  products: (db: Db) => db.product.count({ where: { deletedAt: null } }),
  orders: (db: Db) => db.productOrder.count(),
  completed: (db: Db) => db.productOrder.count({ where: { orderStatus: "Completed" } }),
  pending: (db: Db) => db.productOrder.count({ where: { orderStatus: { notIn: ["Completed", "Cancelled"] } } }),
  cart: (db: Db) => db.cartItem.count(),
};

const countProcedure = (path: `/${string}`, summary: string, count: (db: Db) => Promise<number>) =>
  adminProcedure
    .meta({ openapi: { method: "GET", path, tags: ["Counts"], summary } })
    .input(z.object({}).optional())
    .output(z.number().int())
    .query(({ ctx }) => count(ctx.db));

export const statsRouter = createTRPCRouter({
  customerCount: countProcedure("/customers/count", "Number of customers (admin)", counts.customers),
  productCount: countProcedure("/products/count", "Number of products in the catalogue (admin)", counts.products),
  orderCount: countProcedure("/productOrder/count", "Number of orders (admin)", counts.orders),
  completedCount: countProcedure("/productOrder/completed/count", "Number of delivered (Completed) orders (admin)", counts.completed),
  pendingCount: countProcedure("/productOrder/pending/count", "Number of orders still open: not Completed, not Cancelled (admin)", counts.pending),
  cartCount: countProcedure("/addToCart/count", "Number of cart entries (admin)", counts.cart),

  dashboard: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/stats/dashboard", tags: ["Counts"], summary: "All dashboard counts plus the latest orders and sign-ups (admin)" },
    })
    .input(z.object({}).optional())
    .output(
      z.object({
        customers: z.number().int(),
        products: z.number().int(),
        orders: z.number().int(),
        completed: z.number().int(),
        pending: z.number().int(),
        cart: z.number().int(),
        recentOrders: z.array(orderOutput),
        recentCustomers: z.array(customerOutput),
      }),
    )
    .query(async ({ ctx }) => {
      const [customers, products, orders, completed, pending, cart, recentOrders, recentCustomers] = await Promise.all([
        counts.customers(ctx.db),
        counts.products(ctx.db),
        counts.orders(ctx.db),
        counts.completed(ctx.db),
        counts.pending(ctx.db),
        counts.cart(ctx.db),
        ctx.db.productOrder.findMany({ select: orderSelect, orderBy: { orderId: "desc" }, take: 5 }),
        ctx.db.customer.findMany({ select: customerSelect, orderBy: { customerId: "desc" }, take: 5 }),
      ]);
      return { customers, products, orders, completed, pending, cart, recentOrders: recentOrders.map(toOrderOutput), recentCustomers };
    }),
});
