// An order placed with a coupon over HTTP (issue 26, contracts/offers.md): GET /orders/{id} carries the
// code and the discounts, the invoice JSON and PDF show each line's gross value, discount and taxable
// value with the tax after the discount, a cancelled line's refund and credit note give back the
// discounted value, and the orders CSV ends with the coupon's columns.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { taxOfInclusiveAmount } from "@store/domain";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 0 });
});
afterAll(() => env.close());

const DAY = 24 * 3600 * 1000;
const send = (method: "GET" | "POST", url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
const textOf = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, " ");

interface OrderAnswer {
  couponCode: string | null;
  discountTotal: number;
  totals: { itemsTotal: number; discountTotal: number; deliveryTotal: number; codFee: number; grandTotal: number };
  lines: { orderId: number; productPrice: number; quantity: number; orderTotalPrice: number; deliveryCharge: number; discount: number }[];
  invoice: { number: string; total: number; pdf: string };
  creditNotes: { number: string; total: number; pdf: string }[];
  refunds: { orderId: number | null; amount: number }[];
}
interface InvoiceAnswer {
  couponCode: string | null;
  lines: { description: string; grossPaise: number; discountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number }[];
  totals: { grossPaise: number; discountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number };
}

/** A 15% coupon, and a Maharashtra shopper's COD order of two lines placed with it through POST /addToCart/checkout. */
async function placedWithCoupon() {
  const code = `OFF${Date.now() % 100000}`;
  await env.handle.db.coupon.create({
    data: {
      code,
      description: "15% off",
      type: "PERCENT",
      value: 15,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      paymentMethods: "COD,UPI,ONLINE",
    },
  });
  const c = await env.newCustomer({ state: "Maharashtra", firstName: "Nisha", lastName: "Kale" });
  const token = await env.tokenFor(c.customerId);
  for (const [name, price, delivery] of [
    ["Coupon Lemon Gel", 133.33, 40],
    ["Coupon Floor Shine", 249, "Free"],
  ] as const) {
    const productId = await env.newProduct({ productName: name, productPrice: price, deliveryCharge: delivery, quantity: 30 });
    expect((await send("POST", "/api/v1/addToCart/save", token, { customerId: c.customerId, productId, quantity: 3 })).statusCode).toBe(200);
  }
  const res = await send("POST", "/api/v1/addToCart/checkout", token, { paymentMethod: "COD", couponCode: code.toLowerCase() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...c, token, code, productOrderId: res.json<{ productOrderId: string }>().productOrderId };
}

describe("an order placed with a coupon, over HTTP", () => {
  it("GET /orders/{id}, the invoice JSON and its PDF show the discount and the tax after it", async () => {
    const o = await placedWithCoupon();
    const res = await send("GET", `/api/v1/orders/${o.productOrderId}`, o.token);
    expect(res.statusCode).toBe(200);
    const order = res.json<OrderAnswer>();
    // items ₹399.99 + ₹747 = ₹1,146.99; 15% = ₹172.05 shared in proportion
    expect(order).toMatchObject({ couponCode: o.code, discountTotal: 172.05 });
    expect(order.totals).toEqual({ itemsTotal: 1146.99, discountTotal: 172.05, deliveryTotal: 40, codFee: 0, grandTotal: 1014.94 });
    expect(order.lines.map((l) => l.discount)).toEqual([60, 112.05]);
    expect(order.lines.map((l) => l.orderTotalPrice)).toEqual([439.99, 747]);

    const invoice = await send("GET", `/api/v1/orders/${o.productOrderId}/invoice`, o.token);
    expect(invoice.statusCode).toBe(200);
    const doc = invoice.json<InvoiceAnswer>();
    expect(doc.couponCode).toBe(o.code);
    const [gel, delivery, shine] = doc.lines;
    expect(gel).toMatchObject({ grossPaise: 39_999, discountPaise: 6_000, totalPaise: 33_999 });
    expect(delivery).toMatchObject({ description: expect.stringContaining("Delivery"), grossPaise: 4_000, discountPaise: 0, totalPaise: 4_000 });
    expect(shine).toMatchObject({ grossPaise: 74_700, discountPaise: 11_205, totalPaise: 63_495 });
    for (const line of doc.lines) {
      const tax = taxOfInclusiveAmount(line.totalPaise, 18, false);
      expect(line, line.description).toMatchObject({ taxablePaise: tax.taxable, cgstPaise: tax.cgst, sgstPaise: tax.sgst });
      expect(line.cgstPaise).toBe(line.sgstPaise);
    }
    expect(doc.totals).toMatchObject({ grossPaise: 118_699, discountPaise: 17_205, totalPaise: 101_494 });
    expect(doc.totals.taxablePaise + doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(101_494);

    const pdf = await send("GET", order.invoice.pdf, o.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await textOf(pdf.rawPayload);
    for (const expected of ["Gross value", "Discount", "Taxable value", "399.99", "60.00", "112.05", "634.95", `coupon ${o.code}`, "₹172.05", "₹1,014.94"]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("a cancelled line of the paid order: its refund and credit note are its value after the discount (and its delivery)", async () => {
    const o = await placedWithCoupon();
    const before = (await send("GET", `/api/v1/orders/${o.productOrderId}`, o.token)).json<OrderAnswer>();
    const gel = before.lines[0]!;
    await env.admin.orders.updateStatus({ orderId: gel.orderId, paymentStatus: "Paid" });
    await env.admin.orders.updateStatus({ orderId: gel.orderId, orderStatus: "Cancelled" });
    const after = (await send("GET", `/api/v1/orders/${o.productOrderId}`, o.token)).json<OrderAnswer>();
    // ₹439.99 − ₹60.00
    expect(after.refunds).toEqual([expect.objectContaining({ orderId: gel.orderId, amount: 379.99 })]);
    expect(after.creditNotes).toEqual([expect.objectContaining({ total: 379.99 })]);
    const note = await send("GET", after.creditNotes[0]!.pdf, o.token);
    expect(note.statusCode).toBe(200);
    const text = await textOf(note.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("₹379.99");
    expect(text).toContain("60.00");
  });

  it("the orders CSV ends with couponCode and discount; the columns before keep their places", async () => {
    const o = await placedWithCoupon();
    const res = await send("GET", `/api/v1/export/orders.csv?search=${o.productOrderId}`, env.adminToken);
    expect(res.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(res.body, { columns: true, bom: true });
    expect(rows).toHaveLength(2);
    const header = Object.keys(rows[0]!);
    expect(header.slice(-3)).toEqual(["closedAt", "couponCode", "discount"]);
    expect(header.indexOf("lineTotal")).toBe(11);
    expect(rows.map((r) => [r.couponCode, r.discount]).sort()).toEqual([
      [o.code, "112.05"],
      [o.code, "60"],
    ]);
  });
});
