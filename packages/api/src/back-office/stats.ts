// The dashboard's counts (docs/store-spec.md §3): delivered = Completed; pending = still open (not Completed, not Cancelled).
import type { Db } from "@store/db";
import { customerSelect } from "../accounts/serializers.ts";
import { orderSelect, toOrderOutput } from "../orders/serializers.ts";
import type { Context } from "../context.ts";
import { live } from "../catalogue/products.ts";

export const counts = {
  customers: (db: Db) => db.customer.count(),
  products: (db: Db) => db.product.count({ where: live }),
  orders: (db: Db) => db.productOrder.count(),
  completed: (db: Db) => db.productOrder.count({ where: { orderStatus: "Completed" } }),
  pending: (db: Db) => db.productOrder.count({ where: { orderStatus: { notIn: ["Completed", "Cancelled"] } } }),
  cart: (db: Db) => db.cartItem.count(),
};

export async function dashboard(ctx: Context) {
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
}
