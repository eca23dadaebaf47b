import { z } from "zod";
import type { Db } from "@store/db";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { customerOutput } from "../accounts/serializers.ts";
import { orderOutput } from "../orders/serializers.ts";
import { counts, dashboard } from "./stats.ts";

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
    .query(({ ctx }) => dashboard(ctx)),
});
