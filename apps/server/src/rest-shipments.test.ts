// Shipments over HTTP (issue 28, contracts/shipments.md) on the real Fastify app: making a box by hand
// and through Shiprocket (a local stand-in), the refusals with their `code`, who may read an order's
// shipments, the admin's steps forwards and backwards, cancelling, NDR decisions forwarded to the
// courier, the buyer's re-attempt, the public tracking page and a tRPC batch of creates for one order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShiprocketCourier } from "@store/api";
import { startShiprocketStandIn, type ShiprocketStandIn } from "@store/api/testing/shiprocket";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let shiprocket: ShiprocketStandIn;

beforeAll(async () => {
  env = await createHttpTestEnv();
  shiprocket = await startShiprocketStandIn();
  env.services.couriers = {
    shiprocket: createShiprocketCourier({ email: shiprocket.email, password: shiprocket.password, apiBase: shiprocket.url, timeoutMs: 1_500 }),
    webhookToken: "rest-webhook-token",
  };
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await env.close();
  await shiprocket.close();
});

type Res = { statusCode: number; json<T = Record<string, unknown>>(): T };
const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: bearer(token) });
const post = (url: string, payload: object, token?: string) => env.app.inject({ method: "POST", url, payload, headers: bearer(token) });

function expectRefusal(res: Res, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(expect.arrayContaining(["timestamp", "status", "error", "message", "path", "code"]));
  expect(body).toMatchObject({ status, code });
}

interface Shipment {
  shipmentId: number;
  productOrderId: string;
  orderIds: number[];
  courier: string;
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  labelAvailable: boolean;
  weightGrams: number;
  status: string;
  codAmount: number;
  paymentMethod: string;
  events: { at: string; status: string; source: string; location: string | null; remark: string | null }[];
  ndr: { attempts: number; action: string | null; preferredDate: string | null; requestedBy: string | null } | null;
}

let serial = 0;
/** a shopper's COD order of `lines` products (₹price each), placed through the cart */
async function placedOrder(lines = 2, price = 150) {
  const c = await env.newCustomer();
  const token = await env.tokenFor(c.customerId);
  for (let i = 0; i < lines; i++) {
    const productId = await env.newProduct({ productName: `Zz Ship Gel ${++serial}`, productPrice: price, mainPrice: price + 50, quantity: 20 });
    expect((await post("/api/v1/addToCart/save", { productId, quantity: 1 }, token)).statusCode).toBe(200);
  }
  const placed = await post("/api/v1/addToCart/checkout", { paymentMethod: "COD" }, token);
  expect(placed.statusCode).toBe(200);
  const { productOrderId, orders } = placed.json<{ productOrderId: string; orders: { orderId: number }[] }>();
  return { ...c, token, productOrderId, orderIds: orders.map((o) => o.orderId).sort((a, b) => a - b) };
}

const awbOf = () => `ZZ${Date.now() % 1_000_000_000}${++serial}`.slice(0, 20);
const createManual = (productOrderId: string, body: object = {}, token = env.adminToken) =>
  post(`/api/v1/orders/${productOrderId}/shipments`, { courier: "manual", awb: awbOf(), courierName: "Delhivery Surface", ...body }, token);
const addEvent = (shipmentId: number, status: string, body: object = {}) => post(`/api/v1/shipments/${shipmentId}/events`, { status, ...body }, env.adminToken);

async function manualShipment(lines = 1) {
  const order = await placedOrder(lines);
  const res = await createManual(order.productOrderId);
  expect(res.statusCode).toBe(201);
  return { order, shipment: res.json<Shipment>() };
}

describe("POST /orders/{productOrderId}/shipments", () => {
  it("manual: 201 with the contract's fields; the lines are in the shipment; admin only", async () => {
    const order = await placedOrder(2);
    const awb = awbOf();
    expectRefusal(await createManual(order.productOrderId, { awb }, order.token), 403, "FORBIDDEN");
    expectRefusal(await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "manual", awb, courierName: "Delhivery" }), 401, "UNAUTHORIZED");
    const before = await get(`/api/v1/orders/${order.productOrderId}`, order.token);
    for (const line of before.json<{ lines: Record<string, unknown>[] }>().lines)
      expect(line).toMatchObject({ fulfilment: "Awaiting shipment", shipmentId: null });
    const queue = await get(`/api/v1/productOrder/page?customerId=${order.customerId}&fulfilment=${encodeURIComponent("Awaiting shipment")}`, env.adminToken);
    expect(queue.statusCode).toBe(200);
    expect(
      queue
        .json<{ items: { orderId: number }[] }>()
        .items.map((l) => l.orderId)
        .sort((a, b) => a - b),
    ).toEqual(order.orderIds);
    const res = await createManual(order.productOrderId, { awb: awb.toLowerCase(), weightGrams: 900, lengthCm: 20, breadthCm: 15, heightCm: 10 });
    expect(res.statusCode).toBe(201);
    const shipment = res.json<Shipment>();
    expect(shipment).toMatchObject({
      productOrderId: order.productOrderId,
      orderIds: order.orderIds,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb,
      labelAvailable: true,
      weightGrams: 900,
      status: "Created",
      paymentMethod: "COD",
      ndr: null,
    });
    expect(typeof shipment.shipmentId).toBe("number");
    expect(shipment).toHaveProperty("trackingUrl");
    expect(Array.isArray(shipment.events)).toBe(true);
    const lines = await env.handle.db.productOrder.findMany({ where: { productOrderId: order.productOrderId }, select: { shipmentId: true } });
    expect(lines.map((l) => l.shipmentId)).toEqual([shipment.shipmentId, shipment.shipmentId]);
    // the line answers carry where each line is (contract: fulfilment); the packing queue no longer lists them
    const detail = await get(`/api/v1/orders/${order.productOrderId}`, order.token);
    expect(detail.statusCode).toBe(200);
    for (const line of detail.json<{ lines: Record<string, unknown>[] }>().lines)
      expect(line).toMatchObject({ fulfilment: "In shipment", shipmentId: shipment.shipmentId });
    const packed = await get(`/api/v1/productOrder/page?customerId=${order.customerId}&fulfilment=${encodeURIComponent("Awaiting shipment")}`, env.adminToken);
    expect(packed.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it("refusals carry their code: missing AWB, courier not configured, line not shippable, AWB taken, e-way bill", async () => {
    const order = await placedOrder(2);
    const noAwb = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "manual", courierName: "Delhivery" }, env.adminToken);
    expect(noAwb.statusCode).toBe(400);

    const saved = env.services.couriers;
    env.services.couriers = { shiprocket: null, webhookToken: null };
    try {
      expectRefusal(await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken), 400, "COURIER_NOT_CONFIGURED");
    } finally {
      env.services.couriers = saved;
    }

    const first = await createManual(order.productOrderId, { orderIds: [order.orderIds[0]] });
    expect(first.statusCode).toBe(201);
    expectRefusal(await createManual(order.productOrderId, { orderIds: [order.orderIds[0]] }), 409, "LINE_NOT_SHIPPABLE");
    expectRefusal(await createManual(order.productOrderId, { orderIds: [order.orderIds[1]], awb: first.json<Shipment>().awb }), 409, "AWB_TAKEN");
    // the second line is still awaiting shipment: orderIds left out takes it alone
    const rest = await createManual(order.productOrderId);
    expect(rest.statusCode).toBe(201);
    expect(rest.json<Shipment>().orderIds).toEqual([order.orderIds[1]]);
    expectRefusal(await createManual(order.productOrderId), 409, "LINE_NOT_SHIPPABLE");

    const dear = await placedOrder(1, 60_000);
    expectRefusal(await createManual(dear.productOrderId), 400, "EWAY_BILL_REQUIRED");
    const withBill = await createManual(dear.productOrderId, { ewayBillNumber: "1234 5678 9012" });
    expect(withBill.statusCode).toBe(201);
    expect(withBill.json()).toMatchObject({ ewayBillNumber: "123456789012" });
  });

  it("shiprocket: 201 with the stand-in's AWB, booked at the stand-in", async () => {
    const order = await placedOrder(1);
    const res = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket", weightGrams: 500 }, env.adminToken);
    expect(res.statusCode).toBe(201);
    const shipment = res.json<Shipment>();
    expect(shipment).toMatchObject({ courier: "shiprocket", status: "Created", orderIds: order.orderIds, codAmount: 150 });
    expect(shipment.awb).toMatch(/^[A-Za-z0-9]{8,20}$/);
    expect(shiprocket.state.orders.some((o) => o.awb === shipment.awb && !o.cancelled)).toBe(true);
  });

  it("a courier error on assign is 502 COURIER_ERROR: nothing saved and the stand-in's order cancelled", async () => {
    const order = await placedOrder(1);
    const before = shiprocket.state.orders.length;
    shiprocket.failNext("/v1/external/courier/assign/awb", { status: 500 });
    const res = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken);
    expectRefusal(res, 502, "COURIER_ERROR");
    expect(await env.handle.db.shipment.count({ where: { productOrderId: order.productOrderId } })).toBe(0);
    const made = shiprocket.state.orders.slice(before);
    expect(made.length).toBeGreaterThan(0);
    for (const o of made) expect(o.cancelled).toBe(true);
    // the line is still awaiting shipment: a second try books it
    expect((await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken)).statusCode).toBe(201);
  });

  it("a timeout on create is 502 COURIER_ERROR and nothing is saved", async () => {
    const order = await placedOrder(1);
    shiprocket.failNext("/v1/external/orders/create/adhoc", "timeout");
    const res = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken);
    expectRefusal(res, 502, "COURIER_ERROR");
    expect(await env.handle.db.shipment.count({ where: { productOrderId: order.productOrderId } })).toBe(0);
    expect(await env.handle.db.productOrder.count({ where: { productOrderId: order.productOrderId, shipmentId: { not: null } } })).toBe(0);
  });

  it("a tRPC batch of 5 creates for one order: one shipment", async () => {
    const order = await placedOrder(2);
    const input: Record<string, { json: object }> = {};
    for (let i = 0; i < 5; i++)
      input[i] = { json: { productOrderId: order.productOrderId, courier: "manual", awb: awbOf(), courierName: "Delhivery Surface" } };
    const res = await env.app.inject({
      method: "POST",
      url: `/api/trpc/${Array(5).fill("shipments.create").join(",")}?batch=1`,
      payload: input,
      headers: bearer(env.adminToken),
    });
    const answers = res.json<({ result: unknown } | { error: { json: { data?: { code?: string; storeCode?: string } } } })[]>();
    expect(answers).toHaveLength(5);
    expect(answers.filter((a) => "result" in a)).toHaveLength(1);
    expect(await env.handle.db.shipment.count({ where: { productOrderId: order.productOrderId } })).toBe(1);
    const lines = await env.handle.db.productOrder.findMany({ where: { productOrderId: order.productOrderId }, select: { shipmentId: true } });
    expect(new Set(lines.map((l) => l.shipmentId)).size).toBe(1);
    expect(lines[0]?.shipmentId).not.toBeNull();
  });
});

describe("reading shipments", () => {
  it("GET /orders/{productOrderId}/shipments: the order's customer and admin; another customer 404; nobody 401", async () => {
    const { order, shipment } = await manualShipment(1);
    const mine = await get(`/api/v1/orders/${order.productOrderId}/shipments`, order.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ productOrderId: order.productOrderId, shipments: [{ shipmentId: shipment.shipmentId, awb: shipment.awb }] });
    expect((await get(`/api/v1/orders/${order.productOrderId}/shipments`, env.adminToken)).statusCode).toBe(200);
    const stranger = await env.newCustomer();
    expectRefusal(await get(`/api/v1/orders/${order.productOrderId}/shipments`, await env.tokenFor(stranger.customerId)), 404, "NOT_FOUND");
    expectRefusal(await get(`/api/v1/orders/${order.productOrderId}/shipments`), 401, "UNAUTHORIZED");
  });

  it("GET /shipments?status=NDR pages the shipments in NDR (admin only)", async () => {
    const { shipment } = await manualShipment(1);
    for (const status of ["Picked up", "In transit", "Out for delivery", "NDR"]) expect((await addEvent(shipment.shipmentId, status)).statusCode).toBe(200);
    const { shipment: moving } = await manualShipment(1);
    expect((await addEvent(moving.shipmentId, "Picked up")).statusCode).toBe(200);
    const res = await get("/api/v1/shipments?status=NDR", env.adminToken);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Shipment[]; total: number; page: number }>();
    expect(page.page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items.map((s) => s.shipmentId)).toContain(shipment.shipmentId);
    expect(page.items.map((s) => s.shipmentId)).not.toContain(moving.shipmentId);
    for (const s of page.items) expect(s.status).toBe("NDR");
    const all = (await get("/api/v1/shipments?status=Picked%20up", env.adminToken)).json<{ items: Shipment[] }>();
    expect(all.items.map((s) => s.shipmentId)).toContain(moving.shipmentId);
    const customer = await env.newCustomer();
    expectRefusal(await get("/api/v1/shipments?status=NDR", await env.tokenFor(customer.customerId)), 403, "FORBIDDEN");
    expectRefusal(await get("/api/v1/shipments?status=Lost", env.adminToken), 400, "VALIDATION_FAILED");
  });
});

describe("the admin's steps", () => {
  it("POST /shipments/{id}/events forwards moves the lines; a backwards move is 409 STATUS_ORDER", async () => {
    const { order, shipment } = await manualShipment(2);
    const picked = await addEvent(shipment.shipmentId, "Picked up", { location: "Pune hub", remark: "Picked up by hand" });
    expect(picked.statusCode).toBe(200);
    expect(picked.json<Shipment>()).toMatchObject({ status: "Picked up" });
    expect(picked.json<Shipment>().events[0]).toMatchObject({ status: "Picked up", source: "admin", location: "Pune hub", remark: "Picked up by hand" });
    const lines = await env.handle.db.productOrder.findMany({ where: { productOrderId: order.productOrderId }, select: { orderStatus: true } });
    expect(lines.map((l) => l.orderStatus)).toEqual(["On the way", "On the way"]);
    expect((await addEvent(shipment.shipmentId, "In transit")).statusCode).toBe(200);
    expectRefusal(await addEvent(shipment.shipmentId, "Picked up"), 409, "STATUS_ORDER");
    expectRefusal(await addEvent(shipment.shipmentId, "Created"), 409, "STATUS_ORDER");
    expect((await env.handle.db.shipment.findUniqueOrThrow({ where: { shipmentId: shipment.shipmentId } })).status).toBe("In transit");
    expect((await addEvent(shipment.shipmentId, "Out for delivery")).statusCode).toBe(200);
    const delivered = await addEvent(shipment.shipmentId, "Delivered");
    expect(delivered.statusCode).toBe(200);
    const after = await env.handle.db.productOrder.findMany({ where: { productOrderId: order.productOrderId }, select: { orderStatus: true } });
    expect(after.map((l) => l.orderStatus)).toEqual(["Completed", "Completed"]);
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: order.productOrderId } })).paymentStatus).toBe("Paid");
    expectRefusal(await addEvent(shipment.shipmentId, "NDR"), 409, "STATUS_ORDER");
    const customer = await env.tokenFor(order.customerId);
    expectRefusal(await post(`/api/v1/shipments/${shipment.shipmentId}/events`, { status: "Delivered" }, customer), 403, "FORBIDDEN");
  });

  it("POST /shipments/{id}/cancel: 200 before pickup (the lines await shipment again), 409 after", async () => {
    const { order, shipment } = await manualShipment(1);
    const cancelled = await post(`/api/v1/shipments/${shipment.shipmentId}/cancel`, {}, env.adminToken);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "Cancelled" });
    expect((await env.handle.db.productOrder.findFirstOrThrow({ where: { productOrderId: order.productOrderId } })).shipmentId).toBeNull();
    // the line may go in a new box
    const again = await createManual(order.productOrderId);
    expect(again.statusCode).toBe(201);
    const next = again.json<Shipment>();
    expect((await addEvent(next.shipmentId, "Picked up")).statusCode).toBe(200);
    expectRefusal(await post(`/api/v1/shipments/${next.shipmentId}/cancel`, {}, env.adminToken), 409, "STATUS_ORDER");
    expect((await env.handle.db.shipment.findUniqueOrThrow({ where: { shipmentId: next.shipmentId } })).status).toBe("Picked up");
  });

  it("cancelling a shiprocket shipment before pickup cancels it at the courier", async () => {
    const order = await placedOrder(1);
    const made = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken);
    expect(made.statusCode).toBe(201);
    const shipment = made.json<Shipment>();
    expect((await post(`/api/v1/shipments/${shipment.shipmentId}/cancel`, {}, env.adminToken)).statusCode).toBe(200);
    expect(shiprocket.state.orders.find((o) => o.awb === shipment.awb)?.cancelled).toBe(true);
  });
});

describe("NDR", () => {
  async function shiprocketInNdr() {
    const order = await placedOrder(1);
    const made = await post(`/api/v1/orders/${order.productOrderId}/shipments`, { courier: "shiprocket" }, env.adminToken);
    expect(made.statusCode).toBe(201);
    const shipment = made.json<Shipment>();
    return { order, shipment };
  }

  it("ndr-action: NOT_IN_NDR before a failed attempt; REATTEMPT is forwarded to the courier and recorded", async () => {
    const { shipment } = await shiprocketInNdr();
    const action = (body: object) => post(`/api/v1/shipments/${shipment.shipmentId}/ndr-action`, body, env.adminToken);
    expectRefusal(await action({ action: "REATTEMPT" }), 409, "NOT_IN_NDR");
    for (const status of ["Picked up", "In transit", "Out for delivery", "NDR"]) expect((await addEvent(shipment.shipmentId, status)).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 30 * 3600_000).toISOString().slice(0, 10);
    const res = await action({ action: "REATTEMPT", phone: "9876543210", address: "Flat 4, MG Road", preferredDate: tomorrow });
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>().ndr).toMatchObject({ action: "REATTEMPT", preferredDate: tomorrow });
    expect(shiprocket.state.ndrActions).toContainEqual({ awb: shipment.awb, body: expect.objectContaining({ action: "re-attempt" }) });
    const far = new Date(Date.now() + 20 * 24 * 3600_000).toISOString().slice(0, 10);
    expect((await action({ action: "REATTEMPT", preferredDate: far })).statusCode).toBe(400);
  });

  it("the buyer's re-attempt: 409 NOT_IN_NDR, then recorded and forwarded; another customer 404", async () => {
    const { order, shipment } = await shiprocketInNdr();
    const url = `/api/v1/orders/${order.productOrderId}/shipments/${shipment.shipmentId}/reattempt`;
    const tomorrow = new Date(Date.now() + 30 * 3600_000).toISOString().slice(0, 10);
    expectRefusal(await post(url, { preferredDate: tomorrow }, order.token), 409, "NOT_IN_NDR");
    for (const status of ["Picked up", "In transit", "Out for delivery", "NDR"]) expect((await addEvent(shipment.shipmentId, status)).statusCode).toBe(200);
    const stranger = await env.newCustomer();
    expectRefusal(await post(url, { preferredDate: tomorrow }, await env.tokenFor(stranger.customerId)), 404, "NOT_FOUND");
    const before = shiprocket.state.ndrActions.length;
    const res = await post(url, { preferredDate: tomorrow, phone: "9876501234", landmark: "Near the temple" }, order.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>().ndr).toMatchObject({ action: "REATTEMPT", preferredDate: tomorrow });
    expect(shiprocket.state.ndrActions.slice(before)).toContainEqual({ awb: shipment.awb, body: expect.objectContaining({ action: "re-attempt" }) });
  });
});

describe("GET /track/{awb}?pincode= (public)", () => {
  it("the right PIN code answers status and events with no personal data; a wrong PIN code and an unknown AWB are the same 404", async () => {
    const { order, shipment } = await manualShipment(1);
    expect((await addEvent(shipment.shipmentId, "Picked up", { location: "Pune hub" })).statusCode).toBe(200);
    const ok = await get(`/api/v1/track/${shipment.awb}?pincode=411001`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ awb: shipment.awb, status: "Picked up", courierName: "Delhivery Surface" });
    expect(ok.json<{ events: { status: string; location: string | null }[] }>().events.map((e) => [e.status, e.location])).toEqual([
      ["Picked up", "Pune hub"],
      ["Created", null],
    ]);
    const text = ok.body;
    for (const secret of [
      order.fields.firstName,
      order.fields.lastName,
      order.fields.number,
      order.fields.email,
      order.fields.houseNo,
      order.productOrderId,
      "MG Road",
    ]) {
      expect(text).not.toContain(secret);
    }
    const wrong = await get(`/api/v1/track/${shipment.awb}?pincode=560001`);
    const unknown = await get(`/api/v1/track/ZZNOSUCHAWB1?pincode=411001`);
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json<{ message: string }>().message).toBe(unknown.json<{ message: string }>().message);
    expect(wrong.json<{ code: string }>().code).toBe(unknown.json<{ code: string }>().code);
    expect((await get(`/api/v1/track/${shipment.awb}`)).statusCode).toBe(400);
  });
});
