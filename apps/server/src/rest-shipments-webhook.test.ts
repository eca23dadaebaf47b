// The courier's tracking webhook over HTTP (issue 28, contracts/shipments.md "Courier updates"): the
// shared token in x-api-key (401 without it, and nothing changes), a Shiprocket body from the stand-in
// moving a shipment booked through it and its lines, the same body twice applied once, an unknown AWB
// 200, junk 400 and a huge body 413, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShiprocketCourier } from "@store/api";
import { startShiprocketStandIn, type ShiprocketStandIn } from "@store/api/testing/shiprocket";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let shiprocket: ShiprocketStandIn;
const TOKEN = "webhook-shared-token-0123456789";

beforeAll(async () => {
  env = await createHttpTestEnv();
  shiprocket = await startShiprocketStandIn();
  env.services.couriers = {
    shiprocket: createShiprocketCourier({ email: shiprocket.email, password: shiprocket.password, apiBase: shiprocket.url, timeoutMs: 1_500 }),
    webhookToken: TOKEN,
  };
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await env.close();
  await shiprocket.close();
});

const WEBHOOK = "/api/v1/shipping/webhook/courier";
const send = (body: unknown, headers: Record<string, string> = { "x-api-key": TOKEN }, contentType = "application/json") =>
  env.app.inject({
    method: "POST",
    url: WEBHOOK,
    payload: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": contentType, ...headers },
  });

let serial = 0;
/** a COD order of `lines` lines booked with Shiprocket (the stand-in) through the REST facade */
async function bookedShipment(lines = 2) {
  const c = await env.newCustomer();
  const token = await env.tokenFor(c.customerId);
  for (let i = 0; i < lines; i++) {
    const productId = await env.newProduct({ productName: `Zz Hook Gel ${++serial}`, productPrice: 120, mainPrice: 150, quantity: 20 });
    expect(
      (
        await env.app.inject({
          method: "POST",
          url: "/api/v1/addToCart/save",
          payload: { productId, quantity: 1 },
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  }
  const placed = await env.app.inject({
    method: "POST",
    url: "/api/v1/addToCart/checkout",
    payload: { paymentMethod: "COD" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(placed.statusCode).toBe(200);
  const { productOrderId } = placed.json<{ productOrderId: string }>();
  const made = await env.app.inject({
    method: "POST",
    url: `/api/v1/orders/${productOrderId}/shipments`,
    payload: { courier: "shiprocket" },
    headers: { authorization: `Bearer ${env.adminToken}` },
  });
  expect(made.statusCode).toBe(201);
  const { shipmentId, awb } = made.json<{ shipmentId: number; awb: string }>();
  return { ...c, productOrderId, shipmentId, awb };
}

const shipmentOf = (shipmentId: number) => env.handle.db.shipment.findUniqueOrThrow({ where: { shipmentId }, include: { events: true } });
const linesOf = async (productOrderId: string) =>
  (await env.handle.db.productOrder.findMany({ where: { productOrderId }, select: { orderStatus: true }, orderBy: { orderId: "asc" } })).map(
    (l) => l.orderStatus,
  );

describe("POST /api/v1/shipping/webhook/courier", () => {
  it("401 without the token, with a wrong one, and with any when none is configured; nothing changes", async () => {
    const s = await bookedShipment(1);
    const body = shiprocket.webhookBody(s.awb, "PICKED UP");
    const refused: Record<string, string>[] = [
      {},
      { "x-api-key": "" },
      { "x-api-key": "wrong-token" },
      { "x-api-key": `${TOKEN}x` },
      { authorization: `Bearer ${TOKEN}` },
    ];
    for (const headers of refused) {
      const res = await send(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED", path: WEBHOOK });
    }
    const saved = env.services.couriers;
    env.services.couriers = { ...saved, webhookToken: null };
    try {
      const any: Record<string, string>[] = [{}, { "x-api-key": TOKEN }, { "x-api-key": "null" }];
      for (const headers of any) expect((await send(body, headers)).statusCode).toBe(401);
    } finally {
      env.services.couriers = saved;
    }
    // junk is not even read without the token
    expect((await send("{not json", {})).statusCode).toBe(401);
    const shipment = await shipmentOf(s.shipmentId);
    expect(shipment.status).toBe("Created");
    expect(shipment.events.filter((e) => e.source === "webhook")).toHaveLength(0);
    expect(await linesOf(s.productOrderId)).toEqual(["Shipped"]);
  });

  it("a Shiprocket body moves the shipment and its lines; the same body again is applied once", async () => {
    const s = await bookedShipment(2);
    const hoursAgo = (h: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - h * 3600_000);
    const picked = shiprocket.webhookBody(s.awb, "PICKED UP", { at: hoursAgo(3) });
    const first = await send(picked);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: "1 event applied." });
    expect((await shipmentOf(s.shipmentId)).status).toBe("Picked up");
    expect(await linesOf(s.productOrderId)).toEqual(["On the way", "On the way"]);
    const eventsAfterFirst = (await shipmentOf(s.shipmentId)).events.length;
    const again = await send(picked);
    expect(again.json()).toEqual({ success: true, message: "Already applied; nothing new." });
    expect((await shipmentOf(s.shipmentId)).events).toHaveLength(eventsAfterFirst);

    // any content type the courier labels it with is read as JSON
    const delivered = await send(shiprocket.webhookBody(s.awb, "DELIVERED", { at: hoursAgo(1) }), { "x-api-key": TOKEN }, "text/plain");
    expect(delivered.statusCode).toBe(200);
    const shipment = await shipmentOf(s.shipmentId);
    expect(shipment.status).toBe("Delivered");
    expect(shipment.events.every((e) => e.source === "webhook" || e.source === "admin" || e.source === "courier")).toBe(true);
    expect(shipment.events.some((e) => e.source === "webhook" && e.status === "Delivered")).toBe(true);
    expect(await linesOf(s.productOrderId)).toEqual(["Completed", "Completed"]);
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: s.productOrderId } })).paymentStatus).toBe("Paid");
    // the buyer reads it on the order
    const mine = await env.app.inject({
      method: "GET",
      url: `/api/v1/orders/${s.productOrderId}/shipments`,
      headers: { authorization: `Bearer ${await env.tokenFor(s.customerId)}` },
    });
    expect(mine.json()).toMatchObject({ shipments: [{ shipmentId: s.shipmentId, status: "Delivered" }] });
    const events = mine.json<{ shipments: { events: { status: string; source: string }[] }[] }>().shipments[0]!.events;
    expect(events.map((e) => [e.status, e.source])).toEqual([
      ["Created", "admin"],
      ["Delivered", "webhook"],
      ["Picked up", "webhook"],
    ]);
  });

  it("an unknown AWB and a body that is no tracking update are 200 and change nothing", async () => {
    const before = await env.handle.db.shipmentEvent.count();
    const unknown = await send(shiprocket.webhookBody("ZZUNKNOWN0001", "DELIVERED"));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: "No shipment of this store has AWB ZZUNKNOWN0001; ignored." });
    const other = await send({ hello: "world" });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ success: true, message: "Not a tracking update; ignored." });
    expect(await env.handle.db.shipmentEvent.count()).toBe(before);
  });

  it("junk is 400 in the facade's error shape, a huge body 413, never a 5xx", async () => {
    const s = await bookedShipment(1);
    for (const junk of [
      "{not json",
      "",
      "\u0000\u0001",
      "[1,2",
      "null",
      "[]",
      "42",
      '"text"',
      JSON.stringify({ awb: 12, current_status: ["x"], scans: "no" }),
    ]) {
      const res = await send(junk);
      expect(res.statusCode, junk).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, junk).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json(), junk).toMatchObject({ status: 400, path: WEBHOOK, code: "BAD_REQUEST" });
    }
    expect((await send("{not json")).statusCode).toBe(400);
    const bad = shiprocket.webhookBody(s.awb, "PICKED UP") as Record<string, unknown>;
    const weird = await send({ ...bad, current_timestamp: "not a date", scans: [{ date: "31-02-2026 25:61:00", status: "X", activity: null, location: 7 }] });
    expect(weird.statusCode).toBeLessThan(500);
    const huge = await send({ ...bad, padding: "x".repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect((await shipmentOf(s.shipmentId)).status).not.toBe("Delivered");
  });
});
