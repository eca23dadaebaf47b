// GST documents over HTTP (issue 15): the invoice and credit-note PDFs (real PDFs, text extracted
// and checked), their access rules, the GST summary as JSON and CSV, and the legal facts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: "GET", url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const textOf = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, " ");

async function placed(state = "Karnataka") {
  const c = await env.newCustomer({ state, firstName: "Kavya", lastName: "Rao" });
  const token = await env.tokenFor(c.customerId);
  const productId = await env.newProduct({ productName: "Lavender Floor Cleaner", productPrice: 236, quantity: 20 });
  const res = await env.app.inject({
    method: "POST",
    url: "/api/v1/productOrder/save",
    payload: { productId, quantity: 2 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return { ...c, token, ...res.json<{ productOrderId: string; order: { orderId: number } }>() };
}

describe("invoice.pdf", () => {
  it("answers application/pdf with every rule-46 field, the same bytes twice; anyone else 404", async () => {
    const o = await placed("Karnataka");
    const res = await get(`/api/v1/orders/${o.productOrderId}/invoice.pdf`, o.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await textOf(res.rawPayload);
    const invoice = (await get(`/api/v1/orders/${o.productOrderId}`, o.token)).json<{ invoice: { number: string } }>().invoice;
    for (const expected of [
      "TAX INVOICE",
      `Invoice number: ${invoice.number}`,
      "GSTIN: 27AAACC1234D1ZC",
      "Kavya Rao",
      "Place of supply: Karnataka (29)",
      "Lavender Floor Cleaner",
      "IGST",
      "472.00",
      "₹472.00",
      "Four Hundred Seventy-Two Rupees Only",
      "Tax is not payable on reverse charge",
    ]) {
      expect(text, expected).toContain(expected);
    }
    const again = await get(`/api/v1/orders/${o.productOrderId}/invoice.pdf`, env.adminToken);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const stranger = await placed();
    const foreign = await get(`/api/v1/orders/${o.productOrderId}/invoice.pdf`, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, message: `Order ${o.productOrderId} was not found.` });
    expect((await get(`/api/v1/orders/${o.productOrderId}/invoice.pdf`)).statusCode).toBe(401);
    expect((await get(`/api/v1/orders/ORD-NONE/invoice.pdf`, env.adminToken)).statusCode).toBe(404);
  });

  it("a cancelled line's credit note is a PDF at its URL-encoded number", async () => {
    const o = await placed("Maharashtra");
    await env.admin.orders.updateStatus({ orderId: o.order.orderId, orderStatus: "Cancelled" });
    const order = (await get(`/api/v1/orders/${o.productOrderId}`, o.token)).json<{
      creditNotes: { number: string; pdf: string }[];
      invoice: { number: string };
    }>();
    const note = order.creditNotes[0];
    expect(note?.pdf).toBe(`/api/v1/orders/${o.productOrderId}/credit-notes/${encodeURIComponent(note?.number ?? "")}.pdf`);
    const res = await get(note?.pdf ?? "", o.token);
    expect(res.statusCode).toBe(200);
    const text = await textOf(res.rawPayload);
    expect(text).toContain(`Credit note number: ${note?.number}`);
    expect(text).toContain(`Against invoice ${order.invoice.number}`);
    expect(text).toContain("CGST");
    expect((await get(`/api/v1/orders/${o.productOrderId}/credit-notes/CN%2F2026-27%2F99999.pdf`, o.token)).statusCode).toBe(404);
  });
});

describe("GET /reports/gst", () => {
  it("answers JSON, CSV with Accept: text/csv or ?format=csv; admin only; a bad month is a 400", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const json = await get(`/api/v1/reports/gst?month=${month}`, env.adminToken);
    expect(json.statusCode).toBe(200);
    const summary = json.json<{ totals: { invoices: number; taxableValue: number }; hsnSummary: { hsn: string }[] }>();
    expect(summary.totals.invoices).toBeGreaterThan(0);
    const csv = await get(`/api/v1/reports/gst?month=${month}`, env.adminToken, { accept: "text/csv" });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.split("\n")[0]).toBe("HSN,Description,UQC,Rate %,Total quantity,Taxable value,IGST,CGST,SGST");
    expect(csv.body).toContain(`Net taxable value`);
    expect(csv.body).toContain(summary.totals.taxableValue.toFixed(2));
    expect((await get(`/api/v1/reports/gst?month=${month}&format=csv`, env.adminToken)).body).toBe(csv.body);
    const customer = await placed();
    expect((await get(`/api/v1/reports/gst?month=${month}`, customer.token)).statusCode).toBe(403);
    const bad = await get(`/api/v1/reports/gst?month=November`, env.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: "month must be YYYY-MM, e.g. 2026-11" });
  });
});

describe("GET /store-facts", () => {
  it("tells anyone the seller's legal facts", async () => {
    const res = await get("/api/v1/store-facts");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sellerGstin: "27AAACC1234D1ZC", sellerState: "Maharashtra (27)", grievanceOfficer: { name: expect.any(String) } });
  });
});
