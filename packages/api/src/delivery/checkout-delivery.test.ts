// The checkout's delivery rules (issue 27, contracts/delivery.md "Checkout rules"), at procedure depth:
// one zone fee per order (free at the threshold), the refusals with nothing taken, the delivery date
// from the dispatch calendar, the PIN code's state as the place of supply, and a store without zones
// unchanged. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverBy, istDay } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { readStoredDocument } from "../invoices/invoices.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 25, upiVpa: "shop@okicici" });
  // just what these tests need of the directory: Pune, Mumbai and a PIN code in Karnataka
  await db().pincode.createMany({
    data: [
      { pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" },
      { pincode: "400001", city: "Mumbai", district: "Mumbai", stateCode: "27", stateName: "Maharashtra", cod: false },
      { pincode: "560001", city: "Bengaluru Urban", district: "Bengaluru Urban", stateCode: "29", stateName: "Karnataka" },
    ],
  });
});
afterAll(() => env.close());
beforeEach(async () => {
  await db().shippingZone.deleteMany();
  await env.admin.settings.update({ freeDeliveryAbove: null, codBlockedPinCodes: [] });
});

/** A shopper at `pinCode` with three products in the cart, each with its own ₹40 delivery charge. */
async function shopper(pinCode = "411001", state = "Maharashtra") {
  const c = await env.newCustomer({ pinCode, state });
  const rates = [5, 18, 12];
  for (const [i, gstRate] of rates.entries()) {
    const productId = await env.newProduct({ productPrice: 100 + i * 50, deliveryCharge: 40, quantity: 30 });
    await db().productVariant.updateMany({ where: { productId }, data: { gstRate } });
    await c.caller.cart.save({ productId, quantity: 1 });
  }
  return c;
}
const zone = (o: Partial<{ match: string[]; fee: number; codAllowed: boolean; etaDaysMax: number }> = {}) =>
  env.admin.zones.create({
    name: `Zone ${Math.random()}`,
    match: o.match ?? ["27"],
    fee: o.fee ?? 60,
    etaDaysMin: 1,
    etaDaysMax: o.etaDaysMax ?? 4,
    codAllowed: o.codAllowed ?? true,
  });
const header = (productOrderId: string) => db().order.findUniqueOrThrow({ where: { productOrderId } });
const linesOf = (productOrderId: string) => db().productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
const refusal = (code: string) => ({ code: "BAD_REQUEST", cause: expect.objectContaining({ code }) });

describe("a store without zones", () => {
  it("charges each product's delivery as before, with the order date + 3 days", async () => {
    const c = await shopper();
    const before = Date.now();
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
    expect(await header(placed.productOrderId)).toMatchObject({ itemsTotal: 45_000, deliveryTotal: 12_000, codFee: 2_500 });
    const lines = await linesOf(placed.productOrderId);
    expect(lines.map((l) => l.deliveryCharge)).toEqual([4_000, 4_000, 4_000]);
    const days = (lines[0]?.deliveryDate.getTime() ?? 0) - before;
    expect(Math.round(days / 86_400_000)).toBe(3);
  });

  it("refuses cash on delivery to a blocked PIN code with COD_NOT_AVAILABLE, taking nothing", async () => {
    await env.admin.settings.update({ codBlockedPinCodes: ["411001"] });
    const c = await shopper();
    await expect(c.caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject(refusal("COD_NOT_AVAILABLE"));
    expect(await db().cartItem.count({ where: { customerId: c.customerId } })).toBe(3);
  });
});

describe("a store with zones", () => {
  it("charges the zone's fee once per order, on one invoice line at the highest goods rate, and dates the delivery by the calendar", async () => {
    await zone({ match: ["27"], fee: 60, etaDaysMax: 4 });
    const c = await shopper();
    const quote = await c.caller.offers.cartQuote({ paymentMethod: "UPI", couponCode: "" });
    expect(quote).toMatchObject({ itemsTotal: 450, deliveryTotal: 60, grandTotal: 510 });
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    const order = await header(placed.productOrderId);
    expect(order).toMatchObject({ itemsTotal: 45_000, deliveryTotal: 6_000, grandTotal: 51_000 });
    const lines = await linesOf(placed.productOrderId);
    expect(lines.map((l) => l.deliveryCharge)).toEqual([0, 0, 0]);
    const settings = await env.admin.settings.get();
    const expected = deliverBy(order.createdAt, 4, settings);
    expect(lines.every((l) => istDay(l.deliveryDate) === expected)).toBe(true);
    const invoice = readStoredDocument((await db().invoice.findUniqueOrThrow({ where: { invoiceOf: placed.productOrderId } })).document);
    const delivery = invoice.lines.filter((l) => /deliver/i.test(l.description));
    expect(delivery).toEqual([expect.objectContaining({ description: "Delivery charge", totalPaise: 6_000, ratePercent: 18, orderId: null })]);
    expect(invoice.totals.totalPaise).toBe(order.grandTotal);
  });

  it("is free at or above freeDeliveryAbove", async () => {
    await zone({ fee: 60 });
    await env.admin.settings.update({ freeDeliveryAbove: 450 });
    const c = await shopper();
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    expect(await header(placed.productOrderId)).toMatchObject({ deliveryTotal: 0, grandTotal: 45_000 });
  });

  it("refuses a PIN code no zone serves (PINCODE_NOT_SERVICEABLE) and COD where the PIN code or zone has none (COD_NOT_AVAILABLE), taking nothing", async () => {
    await zone({ match: ["411"], fee: 50 });
    const far = await shopper("560001", "Karnataka");
    const stockBefore = await db().productVariant.aggregate({ _sum: { stock: true } });
    await expect(far.caller.cart.checkout({ paymentMethod: "UPI" })).rejects.toMatchObject(refusal("PINCODE_NOT_SERVICEABLE"));
    expect(await db().cartItem.count({ where: { customerId: far.customerId } })).toBe(3);
    expect((await db().productVariant.aggregate({ _sum: { stock: true } }))._sum.stock).toBe(stockBefore._sum.stock);

    await zone({ match: ["400"], fee: 50 });
    const mumbai = await shopper("400001");
    await expect(mumbai.caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject(refusal("COD_NOT_AVAILABLE"));
    await expect(mumbai.caller.cart.checkout({ paymentMethod: "UPI" })).resolves.toMatchObject({ productOrderId: expect.any(String) });

    await db().shippingZone.deleteMany();
    await zone({ match: ["27"], codAllowed: false });
    const pune = await shopper();
    await expect(pune.caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject(refusal("COD_NOT_AVAILABLE"));
  });

  it("takes the place of supply from the PIN code: a legacy customer with Pune's PIN code and 'Karnataka' is billed in Maharashtra", async () => {
    await zone({ match: [] });
    const c = await shopper();
    await db().customer.update({ where: { customerId: c.customerId }, data: { state: "Karnataka" } });
    const placed = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    const order = await header(placed.productOrderId);
    expect(order.state).toBe("Maharashtra");
    expect(order.shippingAddress).toContain("Maharashtra 411001");
    const invoice = readStoredDocument((await db().invoice.findUniqueOrThrow({ where: { invoiceOf: placed.productOrderId } })).document);
    expect(invoice.placeOfSupply.stateCode).toBe("27");
    expect(invoice.interState).toBe(false);
  });

  it("gives the zone fee back with the last line of a paid order cancelled, with the COD fee", async () => {
    await zone({ fee: 60 });
    const c = await shopper();
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
    const lines = await linesOf(placed.productOrderId);
    // the payment is the order's: marking one line paid marks them all
    await env.admin.orders.updateStatus({ orderId: lines[0]?.orderId ?? 0, paymentStatus: "Paid" });
    for (const l of lines) await env.admin.orders.updateStatus({ orderId: l.orderId, orderStatus: "Cancelled" });
    const refunds = await db().refund.findMany({ where: { productOrderId: placed.productOrderId }, orderBy: { orderId: "asc" } });
    expect(refunds.map((r) => r.amount)).toEqual([10_000, 15_000, 20_000 + 6_000 + 2_500]);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe((await header(placed.productOrderId)).grandTotal);
    const notes = await db().invoice.findMany({ where: { productOrderId: placed.productOrderId, kind: "CREDIT_NOTE", creditFor: null } });
    expect(notes).toHaveLength(1);
    const fees = readStoredDocument(notes[0]?.document ?? "").lines.map((l) => l.description);
    expect(fees).toEqual(["Delivery charge", "Cash on delivery fee"]);
  });
});
