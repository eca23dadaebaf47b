// Two server instances on one database (issue 28, contracts/shipments.md "Courier updates"): one
// Shiprocket shipment of a COD order, 20 webhook deliveries of its 5 scans (each sent 4 times, shuffled)
// posted at once, half to each instance → one clean timeline, Delivered, the lines Completed, one
// Delivered message and the order Paid once. With TEST_DATABASE_URL each instance has its own connection
// pool to the PostgreSQL database (real parallel transactions); on PGlite both share the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createShiprocketCourier, type Services } from "@store/api";
import { createTestServices } from "@store/api/testing";
import { startShiprocketStandIn, type ShiprocketStandIn } from "@store/api/testing/shiprocket";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle | null };
let shiprocket: ShiprocketStandIn;
const pgUrl = process.env.TEST_DATABASE_URL;
const TOKEN = "instances-webhook-token";

beforeAll(async () => {
  env = await createHttpTestEnv();
  shiprocket = await startShiprocketStandIn();
  const couriers = (): Services["couriers"] => ({
    shiprocket: createShiprocketCourier({ email: shiprocket.email, password: shiprocket.password, apiBase: shiprocket.url }),
    webhookToken: TOKEN,
  });
  env.services.couriers = couriers();
  let handle: DbHandle | null = null;
  if (pgUrl) {
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  }
  const services = createTestServices();
  services.couriers = couriers();
  const app = await buildApp({ handle: handle ?? env.handle, services, logLevel: "silent" });
  await app.ready();
  second = { app, handle };
});

afterAll(async () => {
  await second.app.close();
  await second.handle?.close();
  await env.close();
  await shiprocket.close();
});

/** Fisher–Yates */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("the courier webhook, two instances", () => {
  it("20 shuffled duplicate deliveries in parallel: one timeline, Delivered, lines Completed, one message, Paid once", async () => {
    const shopper = await env.newCustomer();
    const token = await env.tokenFor(shopper.customerId);
    const bearer = { authorization: `Bearer ${token}` };
    for (const price of [140, 260]) {
      const productId = await env.newProduct({ productName: "Zz Twin Hook Gel", productPrice: price, mainPrice: price + 40, quantity: 20 });
      expect((await env.app.inject({ method: "POST", url: "/api/v1/addToCart/save", payload: { productId, quantity: 1 }, headers: bearer })).statusCode).toBe(
        200,
      );
    }
    const placed = await env.app.inject({ method: "POST", url: "/api/v1/addToCart/checkout", payload: { paymentMethod: "COD" }, headers: bearer });
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

    // five scans a few hours apart (whole seconds: Shiprocket's times have no milliseconds)
    const start = Math.floor(Date.now() / 1000) * 1000 - 10 * 3600_000;
    const steps = [
      { word: "PICKED UP", hours: 0 },
      { word: "IN TRANSIT", hours: 2 },
      { word: "IN TRANSIT", hours: 5 },
      { word: "OUT FOR DELIVERY", hours: 8 },
      { word: "DELIVERED", hours: 9 },
    ].map((s) => ({ ...s, at: new Date(start + s.hours * 3600_000) }));
    const bodies = shuffled(steps.flatMap((s) => Array.from({ length: 4 }, () => JSON.stringify(shiprocket.webhookBody(awb, s.word, { at: s.at })))));
    expect(bodies).toHaveLength(20);

    const apps = [env.app, second.app];
    const answers = await Promise.all(
      bodies.map((payload, i) =>
        apps[i % 2]!.inject({
          method: "POST",
          url: "/api/v1/shipping/webhook/courier",
          payload,
          headers: { "content-type": "application/json", "x-api-key": TOKEN },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));

    const db = env.handle.db;
    const shipment = await db.shipment.findUniqueOrThrow({ where: { shipmentId }, include: { events: { orderBy: [{ at: "asc" }, { eventId: "asc" }] } } });
    expect(shipment.status).toBe("Delivered");
    const courierEvents = shipment.events.filter((e) => e.source === "webhook");
    expect(courierEvents.map((e) => [e.status, e.at.toISOString()])).toEqual([
      ["Picked up", steps[0]!.at.toISOString()],
      ["In transit", steps[1]!.at.toISOString()],
      ["In transit", steps[2]!.at.toISOString()],
      ["Out for delivery", steps[3]!.at.toISOString()],
      ["Delivered", steps[4]!.at.toISOString()],
    ]);
    // the buyer's view: newest first, each step once
    const mine = await env.app.inject({ method: "GET", url: `/api/v1/orders/${productOrderId}/shipments`, headers: bearer });
    const events = mine.json<{ shipments: { events: { status: string; at: string }[] }[] }>().shipments[0]!.events.filter((e) => e.status !== "Created");
    expect(events.map((e) => e.status)).toEqual(["Delivered", "Out for delivery", "In transit", "In transit", "Picked up"]);

    const lines = await db.productOrder.findMany({ where: { productOrderId }, select: { orderStatus: true } });
    expect(lines.map((l) => l.orderStatus)).toEqual(["Completed", "Completed"]);
    const order = await db.order.findUniqueOrThrow({ where: { productOrderId } });
    expect(order.paymentStatus).toBe("Paid");
    expect(await db.paymentEvent.count({ where: { productOrderId, toStatus: "Paid" } })).toBe(1);
    const delivered = await db.outboxMessage.findMany({
      where: { recipient: shopper.fields.email, kind: "shipment-update" },
      select: { subject: true, text: true },
    });
    expect(delivered.filter((m) => /has been delivered/.test(m.subject))).toHaveLength(1);
  });
});
