// The sales report's shipment figures (issue 28): the RTO rate of the shipments made in the range
// (IST days), RTO delivered ÷ ended (Delivered or RTO delivered; a Cancelled box never left),
// overall and by payment method, as a fraction with 4 decimals or null when none ended; and the
// shipments in NDR now, whatever the range. Shipments are made here directly in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentMethod, ShipmentStatus } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
let productOrderId: string;
beforeAll(async () => {
  env = await createTestEnv();
  const c = await env.newCustomer();
  const productId = await env.newProduct({ productName: "Shipping Report Soap", productPrice: 100, quantity: 50 });
  await c.caller.cart.save({ productId, quantity: 1 });
  ({ productOrderId } = await c.caller.cart.checkout({ paymentMethod: "COD" }));
});
afterAll(() => env.close());

let awbs = 0;
async function shipment(paymentMethod: PaymentMethod, status: ShipmentStatus, createdAt: string) {
  awbs += 1;
  await env.handle.db.shipment.create({
    data: {
      productOrderId,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: `RTO${String(awbs).padStart(8, "0")}`,
      weightGrams: 500,
      paymentMethod,
      status,
      createdAt: new Date(createdAt),
    },
  });
}

describe("reports.sales: rtoRate and ndrOpen", () => {
  beforeAll(async () => {
    // November (IST): COD 1 RTO delivered, 1 delivered, 1 on its way → 0.5
    await shipment("COD", "RTO delivered", "2026-10-31T18:30:00.000Z"); // 1 Nov IST 00:00
    await shipment("COD", "Delivered", "2026-11-10T06:00:00.000Z");
    await shipment("COD", "In transit", "2026-11-12T06:00:00.000Z");
    // UPI: delivered; a cancelled box (never left) and an open NDR do not count → 0
    await shipment("UPI", "Delivered", "2026-11-05T06:00:00.000Z");
    await shipment("UPI", "Cancelled", "2026-11-06T06:00:00.000Z");
    await shipment("UPI", "NDR", "2026-11-07T06:00:00.000Z");
    // ONLINE: nothing ended → null
    await shipment("ONLINE", "Out for delivery", "2026-11-20T06:00:00.000Z");
    // outside November (IST): 31 Oct and December
    await shipment("COD", "RTO delivered", "2026-10-31T18:29:59.000Z");
    await shipment("ONLINE", "NDR", "2026-10-20T06:00:00.000Z");
    await shipment("COD", "RTO delivered", "2026-11-30T18:30:00.000Z"); // 1 Dec IST
    await shipment("COD", "RTO delivered", "2026-12-05T06:00:00.000Z");
    await shipment("ONLINE", "Delivered", "2026-12-06T06:00:00.000Z");
  });

  it("answers RTO delivered ÷ ended of the shipments made in the range, overall and by payment method", async () => {
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" });
    expect(report.rtoRate).toEqual({ overall: 0.3333, byPaymentMethod: { COD: 0.5, UPI: 0, ONLINE: null }, ended: 3, rtoDelivered: 1 });
  });

  it("counts the shipments in NDR now, whatever the range", async () => {
    expect((await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" })).ndrOpen).toBe(2);
    expect((await env.admin.reports.sales({ from: "2025-01-01", to: "2025-01-31" })).ndrOpen).toBe(2);
  });

  it("rounds to 4 decimals, and is null with no shipment ended in the range", async () => {
    const december = await env.admin.reports.sales({ from: "2026-12-01", to: "2026-12-31" });
    expect(december.rtoRate).toEqual({ overall: 0.6667, byPaymentMethod: { COD: 1, UPI: null, ONLINE: 0 }, ended: 3, rtoDelivered: 2 });
    const october = await env.admin.reports.sales({ from: "2026-10-01", to: "2026-10-31" });
    expect(october.rtoRate).toEqual({ overall: 1, byPaymentMethod: { COD: 1, UPI: null, ONLINE: null }, ended: 1, rtoDelivered: 1 });
    const empty = await env.admin.reports.sales({ from: "2025-01-01", to: "2025-01-31" });
    expect(empty.rtoRate).toEqual({ overall: null, byPaymentMethod: { COD: null, UPI: null, ONLINE: null }, ended: 0, rtoDelivered: 0 });
  });

  it("follows a shipment that ends later: an RTO delivered today counts in the range it was made in", async () => {
    await env.handle.db.shipment.updateMany({ where: { status: "In transit", paymentMethod: "COD" }, data: { status: "RTO delivered" } });
    const report = await env.admin.reports.sales({ from: "2026-11-01", to: "2026-11-30" });
    // COD: 2 of 3 came back
    expect(report.rtoRate).toMatchObject({ overall: 0.5, byPaymentMethod: { COD: 0.6667, UPI: 0, ONLINE: null }, ended: 4, rtoDelivered: 2 });
  });
});
