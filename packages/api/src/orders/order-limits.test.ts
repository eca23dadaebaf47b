// Issue 13 item 5: stock hoarding. Limits per customer on open unpaid orders and on orders an hour,
// checked under the customer's row lock so parallel orders cannot slip past (PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const limits = (maxOpenUnpaidOrders: number, maxOrdersPerHour: number) => env.admin.settings.update({ maxOpenUnpaidOrders, maxOrdersPerHour });

describe("order limits per customer", () => {
  it("24 parallel orders of one new account with a limit of 3 open unpaid orders: exactly 3 are placed, the rest 429 with what to do", async () => {
    await limits(3, 100);
    try {
      const productId = await env.newProduct({ quantity: 1_000 });
      const { caller, customerId } = await env.newCustomer();
      const results = await Promise.allSettled(Array.from({ length: 24 }, () => caller.orders.save({ productId, quantity: 5 })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      const refusals = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string; message: string }] : []));
      expect(refusals).toHaveLength(21);
      for (const r of refusals) {
        expect(r.code).toBe("TOO_MANY_REQUESTS");
        expect(r.message).toMatch(/^You have 3 orders waiting for delivery or payment, the most one account may have\. Please wait/);
      }
      expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(3);
      expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(1_000 - 15);
      // a cancelled order no longer counts
      const first = await env.handle.db.productOrder.findFirstOrThrow({ where: { customerId } });
      await env.admin.orders.update({ orderId: first.orderId, orderStatus: "Cancelled" });
      await expect(caller.orders.save({ productId, quantity: 1 })).resolves.toMatchObject({ success: true });
    } finally {
      await limits(10, 20);
    }
  });

  it("counts a whole cart checkout as one order, and limits orders an hour", async () => {
    await limits(100, 2);
    try {
      const productId = await env.newProduct({ quantity: 100 });
      const other = await env.newProduct({ quantity: 100 });
      const { caller } = await env.newCustomer();
      await caller.cart.save({ productId, quantity: 1 });
      await caller.cart.save({ productId: other, quantity: 1 });
      await caller.cart.checkout();
      await caller.orders.save({ productId, quantity: 1 });
      await expect(caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: expect.stringMatching(/^You have placed 2 orders in the last hour/) as string,
      });
      // another customer is not affected
      await expect((await env.newCustomer()).caller.orders.save({ productId, quantity: 1 })).resolves.toMatchObject({ success: true });
    } finally {
      await limits(10, 20);
    }
  });
});
