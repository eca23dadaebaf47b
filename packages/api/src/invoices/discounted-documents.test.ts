// Documents of an order placed with a coupon (issue 26, contracts/offers.md "Maths", "Refunds"): the
// order's answers carry the code and the discounts; each invoice line shows its gross value, its
// discount and its taxable value, with the tax taken out of the value after the discount (CGST = SGST
// to the paisa); a credit note credits the discounted value; the GST summary counts it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { taxOfInclusiveAmount, toRupees } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { discountOrder } from "./discount-testing.ts";
import { invoiceDocumentOf } from "./invoices.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 25 });
});
afterAll(() => env.close());

const db = () => env.handle.db;

interface Item {
  price: number;
  quantity: number;
  rate: number;
  hsn?: string;
  delivery?: number;
}

/** A COD order of one line per item, placed through the cart (the COD fee of ₹25 on it). */
async function placed(items: Item[], state = "Maharashtra") {
  const c = await env.newCustomer({ state });
  for (const item of items) {
    const productId = await env.newProduct({
      productName: `Coupon Item ${item.price}`,
      productPrice: item.price,
      deliveryCharge: item.delivery ?? "Free",
      quantity: 50,
    });
    await env.admin.products.update({ productId, productName: `Coupon Item ${item.price}`, gstRate: item.rate, hsnCode: item.hsn ?? "3402" });
    await c.caller.cart.save({ productId, quantity: item.quantity });
  }
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "COD" });
  return { ...c, productOrderId };
}

const ITEMS: Item[] = [
  { price: 99.99, quantity: 3, rate: 18 },
  { price: 45.5, quantity: 1, rate: 5 },
  { price: 118, quantity: 2, rate: 12, delivery: 40 },
];

describe("the order's answers", () => {
  it("GET /orders/{id} shows the coupon, its discount on the order, in the totals and on each line; the lines add up to the grand total", async () => {
    const o = await placed(ITEMS);
    const shares = await discountOrder(db(), o.productOrderId, { total: 5_815 }, "DIWALI10");
    expect(shares.reduce((a, b) => a + b, 0)).toBe(5_815);
    const details = await o.caller.orders.order({ productOrderId: o.productOrderId });
    expect(details).toMatchObject({ couponCode: "DIWALI10", discountTotal: 58.15 });
    expect(details.totals).toEqual({ itemsTotal: 581.47, discountTotal: 58.15, deliveryTotal: 40, codFee: 25, grandTotal: 588.32 });
    expect(details.lines.map((l) => l.discount)).toEqual(shares.map(toRupees));
    const paise = (r: number) => Math.round(r * 100);
    expect(details.lines.reduce((s, l) => s + paise(l.orderTotalPrice) - paise(l.discount), 0) + paise(details.totals.codFee)).toBe(
      paise(details.totals.grandTotal),
    );
    const line = details.lines[0];
    expect(await o.caller.orders.byId({ orderId: line?.orderId ?? 0 })).toMatchObject({ discount: line?.discount });
    const list = await env.admin.orderDesk.list({ search: o.productOrderId });
    expect(list.items[0]).toMatchObject({ productOrderId: o.productOrderId, couponCode: "DIWALI10", discountTotal: 58.15, grandTotal: 588.32 });
  });

  it("an order without a coupon answers couponCode null and discounts of 0", async () => {
    const o = await placed([{ price: 50, quantity: 1, rate: 18 }]);
    const details = await o.caller.orders.order({ productOrderId: o.productOrderId });
    expect(details).toMatchObject({ couponCode: null, discountTotal: 0, totals: { discountTotal: 0 } });
    expect(details.lines[0]?.discount).toBe(0);
    const invoice = await o.caller.orders.invoice({ productOrderId: o.productOrderId });
    expect(invoice).toMatchObject({ couponCode: null, totals: { discountPaise: 0, grossPaise: invoice.totals.totalPaise } });
  });
});

describe("documents issued before coupons", () => {
  it("read with gross value = total, discount 0 and no coupon, and their credit notes too", async () => {
    const o = await placed([{ price: 59, quantity: 2, rate: 18 }]);
    const row = await db().invoice.findUniqueOrThrow({ where: { invoiceOf: o.productOrderId } });
    // the document as issue 15 froze it: no gross value, discount or coupon anywhere
    const old = JSON.parse(row.document) as Record<string, unknown> & { lines: Record<string, unknown>[]; totals: Record<string, unknown> };
    const strip = <T extends Record<string, unknown>>({ grossPaise: _g, discountPaise: _d, ...rest }: T) => rest;
    const { couponCode: _c, ...header } = old;
    await db().invoice.update({
      where: { number: row.number },
      data: { document: JSON.stringify({ ...header, lines: old.lines.map(strip), totals: strip(old.totals) }) },
    });
    const doc = await o.caller.orders.invoice({ productOrderId: o.productOrderId });
    expect(doc.couponCode).toBeNull();
    expect(doc.lines[0]).toMatchObject({ grossPaise: 11_800, discountPaise: 0, totalPaise: 11_800 });
    expect(doc.totals).toMatchObject({ discountPaise: 0, grossPaise: doc.totals.totalPaise });
    const line = await db().productOrder.findFirstOrThrow({ where: { productOrderId: o.productOrderId } });
    await env.admin.orders.updateStatus({ orderId: line.orderId, orderStatus: "Cancelled" });
    const [note] = (await o.caller.orders.order({ productOrderId: o.productOrderId })).creditNotes;
    const credit = await o.caller.orders.creditNote({ productOrderId: o.productOrderId, creditNoteNumber: note?.number ?? "" });
    expect(credit.lines[0]).toMatchObject({ grossPaise: 11_800, discountPaise: 0, totalPaise: 11_800 });
  });
});

describe("tax invoice with a discount", () => {
  it("intra-state: each line's tax is on its value after its discount, CGST = SGST to the paisa; the totals are the order's", async () => {
    const o = await placed(ITEMS);
    const shares = await discountOrder(db(), o.productOrderId, { total: 5_815 });
    const doc = await o.caller.orders.invoice({ productOrderId: o.productOrderId });
    const rows = await db().productOrder.findMany({ where: { productOrderId: o.productOrderId }, orderBy: { orderId: "asc" } });
    const header = await db().order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } });
    const goods = doc.lines.filter((l) => !l.description.startsWith("Delivery") && l.description !== "Cash on delivery fee");
    expect(goods).toHaveLength(3);
    for (const [i, row] of rows.entries()) {
      const line = goods[i];
      const gross = row.productPrice * row.quantity;
      const expected = taxOfInclusiveAmount(gross - (shares[i] ?? 0), row.gstRate, false);
      expect(line).toMatchObject({
        grossPaise: gross,
        discountPaise: shares[i],
        totalPaise: gross - (shares[i] ?? 0),
        taxablePaise: expected.taxable,
        cgstPaise: expected.cgst,
        sgstPaise: expected.sgst,
        igstPaise: 0,
      });
      expect(line!.cgstPaise).toBe(line!.sgstPaise);
      expect(line!.taxablePaise + line!.cgstPaise + line!.sgstPaise).toBe(gross - (shares[i] ?? 0));
    }
    const goodsValue = goods.reduce((s, l) => s + l.taxablePaise + l.cgstPaise + l.sgstPaise, 0);
    expect(goodsValue).toBe(header.itemsTotal - header.discountTotal);
    // delivery and the COD fee are never discounted
    for (const l of doc.lines.filter((x) => !goods.includes(x))) expect(l).toMatchObject({ discountPaise: 0, grossPaise: l.totalPaise });
    expect(doc.couponCode).toBe("SAVE10");
    expect(doc.totals).toMatchObject({
      grossPaise: header.itemsTotal + header.deliveryTotal + header.codFee,
      discountPaise: header.discountTotal,
      totalPaise: header.grandTotal,
    });
    expect(doc.totals.taxablePaise + doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(header.grandTotal);
    expect(doc.totals.cgstPaise).toBe(doc.totals.sgstPaise);
    const row = await db().invoice.findUniqueOrThrow({ where: { invoiceOf: o.productOrderId } });
    expect(row).toMatchObject({ taxable: doc.totals.taxablePaise, cgst: doc.totals.cgstPaise, sgst: doc.totals.sgstPaise, total: header.grandTotal });
  });

  it("CGST = SGST and taxable + tax = amount − discount for many amounts, discounts and rates", async () => {
    const o = await placed([
      { price: 33.33, quantity: 7, rate: 18 },
      { price: 1.01, quantity: 3, rate: 28 },
      { price: 249, quantity: 1, rate: 5 },
      { price: 77.77, quantity: 9, rate: 12 },
    ]);
    await discountOrder(db(), o.productOrderId, [1_111, 1, 0, 6_999]);
    const doc = await env.admin.orders.invoice({ productOrderId: o.productOrderId });
    for (const l of doc.lines) {
      expect(l.cgstPaise, l.description).toBe(l.sgstPaise);
      expect(l.taxablePaise + l.cgstPaise + l.sgstPaise, l.description).toBe(l.grossPaise - l.discountPaise);
    }
    expect(doc.lines.map((l) => l.discountPaise)).toEqual([1_111, 1, 0, 6_999, 0]);
  });

  it("inter-state: IGST at the full rate on the value after the discount", async () => {
    const o = await placed([{ price: 105, quantity: 2, rate: 5 }], "Tamil Nadu");
    await discountOrder(db(), o.productOrderId, [2_100]);
    const doc = await env.admin.orders.invoice({ productOrderId: o.productOrderId });
    expect(doc.interState).toBe(true);
    expect(doc.lines[0]).toMatchObject({ grossPaise: 21_000, discountPaise: 2_100, totalPaise: 18_900, taxablePaise: 18_000, igstPaise: 900, cgstPaise: 0 });
  });

  it("the PDF prints the gross value, the discount and the taxable value of each line, and the coupon", async () => {
    const o = await placed([{ price: 236, quantity: 2, rate: 18 }]);
    await discountOrder(db(), o.productOrderId, [4_720], "FESTIVE20");
    const doc = await invoiceDocumentOf(db(), o.productOrderId);
    if (!doc) throw new Error("the order has an invoice");
    const pdf = await renderInvoicePdf(doc);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");
    // ₹472 less ₹47.20 = ₹424.80 = 360.00 + 32.40 + 32.40; the COD fee ₹25 = 21.19 + 1.91 + 1.90 after rounding
    for (const expected of ["Gross value", "Discount", "Taxable value", "472.00", "47.20", "360.00", "32.40", "424.80", "coupon FESTIVE20", "₹47.20"]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain(`Invoice total: ₹${(doc.totals.totalPaise / 100).toFixed(2)}`);
  });
});

describe("credit note of a discounted line", () => {
  it("credits the line's value after its discount (and its delivery), with the invoice's taxable value and tax", async () => {
    const o = await placed(ITEMS);
    const shares = await discountOrder(db(), o.productOrderId, { total: 5_815 });
    const invoice = await env.admin.orders.invoice({ productOrderId: o.productOrderId });
    const rows = await db().productOrder.findMany({ where: { productOrderId: o.productOrderId }, orderBy: { orderId: "asc" } });
    const delivered = rows.findIndex((r) => r.deliveryCharge > 0);
    const line = rows[delivered]!;
    await env.admin.orders.updateStatus({ orderId: line.orderId, orderStatus: "Cancelled" });
    const details = await env.admin.orders.order({ productOrderId: o.productOrderId });
    expect(details.creditNotes).toHaveLength(1);
    const note = await env.admin.orders.creditNote({ productOrderId: o.productOrderId, creditNoteNumber: details.creditNotes[0]?.number ?? "" });
    const gross = line.productPrice * line.quantity;
    const discount = shares[delivered] ?? 0;
    expect(note.lines).toHaveLength(2);
    expect(note.lines[0]).toMatchObject({ grossPaise: gross, discountPaise: discount, totalPaise: gross - discount });
    expect(note.lines[0]).toEqual(invoice.lines.find((l) => l.description === note.lines[0]?.description && l.grossPaise === gross));
    expect(note.totals).toMatchObject({ totalPaise: gross - discount + line.deliveryCharge, discountPaise: discount });
    expect(note.totals.taxablePaise + note.totals.cgstPaise + note.totals.sgstPaise).toBe(gross - discount + line.deliveryCharge);
    expect(note.couponCode).toBe("SAVE10");
    expect(details.creditNotes[0]?.total).toBe(toRupees(gross - discount + line.deliveryCharge));
  });
});

describe("GST summary", () => {
  it("the HSN and state rows add up the discounted taxable values, net of the credit notes", async () => {
    const hsn = "3808";
    const o = await placed([
      { price: 150, quantity: 2, rate: 18, hsn },
      { price: 80, quantity: 1, rate: 18, hsn },
    ]);
    await discountOrder(db(), o.productOrderId, [3_000, 800]);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const summary = await env.admin.reports.gst({ month });
    const row = summary.hsnSummary.find((h) => h.hsn === hsn && h.ratePercent === 18);
    // ₹270.00 and ₹72.00 after the discounts, and the COD fee of ₹25 (taxed with the goods), 18% inside each
    const parts = [27_000, 7_200, 2_500].map((v) => taxOfInclusiveAmount(v, 18, false));
    const sum = (key: "taxable" | "cgst" | "sgst") => toRupees(parts.reduce((s, p) => s + p[key], 0));
    expect(row).toMatchObject({ quantity: 3, taxableValue: sum("taxable"), cgst: sum("cgst"), sgst: sum("sgst") });
    // the second line cancelled: its credit note takes its discounted value back out
    const second = await db().productOrder.findFirstOrThrow({ where: { productOrderId: o.productOrderId, productPrice: 8_000 } });
    await env.admin.orders.updateStatus({ orderId: second.orderId, orderStatus: "Cancelled" });
    const after = (await env.admin.reports.gst({ month })).hsnSummary.find((h) => h.hsn === hsn && h.ratePercent === 18);
    const kept = [parts[0]!, parts[2]!];
    expect(after).toMatchObject({ quantity: 2, taxableValue: toRupees(kept.reduce((s, p) => s + p.taxable, 0)) });
  });
});
