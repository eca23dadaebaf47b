// The sales report (issue 17) reconciles exactly with the orders of its range: every figure is
// recomputed here from the order rows themselves, on IST day boundaries.
import { givePacks } from "../orders/packs-testing.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketStart, istDay, toRupees, type Interval } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
});
afterAll(() => env.close());

// instants around IST midnights: 18:29:59 UTC is still the IST day, 18:30 the next one
const PLACED_AT = [
  "2026-10-31T18:29:59.000Z", // 31 Oct IST: before the range
  "2026-10-31T18:30:00.000Z", // 1 Nov IST 00:00: the first instant of the range
  "2026-11-02T06:00:00.000Z",
  "2026-11-02T20:00:00.000Z", // 3 Nov IST
  "2026-11-09T10:00:00.000Z",
  "2026-11-15T18:29:59.999Z", // 15 Nov IST 23:59:59.999
  "2026-11-30T18:29:59.000Z", // 30 Nov IST: the last day of the range
  "2026-11-30T18:30:00.000Z", // 1 Dec IST: after the range
];

async function placeOrders() {
  const c = await env.newCustomer();
  const cheap = await env.newProduct({ productName: "Report Soap", productPrice: 45.5, deliveryCharge: 40, quantity: 500 });
  const dear = await env.newProduct({ productName: "Report Mop", productPrice: 399, deliveryCharge: "Free", quantity: 500 });
  const ids: string[] = [];
  for (const [i, at] of PLACED_AT.entries()) {
    await c.caller.cart.save({ customerId: c.customerId, productId: cheap, quantity: 1 + (i % 3) });
    if (i % 2 === 0) await c.caller.cart.save({ customerId: c.customerId, productId: dear, quantity: 1 });
    const placed = await c.caller.cart.checkout({ paymentMethod: i % 3 === 0 ? "UPI" : "COD" });
    const productOrderId = placed.productOrderId;
    ids.push(productOrderId);
    await env.handle.db.order.update({ where: { productOrderId }, data: { createdAt: new Date(at) } });
  }
  // some paid, one partly refunded, one refunded, one delivered and returned
  const db = env.handle.db;
  await db.order.update({ where: { productOrderId: ids[1]! }, data: { paymentStatus: "Paid" } });
  const partial = await db.order.findUniqueOrThrow({ where: { productOrderId: ids[2]! } });
  await db.order.update({ where: { productOrderId: ids[2]! }, data: { paymentStatus: "Partially refunded", refundedTotal: 4550 } });
  await db.order.update({
    where: { productOrderId: ids[4]! },
    data: { paymentStatus: "Refunded", refundedTotal: (await db.order.findUniqueOrThrow({ where: { productOrderId: ids[4]! } })).grandTotal },
  });
  await db.order.update({ where: { productOrderId: ids[6]! }, data: { paymentStatus: "Paid" } });
  await db.productOrder.updateMany({ where: { productOrderId: { in: [ids[1]!, ids[2]!] } }, data: { orderStatus: "Completed" } });
  await db.productOrder.updateMany({ where: { productOrderId: ids[2]! }, data: { returnStatus: "Approved" } });
  expect(partial.grandTotal).toBeGreaterThan(4550);
}

/** The figures recomputed from the order rows: nothing shared with the report's SQL. */
async function expected(from: string, to: string, interval: Interval) {
  const orders = (await env.handle.db.order.findMany()).filter((o) => istDay(o.createdAt) >= from && istDay(o.createdAt) <= to);
  const received = new Set(["Paid", "Partially refunded", "Refunded"]);
  const buckets = new Map<string, { orders: number; placed: number; paid: number }>();
  for (const o of orders) {
    const key = bucketStart(istDay(o.createdAt), interval);
    const b = buckets.get(key) ?? { orders: 0, placed: 0, paid: 0 };
    b.orders += 1;
    b.placed += o.grandTotal;
    if (received.has(o.paymentStatus)) b.paid += o.grandTotal - o.refundedTotal;
    buckets.set(key, b);
  }
  const placed = orders.reduce((s, o) => s + o.grandTotal, 0);
  const paid = orders.reduce((s, o) => s + (received.has(o.paymentStatus) ? o.grandTotal - o.refundedTotal : 0), 0);
  return { orders, buckets, totals: { orders: orders.length, placedRevenue: toRupees(placed), paidRevenue: toRupees(paid) } };
}

describe("reports.sales", () => {
  beforeAll(placeOrders);

  it.each(["day", "week", "month"] as const)("per %s: the series and totals reconcile exactly with the orders of the range", async (interval) => {
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30", interval });
    const want = await expected("2026-11-01", "2026-11-30", interval);
    expect(want.orders.length).toBe(6); // the two outside instants are left out
    expect(report.totals).toMatchObject(want.totals);
    expect(report.totals.averageOrderValue).toBeCloseTo(want.totals.placedRevenue / want.totals.orders, 2);
    for (const point of report.series) {
      const b = want.buckets.get(point.period) ?? { orders: 0, placed: 0, paid: 0 };
      expect(point, point.period).toMatchObject({ orders: b.orders, placedRevenue: toRupees(b.placed), paidRevenue: toRupees(b.paid) });
    }
    const sum = (key: "orders" | "placedRevenue" | "paidRevenue") => report.series.reduce((s, p) => s + p[key], 0);
    expect(sum("orders")).toBe(report.totals.orders);
    expect(sum("placedRevenue")).toBeCloseTo(report.totals.placedRevenue, 2);
    expect(sum("paidRevenue")).toBeCloseTo(report.totals.paidRevenue, 2);
    // 1 Nov 2026 is a Sunday: its week began on Monday 26 Oct
    expect(report.series.length).toBe(interval === "day" ? 30 : interval === "week" ? 6 : 1);
  });

  it("counts an order on its IST day: 18:30 UTC starts the next day", async () => {
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-03", interval: "day" });
    expect(report.series.map((p) => [p.period, p.orders])).toEqual([
      ["2026-11-01", 1],
      ["2026-11-02", 1],
      ["2026-11-03", 1],
    ]);
  });

  it("top products, payment methods, return rate and low stock add up", async () => {
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" });
    const want = await expected("2026-11-01", "2026-11-30", "day");
    expect(report.paymentMethods.reduce((s, m) => s + m.orders, 0)).toBe(want.orders.length);
    expect(report.paymentMethods.reduce((s, m) => s + m.placedRevenue, 0)).toBeCloseTo(want.totals.placedRevenue, 2);
    const lines = await env.handle.db.productOrder.findMany({ where: { productOrderId: { in: want.orders.map((o) => o.productOrderId) } } });
    const soap = lines.filter((l) => l.productName === "Report Soap");
    expect(report.topProducts.find((p) => p.productName === "Report Soap")).toMatchObject({
      quantity: soap.reduce((s, l) => s + l.quantity, 0),
      revenue: toRupees(soap.reduce((s, l) => s + l.productPrice * l.quantity, 0)),
    });
    expect(report.topProducts[0]!.revenue).toBeGreaterThanOrEqual(report.topProducts.at(-1)!.revenue);
    expect(report.returns).toMatchObject({
      delivered: lines.filter((l) => l.orderStatus === "Completed").length,
      returned: lines.filter((l) => l.returnStatus === "Approved").length,
    });
    expect(report.returns.rate).toBeCloseTo(report.returns.returned / report.returns.delivered, 6);
    const low = await env.newProduct({ productName: "Nearly Gone", quantity: 3 });
    const again = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" });
    expect(again.lowStockThreshold).toBe(10);
    expect(again.lowStock.map((p) => p.productId)).toContain(low);
    expect(again.lowStock.every((p) => p.quantity <= 10)).toBe(true);
  });

  it("lists low stock per pack: the 5 L pack that runs out, not its product's default pack", async () => {
    const productId = await env.newProduct({ productName: "Floor Shine Packs", quantity: 50 });
    const [big, small] = await givePacks(env.handle.db, productId, [
      { label: "500 ml", price: 99, stock: 80 },
      { label: "5 L", price: 699, stock: 2 },
    ]);
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" });
    const listed = report.lowStock.filter((p) => p.productId === productId);
    expect(listed).toEqual([expect.objectContaining({ variantId: small, packSize: "5 L", quantity: 2, sku: expect.any(String) })]);
    expect(listed.some((p) => p.variantId === big)).toBe(false);
  });

  it("refuses a range backwards, too long, or a date that does not exist", async () => {
    await expect(env.admin.reports.sales({ from: "2026-11-30", to: "2026-11-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "from must be on or before to",
    });
    await expect(env.admin.reports.sales({ from: "2020-01-01", to: "2026-11-01" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.reports.sales({ from: "2026-02-30", to: "2026-03-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "from is not a real date",
    });
  });
});
