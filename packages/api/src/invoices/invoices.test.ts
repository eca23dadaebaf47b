// GST documents at procedure depth (issue 15): invoice per order with the tax split by place of
// supply, gapless numbering (also in parallel and across the financial year), credit notes, and the
// monthly summary reconciling with the documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { issueInvoice } from "./invoices.ts";
import { loadSettings } from "../back-office/settings.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 0 });
});
afterAll(() => env.close());

const db = () => env.handle.db;

async function order(opts: { state?: string; price?: number; delivery?: number | "Free"; quantity?: number; rate?: number; hsn?: string } = {}) {
  const c = await env.newCustomer({ state: opts.state ?? "Maharashtra" });
  const productId = await env.newProduct({ productPrice: opts.price ?? 118, deliveryCharge: opts.delivery ?? "Free", quantity: 50 });
  if (opts.rate !== undefined || opts.hsn) await env.admin.products.update({ productId, productName: "Floor Cleaner", gstRate: opts.rate, hsnCode: opts.hsn });
  const placed = await c.caller.orders.save({ productId, quantity: opts.quantity ?? 1 });
  return { ...c, productId, ...placed };
}

describe("product GST fields", () => {
  it("new products take the Settings defaults; the admin can change HSN and rate; bad ones are refused", async () => {
    const productId = await env.newProduct();
    const product = await env.anonymous.products.byId({ productId });
    expect(product).toMatchObject({ hsnCode: "3402", gstRate: 18, countryOfOrigin: null });
    await env.admin.settings.update({ defaultHsnCode: "38089400", defaultGstRate: 12 });
    expect(await env.anonymous.products.byId({ productId: await env.newProduct() })).toMatchObject({ hsnCode: "38089400", gstRate: 12 });
    await env.admin.settings.update({ defaultHsnCode: "3402", defaultGstRate: 18 });
    await expect(env.admin.products.update({ productId, productName: "X", gstRate: 15 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("0, 5, 12, 18, 28"),
    });
    await expect(env.admin.products.update({ productId, productName: "X", hsnCode: "34" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("the seller's and a buyer's GSTIN are checked, with the check character named", async () => {
    await expect(env.admin.settings.update({ sellerGstin: "27AAPFU0939F1ZW" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("should be V"),
    });
    const c = await env.newCustomer();
    const { password: _p, agreeToTerms: _a, ...fields } = c.fields;
    await expect(c.caller.customers.update({ ...fields, customerId: c.customerId, gstin: "27AAPFU0939F1Z" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const saved = await c.caller.customers.update({ ...fields, customerId: c.customerId, gstin: "27aapfu0939f1zv" });
    expect(saved.customer.gstin).toBe("27AAPFU0939F1ZV");
  });
});

describe("tax invoice", () => {
  it("intra-state: CGST = SGST at half the rate; the totals are the order's; number <prefix>/<FY>/<serial>", async () => {
    const o = await order({ state: "Maharashtra", price: 118, quantity: 3, delivery: 40 });
    const doc = await o.caller.orders.invoice({ productOrderId: o.productOrderId });
    expect(doc.number).toMatch(/^CS\/20\d\d-\d\d\/\d{5}$/);
    expect(doc.number.length).toBeLessThanOrEqual(16);
    expect(doc).toMatchObject({
      kind: "TAX INVOICE",
      interState: false,
      placeOfSupply: { stateCode: "27", stateName: "Maharashtra" },
      seller: { gstin: "27AAACC1234D1ZC" },
    });
    const [goods, delivery] = doc.lines;
    expect(goods).toMatchObject({
      hsn: "3402",
      quantity: 3,
      unit: "NOS",
      ratePercent: 18,
      totalPaise: 35_400,
      taxablePaise: 30_000,
      cgstPaise: 2_700,
      sgstPaise: 2_700,
      igstPaise: 0,
    });
    expect(delivery).toMatchObject({ description: expect.stringContaining("Delivery"), totalPaise: 4_000, ratePercent: 18 });
    const header = await db().order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } });
    expect(doc.totals.totalPaise).toBe(header.grandTotal);
    expect(doc.totals.taxablePaise + doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(header.grandTotal);
    expect(doc.amountInWords).toMatch(/Rupees .*Only$/);
    const details = await o.caller.orders.order({ productOrderId: o.productOrderId });
    expect(details.invoice).toMatchObject({ number: doc.number, pdf: `/api/v1/orders/${o.productOrderId}/invoice.pdf` });
  });

  it("inter-state: IGST at the full rate; a buyer GSTIN is printed; the COD fee is a taxed line", async () => {
    await env.admin.settings.update({ codFee: 50 });
    const o = await order({ state: "Tamil Nadu", price: 105, rate: 5 });
    await env.admin.settings.update({ codFee: 0 });
    const doc = await env.admin.orders.invoice({ productOrderId: o.productOrderId });
    expect(doc.interState).toBe(true);
    expect(doc.placeOfSupply).toEqual({ stateCode: "33", stateName: "Tamil Nadu" });
    expect(doc.lines[0]).toMatchObject({ ratePercent: 5, taxablePaise: 10_000, igstPaise: 500, cgstPaise: 0, sgstPaise: 0 });
    expect(doc.lines[1]).toMatchObject({ description: "Cash on delivery fee", totalPaise: 5_000, ratePercent: 5 });
    expect(doc.totals.totalPaise).toBe(15_500);
  });

  it("another customer gets 404 for the invoice, as for a missing order", async () => {
    const o = await order();
    const other = await env.newCustomer();
    await expect(other.caller.orders.invoice({ productOrderId: o.productOrderId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("20 orders placed at once get 20 consecutive numbers, no gap, no duplicate", async () => {
    const before = await db().documentCounter.findMany();
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 100 });
    const placed = await Promise.all(Array.from({ length: 20 }, () => c.caller.orders.save({ productId, quantity: 1 })));
    const invoices = await db().invoice.findMany({ where: { productOrderId: { in: placed.map((p) => p.productOrderId) } } });
    const serials = invoices.map((i) => i.serial).sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(20);
    expect((serials.at(-1) ?? 0) - (serials[0] ?? 0)).toBe(19);
    const counter = (await db().documentCounter.findMany()).find((row) => row.series.startsWith("INVOICE"));
    expect(counter?.last).toBe((before.find((row) => row.series.startsWith("INVOICE"))?.last ?? 0) + 20);
  });

  it("a new financial year starts a new series at 1 on 1 April, India time", async () => {
    const o = await order();
    const settings = await loadSettings(db());
    const numbers = await db().$transaction(async (tx) => {
      // a second invoice of an order cannot exist (invoiceOf is unique): give these their own headers
      const made: string[] = [];
      for (const at of ["2027-03-31T18:29:00Z", "2027-03-31T18:30:00Z", "2027-04-02T10:00:00Z"]) {
        const ref = `ORD-FY-${at.slice(0, 16)}`;
        const header = await tx.order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } });
        await tx.order.create({ data: { ...header, productOrderId: ref, createdAt: new Date(at), updatedAt: new Date(at) } });
        made.push(await issueInvoice(tx, ref, settings, new Date(at)));
      }
      return made;
    });
    expect(numbers[0]).toMatch(/^CS\/2026-27\//);
    expect(numbers[1]).toBe("CS/2027-28/00001");
    expect(numbers[2]).toBe("CS/2027-28/00002");
  });
});

describe("credit notes", () => {
  it("a cancelled line gets a credit note in its own series citing the invoice, listed on the order", async () => {
    const o = await order({ price: 236, quantity: 1 });
    await env.admin.orders.updateStatus({ orderId: o.order.orderId, orderStatus: "Cancelled" });
    const details = await o.caller.orders.order({ productOrderId: o.productOrderId });
    expect(details.creditNotes).toHaveLength(1);
    const number = details.creditNotes[0]?.number ?? "";
    expect(number).toMatch(/^CN\/20\d\d-\d\d\/\d{5}$/);
    const note = await o.caller.orders.creditNote({ productOrderId: o.productOrderId, creditNoteNumber: number });
    expect(note).toMatchObject({
      kind: "CREDIT NOTE",
      originalInvoice: { number: details.invoice?.number },
      totals: { totalPaise: 23_600, taxablePaise: 20_000 },
    });
    // a second cancellation attempt changes nothing
    await expect(env.admin.orders.updateStatus({ orderId: o.order.orderId, orderStatus: "Cancelled" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().invoice.count({ where: { productOrderId: o.productOrderId, kind: "CREDIT_NOTE" } })).toBe(1);
  });

  it("an approved return gets one too", async () => {
    const o = await order({ price: 59 });
    await env.admin.orders.updateStatus({ orderId: o.order.orderId, orderStatus: "Completed" });
    await o.caller.orders.requestReturn({ orderId: o.order.orderId, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: o.order.orderId, returnStatus: "Approved" });
    const details = await env.admin.orders.order({ productOrderId: o.productOrderId });
    expect(details.creditNotes.map((n) => n.total)).toEqual([59]);
  });
});

describe("GST summary", () => {
  it("reconciles with the month's invoices and credit notes, HSN-wise and state-wise", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const summary = await env.admin.reports.gst({ month });
    const docs = await db().invoice.findMany();
    const net = (field: "taxable" | "cgst" | "sgst" | "igst") => docs.reduce((s, d) => s + (d.kind === "CREDIT_NOTE" ? -1 : 1) * d[field], 0) / 100;
    const inMonth = docs.filter((d) => new Date(d.issuedAt.getTime() + 330 * 60_000).toISOString().slice(0, 7) === month);
    expect(summary.totals.invoices).toBe(inMonth.filter((d) => d.kind === "INVOICE").length);
    expect(summary.totals.creditNotes).toBe(inMonth.filter((d) => d.kind === "CREDIT_NOTE").length);
    const within = (a: number, b: number) => expect(Math.round(a * 100)).toBe(Math.round(b * 100));
    // the FY test's invoices are dated 2027: only this month's documents count
    const netInMonth = (field: "taxable" | "cgst" | "sgst" | "igst") => inMonth.reduce((s, d) => s + (d.kind === "CREDIT_NOTE" ? -1 : 1) * d[field], 0) / 100;
    within(summary.totals.taxableValue, netInMonth("taxable"));
    within(summary.totals.igst, netInMonth("igst"));
    within(summary.totals.cgst, netInMonth("cgst"));
    within(
      summary.hsnSummary.reduce((s, h) => s + h.taxableValue, 0),
      summary.totals.taxableValue,
    );
    expect(summary.b2cStateSummary.map((s) => s.stateCode)).toEqual(expect.arrayContaining(["27", "33"]));
    expect(net("taxable")).toBeGreaterThan(0);
    await expect(env.admin.reports.gst({ month: "2026-13" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "month must be YYYY-MM, e.g. 2026-11" });
  });
});
