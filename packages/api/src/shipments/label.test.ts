// A shipment's label: the store's own 4×6 label for a manual box, drawn from a real order, its lines
// and the seller in Settings; the courier's label through the adapter for a Shiprocket box.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { Prisma } from "@store/db";
import { formatIndianNumber } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { CourierError, type CourierAdapter } from "./couriers/port.ts";
import { shipmentLabelPdf } from "./label.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({
    maxOpenUnpaidOrders: 1000,
    maxOrdersPerHour: 1000,
    upiVpa: "swachhghar@okicici",
    sellerLegalName: "Swachh Ghar Traders LLP",
    sellerAddress: "Shop 4, Laxmi Road, Pune, Maharashtra 411030",
  });
});
afterAll(() => env.close());

const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");

let serial = 0;
/** a placed order (two products) and a shipment holding both lines, written straight to the database */
async function shipped(paymentMethod: "COD" | "UPI", shipment: Partial<Prisma.ShipmentUncheckedCreateInput> = {}) {
  serial++;
  const c = await env.newCustomer({
    firstName: "Kavya",
    lastName: "Rao",
    houseNo: "7A",
    areaAddress: "Indiranagar",
    city: "Bengaluru",
    pinCode: "560038",
    state: "Karnataka",
  });
  for (const [productName, quantity] of [
    ["Lavender Floor Cleaner", 2],
    ["Lemon Dish Gel", 1],
  ] as const) {
    const productId = await env.newProduct({ productName, productPrice: 236, quantity: 20 });
    await c.caller.cart.save({ productId, quantity });
  }
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod });
  const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });
  const row = await env.handle.db.shipment.create({
    data: {
      productOrderId,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: `LBL${Date.now() % 1_000_000}${serial}`,
      weightGrams: 1800,
      paymentMethod,
      codAmount: paymentMethod === "COD" ? order.grandTotal : 0,
      ...shipment,
    },
  });
  await env.handle.db.productOrder.updateMany({ where: { productOrderId }, data: { shipmentId: row.shipmentId } });
  return { ...c, productOrderId, order, shipment: row };
}

/** a Shiprocket adapter whose label call answers as told (the rest is never asked here) */
function fakeShiprocket(label: CourierAdapter["label"]): CourierAdapter {
  const unused = () => Promise.reject(new Error("not used by the label"));
  return { name: "shiprocket", book: unused, cancel: unused, track: unused, ndrAction: unused, label, parseWebhook: () => null };
}

describe("shipmentLabelPdf", () => {
  it("a manual COD box: the store's 4×6 label with the AWB, both addresses, the lines and the cash to collect", async () => {
    const s = await shipped("COD", { ewayBillNumber: "123412341234", lengthCm: 30, breadthCm: 20, heightCm: 10 });
    const { filename, pdf } = await shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId);
    expect(filename).toBe(`label-${s.shipment.awb}`);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
    for (const expected of [
      "Delhivery Surface",
      `AWB ${s.shipment.awb}`,
      `COD: Collect ₹${formatIndianNumber(s.order.grandTotal)}`,
      "Kavya Rao",
      s.order.shippingAddress,
      "PIN 560038",
      `Phone: ${s.fields.number}`,
      `Order ${s.productOrderId}`,
      "Swachh Ghar Traders LLP",
      "Shop 4, Laxmi Road, Pune, Maharashtra 411030",
      "2 × Lavender Floor Cleaner",
      "1 × Lemon Dish Gel",
      "Weight: 1.80 kg",
      "30 × 20 × 10 cm",
      "E-way bill: 123412341234",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(s.order.shippingAddress).toContain("Bengaluru");
  });

  it("a prepaid box says not to collect cash; only the lines in this box are printed", async () => {
    const s = await shipped("UPI");
    const gel = await env.handle.db.productOrder.findFirstOrThrow({ where: { productOrderId: s.productOrderId, productName: "Lemon Dish Gel" } });
    await env.handle.db.productOrder.update({ where: { orderId: gel.orderId }, data: { shipmentId: null } });
    const text = await textOf((await shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId)).pdf);
    expect(text).toContain("PREPAID — do not collect cash");
    expect(text).not.toContain("Collect ₹");
    expect(text).toContain("2 × Lavender Floor Cleaner");
    expect(text).not.toContain("Lemon Dish Gel");
  });

  it("an unknown shipment is a 404", async () => {
    await expect(shipmentLabelPdf(env.handle.db, env.services, 99_999_999)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  describe("a Shiprocket box", () => {
    const original = () => env.services.couriers.shiprocket;
    let saved: CourierAdapter | null;
    beforeAll(() => {
      saved = original();
    });
    afterAll(() => {
      env.services.couriers.shiprocket = saved;
    });

    it("answers the courier's own label bytes, asked with the AWB and the courier's ids", async () => {
      const s = await shipped("COD", { courier: "shiprocket", providerShipmentId: "SR-SHP-77", labelUrl: "https://example.test/label.pdf" });
      const bytes = Buffer.from("%PDF-1.4 the courier's label");
      const asked: Parameters<CourierAdapter["label"]>[0][] = [];
      env.services.couriers.shiprocket = fakeShiprocket((shipment) => {
        asked.push(shipment);
        return Promise.resolve(bytes);
      });
      const { filename, pdf } = await shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId);
      expect(pdf.equals(bytes)).toBe(true);
      expect(filename).toBe(`label-${s.shipment.awb}`);
      expect(asked).toEqual([{ awb: s.shipment.awb, providerShipmentId: "SR-SHP-77", labelUrl: "https://example.test/label.pdf" }]);
    });

    it("a courier error is a 502 COURIER_ERROR with its message; no label yet is a 404; no adapter is COURIER_NOT_CONFIGURED", async () => {
      const s = await shipped("UPI", { courier: "shiprocket" });
      env.services.couriers.shiprocket = fakeShiprocket(() => Promise.reject(new CourierError("Shipment is not yet manifested", 400)));
      await expect(shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId)).rejects.toMatchObject({
        status: 502,
        code: "COURIER_ERROR",
        message: "The courier could not give the label: Shipment is not yet manifested",
      });
      env.services.couriers.shiprocket = fakeShiprocket(() => Promise.resolve(null));
      await expect(shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
      env.services.couriers.shiprocket = null;
      await expect(shipmentLabelPdf(env.handle.db, env.services, s.shipment.shipmentId)).rejects.toMatchObject({ status: 400, code: "COURIER_NOT_CONFIGURED" });
    });
  });
});
