// Today's work first (issue 24): each number of GET /reports/todo counts exactly the work it names,
// on a database of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici", lowStockThreshold: 5 });
});
afterAll(() => env.close());

describe("reports.todo", () => {
  it("counts UPI payments to verify, returns to decide, orders to ship, low-stock products and failed emails", async () => {
    expect(await env.admin.reports.todo()).toEqual({
      paymentsToVerify: 0,
      returnsToDecide: 0,
      ordersToShip: 0,
      lowStock: 0,
      lowStockThreshold: 5,
      failedMessages: 0,
    });
    const c = await env.newCustomer();
    const plenty = await env.newProduct({ quantity: 100 });
    // low stock: at or under 5, deleted products not counted
    await env.newProduct({ quantity: 5 });
    await env.newProduct({ quantity: 0 });
    await env.newProduct({ quantity: 6 });
    const gone = await env.newProduct({ quantity: 1 });
    await env.admin.products.remove({ productId: gone });

    // to ship: COD orders (two lines: one order), a paid UPI order; not an unpaid one, nor one on its way or cancelled
    await c.caller.cart.save({ customerId: c.customerId, productId: plenty, quantity: 1 });
    await c.caller.cart.save({ customerId: c.customerId, productId: await env.newProduct({ quantity: 100 }), quantity: 1 });
    await c.caller.cart.checkout();
    await c.caller.orders.save({ productId: plenty, quantity: 1, paymentMethod: "UPI" });
    const paid = await c.caller.orders.save({ productId: plenty, quantity: 1, paymentMethod: "UPI" });
    await c.caller.payments.submitUtr({ productOrderId: paid.productOrderId, utr: "710000000001" });
    await env.admin.payments.confirm({ productOrderId: paid.productOrderId });
    const awaiting = await c.caller.orders.save({ productId: plenty, quantity: 1, paymentMethod: "UPI" });
    await c.caller.payments.submitUtr({ productOrderId: awaiting.productOrderId, utr: "710000000002" });
    const onItsWay = await c.caller.orders.save({ productId: plenty, quantity: 1 });
    await env.admin.orderDesk.setStatus({ productOrderId: onItsWay.productOrderId, orderStatus: "On the way" });
    const cancelled = await c.caller.orders.save({ productId: plenty, quantity: 1 });
    await env.admin.orderDesk.setStatus({ productOrderId: cancelled.productOrderId, orderStatus: "Cancelled" });
    // returns: one requested, one already decided
    for (const decide of [false, true]) {
      const delivered = await c.caller.orders.save({ productId: plenty, quantity: 1 });
      await env.admin.orderDesk.setStatus({ productOrderId: delivered.productOrderId, orderStatus: "Completed" });
      await c.caller.orders.requestReturn({ orderId: delivered.order.orderId, reason: "Damaged product" });
      if (decide) await env.admin.orders.decideReturn({ orderId: delivered.order.orderId, returnStatus: "Rejected" });
    }
    // failed emails: retrying and given up; a sent one is not
    const mail = { kind: "welcome", recipient: c.fields.email, subject: "Welcome", html: "<p>Hi</p>", text: "Hi" };
    await env.handle.db.outboxMessage.createMany({
      data: [
        { ...mail, status: "failed", nextAttemptAt: new Date(Date.now() + 60_000) },
        { ...mail, status: "failed", nextAttemptAt: null },
        { ...mail, status: "sent", nextAttemptAt: null },
      ],
    });

    expect(await env.admin.reports.todo()).toEqual({
      paymentsToVerify: 1,
      returnsToDecide: 1,
      ordersToShip: 2,
      lowStock: 2,
      lowStockThreshold: 5,
      failedMessages: 2,
    });
    const staffId = (await env.admin.staff.create({ name: "Todo Staff", email: "todo.staff@cleanstore.test", password: "Lavender-Mop-Bucket-2026" })).staff
      .adminId;
    expect((await env.as({ role: "admin", adminId: staffId }).reports.todo()).ordersToShip).toBe(2);
    await expect(c.caller.reports.todo()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
