// The sales report with coupons (issue 26): gross sales before the discount, the discount, net sales
// after it, and the orders that used a coupon, per bucket and in total; a top product's revenue is
// net of its lines' discounts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRupees } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { discountOrder } from "../invoices/discount-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const db = () => env.handle.db;

/** An order of `quantity` units of the product, placed at `at`. */
async function orderAt(productId: number, quantity: number, at: string) {
  const c = await env.newCustomer();
  await c.caller.cart.save({ productId, quantity });
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "COD" });
  await db().order.update({ where: { productOrderId }, data: { createdAt: new Date(at) } });
  return productOrderId;
}

describe("reports.sales with coupons", () => {
  it("answers gross sales, the discount, net sales and coupon orders, per day and in total, from the orders themselves", async () => {
    const soap = await env.newProduct({ productName: "Coupon Soap", productPrice: 120, deliveryCharge: 40, quantity: 100 });
    const mop = await env.newProduct({ productName: "Coupon Mop", productPrice: 450, quantity: 100 });
    const a = await orderAt(soap, 2, "2026-11-03T06:00:00.000Z");
    const b = await orderAt(mop, 1, "2026-11-03T08:00:00.000Z");
    const c = await orderAt(soap, 1, "2026-11-04T06:00:00.000Z");
    await discountOrder(db(), a, [2_400], "SAVE10");
    await discountOrder(db(), c, [1_111], "FLAT11");

    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30", interval: "day" });
    const orders = await db().order.findMany({ where: { productOrderId: { in: [a, b, c] } } });
    const items = orders.reduce((s, o) => s + o.itemsTotal, 0);
    const discount = orders.reduce((s, o) => s + o.discountTotal, 0);
    expect(discount).toBe(3_511);
    expect(report.totals).toMatchObject({
      orders: 3,
      grossSales: toRupees(items),
      discountTotal: 35.11,
      netSales: toRupees(items - discount),
      couponOrders: 2,
      placedRevenue: toRupees(orders.reduce((s, o) => s + o.grandTotal, 0)),
    });
    expect(report.series.find((p) => p.period === "2026-11-03")).toMatchObject({
      orders: 2,
      grossSales: 690,
      discountTotal: 24,
      netSales: 666,
      couponOrders: 1,
    });
    expect(report.series.find((p) => p.period === "2026-11-04")).toMatchObject({
      orders: 1,
      grossSales: 120,
      discountTotal: 11.11,
      netSales: 108.89,
      couponOrders: 1,
    });
    expect(report.series.find((p) => p.period === "2026-11-05")).toMatchObject({ grossSales: 0, discountTotal: 0, netSales: 0, couponOrders: 0 });
    // ₹360 of soap less ₹35.11 of discounts; the mop had none
    expect(report.topProducts.find((p) => p.productId === soap)).toMatchObject({ quantity: 3, revenue: 324.89 });
    expect(report.topProducts.find((p) => p.productId === mop)).toMatchObject({ quantity: 1, revenue: 450 });
  });
});
