import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

// its own database, so the counts are exact
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe("counts (admin)", () => {
  it("count customers, live products, orders, delivered (Completed), pending (open) and cart entries", async () => {
    const counts = async () => ({
      customers: await env.admin.stats.customerCount(),
      products: await env.admin.stats.productCount(),
      orders: await env.admin.stats.orderCount(),
      completed: await env.admin.stats.completedCount(),
      pending: await env.admin.stats.pendingCount(),
      cart: await env.admin.stats.cartCount(),
    });
    expect(await counts()).toEqual({ customers: 0, products: 0, orders: 0, completed: 0, pending: 0, cart: 0 });

    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const p1 = await env.newProduct({ quantity: 100 });
    const p2 = await env.newProduct({ quantity: 100 });
    const gone = await env.newProduct();
    await env.admin.products.delete({ productId: gone });
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push((await a.caller.orders.save({ productId: p1, quantity: 1 })).order.orderId);
    await env.admin.orders.updateStatus({ orderId: orders[0], orderStatus: "Completed" });
    await env.admin.orders.updateStatus({ orderId: orders[1], orderStatus: "Completed" });
    await env.admin.orders.updateStatus({ orderId: orders[2], orderStatus: "Cancelled" });
    await env.admin.orders.updateStatus({ orderId: orders[3], orderStatus: "Ready for pickup" });
    await a.caller.cart.save({ productId: p1 });
    await a.caller.cart.save({ productId: p2 });
    await b.caller.cart.save({ productId: p2 });

    expect(await counts()).toEqual({ customers: 2, products: 2, orders: 5, completed: 2, pending: 2, cart: 3 });
    const dash = await env.admin.stats.dashboard();
    expect(dash).toMatchObject({ customers: 2, products: 2, orders: 5, completed: 2, pending: 2, cart: 3 });
    expect(dash.recentOrders.map((o) => o.orderId)).toEqual([...orders].reverse());
    expect(dash.recentCustomers.map((c) => c.customerId)).toEqual([b.customerId, a.customerId]);
    expect(JSON.stringify(dash)).not.toMatch(/passwordHash|argon2/);
  });

  it("every count is refused to anonymous (401) and customers (403)", async () => {
    const c = await env.newCustomer();
    const names = ["customerCount", "productCount", "orderCount", "completedCount", "pendingCount", "cartCount", "dashboard"] as const;
    for (const name of names) {
      await expect(env.anonymous.stats[name]()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(c.caller.stats[name]()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
