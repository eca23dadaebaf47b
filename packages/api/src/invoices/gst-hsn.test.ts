// The GST summary's HSN table (issue 24): each HSN described by its code (the owner names a code
// once), quantities in units of goods and the number of products; orders cancelled before they were
// paid shown with their invoice netted by its credit notes. On a database of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDay } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { expireUnpaidUpiOrders } from "../payments/payments.ts";
import { gstSummaryCsv } from "./gst-report.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici", hsnDigits: 4 });
});
afterAll(() => env.close());

const month = () => istDay(new Date()).slice(0, 7);

async function product(hsnCode: string, fields: Record<string, unknown> = {}) {
  const productId = await env.newProduct({ productPrice: 118, quantity: 100, ...fields });
  await env.admin.products.update({ productId, productName: `HSN ${hsnCode} product ${productId}`, hsnCode, gstRate: 18 });
  return productId;
}

describe("the GST summary's HSN table", () => {
  it("describes each HSN by its code; counts units of goods (not delivery or COD fee) and products, net of credit notes", async () => {
    const c = await env.newCustomer();
    const floor = await product("34022010", { deliveryCharge: 40 });
    const toilet = await product("34029099");
    const broom = await product("96031000");
    const odd = await product("1234");
    await c.caller.cart.save({ customerId: c.customerId, productId: floor, quantity: 3 });
    await c.caller.cart.save({ customerId: c.customerId, productId: toilet, quantity: 2 });
    await c.caller.cart.save({ customerId: c.customerId, productId: broom, quantity: 1 });
    await c.caller.cart.checkout();
    const another = await c.caller.orders.save({ productId: odd, quantity: 4 });
    const cancelled = await c.caller.orders.save({ productId: broom, quantity: 5 });
    await env.admin.orderDesk.setStatus({ productOrderId: cancelled.productOrderId, orderStatus: "Cancelled" });

    const before = await env.admin.reports.gst({ month: month() });
    const row = (hsn: string) => before.hsnSummary.find((h) => h.hsn === hsn);
    expect(row("3402")).toMatchObject({
      description: "Organic surface-active agents; washing and cleaning preparations",
      descriptionSource: "tariff",
      quantity: 5,
      products: 2,
    });
    // 1 broom kept; the 5 cancelled are netted by their credit note, and that product still sold one
    expect(row("9603")).toMatchObject({ description: "Brooms, brushes, mops and squeegees", quantity: 1, products: 1 });
    expect(row("1234")).toMatchObject({ description: "HSN 1234", descriptionSource: "none", quantity: 4, products: 1 });
    expect(another.order.quantity).toBe(4);

    // the owner names 3402 once: every 3402 row reads so
    const named = await env.admin.reports.nameHsn({ hsnCode: "3402", description: "Floor and toilet cleaners" });
    expect(named).toMatchObject({ hsnCode: "3402", description: "Floor and toilet cleaners" });
    const after = await env.admin.reports.gst({ month: month() });
    expect(after.hsnSummary.find((h) => h.hsn === "3402")).toMatchObject({ description: "Floor and toilet cleaners", descriptionSource: "owner" });
    expect(gstSummaryCsv(after)).toContain("3402,Floor and toilet cleaners,NOS,18,5,");
    // renaming is sending it again; the names are listed
    await env.admin.reports.nameHsn({ hsnCode: "3402", description: "Cleaning preparations" });
    expect(await env.admin.reports.hsnNames()).toEqual([{ hsnCode: "3402", description: "Cleaning preparations", updatedAt: expect.any(Date) }]);
    const [entry] = await env.handle.db.auditEntry.findMany({ where: { action: "reports.nameHsn" }, orderBy: { auditId: "desc" }, take: 1 });
    expect(entry).toMatchObject({ entity: "settings", entityId: "3402", summary: "Test Admin named the HSN code 3402" });
    expect(JSON.parse(entry!.changes)).toEqual({ description: ["Floor and toilet cleaners", "Cleaning preparations"] });
  });

  it("names are the owner's: staff may read, not name; a code is 4 to 8 digits", async () => {
    const staffId = (await env.admin.staff.create({ name: "Gst Staff", email: "gst.staff@cleanstore.test", password: "Lavender-Mop-Bucket-2026" })).staff
      .adminId;
    const staff = env.as({ role: "admin", adminId: staffId });
    await expect(staff.reports.nameHsn({ hsnCode: "9603", description: "Brooms" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await staff.reports.hsnNames()).map((n) => n.hsnCode)).toEqual(["3402"]);
    await expect(env.admin.reports.nameHsn({ hsnCode: "34A2", description: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "An HSN code is 4 to 8 digits",
    });
    await expect(env.admin.reports.nameHsn({ hsnCode: "3402", description: "  " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Description is required",
    });
  });

  it("an order never paid and cancelled shows its invoice netted by its credit notes; a paid one cancelled does not", async () => {
    const c = await env.newCustomer();
    const productId = await product("3808");
    const expired = await c.caller.orders.save({ productId, quantity: 2, paymentMethod: "UPI" });
    await expireUnpaidUpiOrders(env.handle.db, env.services.mail, new Date(Date.now() + 25 * 3600_000));
    const paid = await c.caller.orders.save({ productId, quantity: 1, paymentMethod: "UPI" });
    await c.caller.payments.submitUtr({ productOrderId: paid.productOrderId, utr: "720000000001" });
    await env.admin.payments.confirm({ productOrderId: paid.productOrderId });
    await env.admin.orderDesk.setStatus({ productOrderId: paid.productOrderId, orderStatus: "Cancelled" });

    const summary = await env.admin.reports.gst({ month: month() });
    const invoice = await env.handle.db.invoice.findUniqueOrThrow({ where: { invoiceOf: expired.productOrderId } });
    const notes = await env.handle.db.invoice.findMany({ where: { productOrderId: expired.productOrderId, kind: "CREDIT_NOTE" } });
    const entry = summary.cancelledBeforePayment.items.find((i) => i.productOrderId === expired.productOrderId);
    expect(entry).toEqual({
      productOrderId: expired.productOrderId,
      invoiceNumber: invoice.number,
      creditNoteNumbers: notes.map((n) => n.number),
      invoiceValue: 236,
      creditNoteValue: 236,
      netValue: 0,
    });
    expect(summary.cancelledBeforePayment.items.some((i) => i.productOrderId === paid.productOrderId)).toBe(false);
    expect(summary.cancelledBeforePayment.orders).toBe(summary.cancelledBeforePayment.items.length);
    // the earlier test's cash order cancelled before delivery was never paid either
    expect(summary.cancelledBeforePayment.orders).toBe(2);
    expect(gstSummaryCsv(summary)).toContain(`${expired.productOrderId},${invoice.number},236.00,${notes.map((n) => n.number).join(" ")},236.00,0.00`);
    expect(summary.hsnSummary.find((h) => h.hsn === "3808")).toMatchObject({ quantity: 0, products: 0, taxableValue: 0 });
  });
});
