// The WhatsApp status webhook on two server instances sharing one database (issue 30, "the same status
// webhook sent 10 times through two instances applies once"): Meta retries and may deliver one status to
// any instance at once. With TEST_DATABASE_URL each instance has its own connection pool to PostgreSQL;
// on PGlite both share the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createTestServices } from "@store/api/testing";
import { startWhatsAppStandIn, type SignedWebhook, type WhatsAppStandIn } from "@store/api/testing/whatsapp";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

const APP_SECRET = "two-instances-whatsapp-app-secret";
const whatsapp = { provider: null, appSecret: APP_SECRET, verifyToken: "two-instances-verify-token" };

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle | null };
let wa: WhatsAppStandIn;
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  env = await createHttpTestEnv({ whatsapp });
  let handle: DbHandle | null = null;
  if (pgUrl) {
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  }
  const app = await buildApp({ handle: handle ?? env.handle, services: { ...createTestServices(), whatsapp }, logLevel: "silent" });
  await app.ready();
  second = { app, handle };
  wa = await startWhatsAppStandIn();
});

afterAll(async () => {
  await second.app.close();
  await second.handle?.close();
  await env.close();
  await wa.close();
});

const post = (i: number, webhook: SignedWebhook) =>
  [env.app, second.app][i % 2]!.inject({ method: "POST", url: "/api/v1/messaging/webhook/whatsapp", payload: webhook.rawBody, headers: webhook.headers });
/** the same signed body 10 times, alternating instances, all at once */
const tenTimes = (webhook: SignedWebhook) => Promise.all(Array.from({ length: 10 }, (_, i) => post(i, webhook)));

describe("one status webhook 10 times through two instances", () => {
  it("applies once: every answer 200, one event row, deliveredAt set once; then read x10 and a late delivered end read", async () => {
    const providerMessageId = `wamid.TWO${Date.now()}`;
    const { messageId } = await env.handle.db.outboxMessage.create({
      data: {
        channel: "whatsapp",
        kind: "delivered",
        recipient: "9876543210",
        subject: "WhatsApp: delivered",
        html: "",
        text: "order_delivered (en): Asha | ORD-2",
        status: "sent",
        sentAt: new Date(),
        providerMessageId,
      },
    });
    const deliveredAt = new Date("2026-11-20T10:01:00.000Z");
    const readAt = new Date("2026-11-20T10:07:00.000Z");
    const delivered = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered", timestamp: deliveredAt });

    const first = await tenTimes(delivered);
    expect(
      first.map((a) => a.statusCode),
      first.map((a) => a.body.slice(0, 160)).join("\n"),
    ).toEqual(Array(10).fill(200));
    expect(first.filter((a) => /1 applied/.test(a.json<{ message: string }>().message))).toHaveLength(1);
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId } })).toBe(1);
    const row = () =>
      env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId }, select: { deliveryStatus: true, deliveredAt: true, readAt: true } });
    expect(await row()).toEqual({ deliveryStatus: "delivered", deliveredAt, readAt: null });

    const read = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "read", timestamp: readAt });
    const lateDelivered = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered", timestamp: new Date("2026-11-20T10:09:00.000Z") });
    const second = await Promise.all([...Array.from({ length: 10 }, (_, i) => post(i, read)), post(1, lateDelivered)]);
    expect(second.map((a) => a.statusCode)).toEqual(Array(11).fill(200));
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId } })).toBe(2);
    expect(await row()).toEqual({ deliveryStatus: "read", deliveredAt, readAt });
  });

  it("delivered and read arriving together on both instances, 10 each: ends read, each status once", async () => {
    const providerMessageId = `wamid.MIX${Date.now()}`;
    const { messageId } = await env.handle.db.outboxMessage.create({
      data: {
        channel: "whatsapp",
        kind: "shipped",
        recipient: "9876543211",
        subject: "WhatsApp: shipped",
        html: "",
        text: "t",
        status: "sent",
        providerMessageId,
      },
    });
    const delivered = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered", timestamp: new Date("2026-11-20T10:01:00.000Z") });
    const read = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "read", timestamp: new Date("2026-11-20T10:02:00.000Z") });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i, i % 4 < 2 ? delivered : read)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId } })).toBe(2);
    expect(await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } })).toMatchObject({
      deliveryStatus: "read",
      deliveredAt: new Date("2026-11-20T10:01:00.000Z"),
      readAt: new Date("2026-11-20T10:02:00.000Z"),
    });
  });
});
