// GET /api/v1/shipments/{shipmentId}/label.pdf over HTTP (issue 28): the admin gets the label as a
// real PDF; a customer, no token, an unknown or malformed id are refused as the facade refuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const textOf = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, " ");

/** a COD order of one product, its line put in a manual shipment straight in the database */
async function manualShipment() {
  const c = await env.newCustomer({ firstName: "Kavya", lastName: "Rao", pinCode: "560038", state: "Karnataka", city: "Bengaluru" });
  const productId = await env.newProduct({ productName: "Lavender Floor Cleaner", productPrice: 236, quantity: 20 });
  await c.caller.cart.save({ productId, quantity: 2 });
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "COD" });
  const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });
  const shipment = await env.handle.db.shipment.create({
    data: {
      productOrderId,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: `HTTP${Date.now() % 10_000_000}`,
      weightGrams: 1000,
      paymentMethod: "COD",
      codAmount: order.grandTotal,
    },
  });
  await env.handle.db.productOrder.updateMany({ where: { productOrderId }, data: { shipmentId: shipment.shipmentId } });
  return { ...c, token: await env.tokenFor(c.customerId), productOrderId, shipment };
}

describe("GET /shipments/{shipmentId}/label.pdf", () => {
  it("the admin gets the 4×6 label as an inline PDF that is not cached", async () => {
    const s = await manualShipment();
    const res = await get(`/api/v1/shipments/${s.shipment.shipmentId}/label.pdf`, env.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="label-${s.shipment.awb}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(res.rawPayload);
    for (const expected of [`AWB ${s.shipment.awb}`, "Kavya Rao", `Order ${s.productOrderId}`, "COD: Collect ₹", "2 × Lavender Floor Cleaner"]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("refuses a customer (even the order's own), no token, an unknown shipment and an id that is not a number", async () => {
    const s = await manualShipment();
    const url = `/api/v1/shipments/${s.shipment.shipmentId}/label.pdf`;
    const customer = await get(url, s.token);
    expect(customer.statusCode).toBe(403);
    expect(customer.headers["content-type"]).toMatch(/^application\/json/);
    expect((await get(url)).statusCode).toBe(401);
    const unknown = await get("/api/v1/shipments/99999999/label.pdf", env.adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: "NOT_FOUND", path: "/api/v1/shipments/99999999/label.pdf" });
    const malformed = await get("/api/v1/shipments/abc/label.pdf", env.adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: expect.stringContaining("Shipment id must be a number") });
  });

  it("is described in /api/v1/openapi.json as an admin PDF", async () => {
    const doc = (await get("/api/v1/openapi.json")).json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }>; security?: unknown[] } }>;
    }>();
    const operation = doc.paths["/shipments/{shipmentId}/label.pdf"]?.get;
    expect(Object.keys(operation?.responses["200"]?.content ?? {})).toEqual(["application/pdf"]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["401", "403", "404", "502"]));
  });
});
