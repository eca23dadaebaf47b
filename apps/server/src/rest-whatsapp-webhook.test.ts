// The WhatsApp webhook over HTTP (issue 30, contracts/whatsapp.md "Webhook"): Meta's subscription check,
// X-Hub-Signature-256 over the raw body (401 without it, and nothing changes), a status setting the
// message's deliveryStatus, a STOP opting the customer out, and the texts in the owner's inbox. The
// signed bodies are the Cloud API stand-in's, built as Meta builds them.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_WHATSAPP } from "@store/api";
import { startWhatsAppStandIn, type SignedWebhook, type WhatsAppStandIn } from "@store/api/testing/whatsapp";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

const APP_SECRET = "whatsapp-app-secret-0123456789";
const VERIFY_TOKEN = "whatsapp-verify-token-9876543210";
const WEBHOOK = "/api/v1/messaging/webhook/whatsapp";

let env: HttpTestEnv;
let wa: WhatsAppStandIn;

beforeAll(async () => {
  env = await createHttpTestEnv({ whatsapp: { provider: null, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } });
  wa = await startWhatsAppStandIn();
});
afterAll(async () => {
  await env.close();
  await wa.close();
});

const post = (webhook: SignedWebhook, headers: Record<string, string | undefined> = webhook.headers) =>
  env.app.inject({
    method: "POST",
    url: WEBHOOK,
    payload: webhook.rawBody,
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
  });
const verify = (query: Record<string, string>) => env.app.inject({ method: "GET", url: `${WEBHOOK}?${new URLSearchParams(query).toString()}` });
const inbox = (token: string | undefined, query = "") =>
  env.app.inject({ method: "GET", url: `/api/v1/messaging/inbox${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

let serial = 0;
/** a WhatsApp message the sender has sent, with the stand-in's wamid */
async function sentMessage() {
  const providerMessageId = `wamid.HTTP${Date.now()}${++serial}`;
  const row = await env.handle.db.outboxMessage.create({
    data: {
      channel: "whatsapp",
      kind: "shipped",
      recipient: "9876543210",
      subject: "WhatsApp: shipped",
      html: "",
      text: "order_shipped (en): Asha | ORD-1",
      status: "sent",
      sentAt: new Date(),
      providerMessageId,
    },
  });
  return { messageId: row.messageId, providerMessageId };
}
const deliveryOf = (messageId: number) =>
  env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId }, select: { deliveryStatus: true, deliveredAt: true, readAt: true } });
/** what a refused call could have changed */
const snapshot = async () => ({
  events: await env.handle.db.whatsAppStatusEvent.count(),
  inbound: await env.handle.db.inboundMessage.count(),
  consent: await env.handle.db.consentChange.count(),
  delivered: await env.handle.db.outboxMessage.count({ where: { deliveryStatus: { not: null } } }),
  optedIn: await env.handle.db.customer.count({ where: { whatsappOptIn: true } }),
});

describe("GET /api/v1/messaging/webhook/whatsapp (Meta's subscription check)", () => {
  it("answers the challenge as text when the verify token matches", async () => {
    const res = await verify({ "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("1158201444");
  });

  it("403 for a wrong or missing token, or another mode", async () => {
    const queries: Record<string, string>[] = [
      { "hub.mode": "subscribe", "hub.verify_token": "wrong-token", "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.verify_token": `${VERIFY_TOKEN}x`, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.challenge": "1" },
      { "hub.mode": "unsubscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" },
    ];
    for (const query of queries) {
      const res = await verify(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: expect.any(String) });
      expect(res.body).not.toContain(VERIFY_TOKEN);
    }
  });

  it("403 when no verify token is set up", async () => {
    const saved = env.services.whatsapp;
    env.services.whatsapp = { ...saved, verifyToken: null };
    try {
      expect((await verify({ "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" })).statusCode).toBe(403);
    } finally {
      env.services.whatsapp = saved;
    }
  });
});

describe("POST /api/v1/messaging/webhook/whatsapp", () => {
  it("401 for a missing signature, one under another secret, or one of other bytes, and nothing changes", async () => {
    const { messageId, providerMessageId } = await sentMessage();
    const { phone, customerId } = await optedInCustomer();
    const status = wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered" });
    const stop = wa.inboundWebhook(APP_SECRET, { from: phone, text: "STOP" });
    const before = await snapshot();
    for (const [webhook, signature] of [
      [status, undefined],
      [status, wa.statusWebhook("another-secret", { id: providerMessageId, status: "delivered" }).headers["x-hub-signature-256"]],
      [stop, `sha256=${createHmac("sha256", APP_SECRET).update(`${stop.rawBody} `).digest("hex")}`],
      [stop, "sha256=abc"],
      [stop, stop.headers["x-hub-signature-256"].replace("sha256=", "sha1=")],
    ] as const) {
      const res = await post(webhook, { "content-type": "application/json", "x-hub-signature-256": signature });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, error: "Unauthorized", code: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
    expect(await deliveryOf(messageId)).toEqual({ deliveryStatus: null, deliveredAt: null, readAt: null });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } })).whatsappOptIn).toBe(true);
  });

  it("401 for every POST while no app secret is set up", async () => {
    const saved = env.services.whatsapp;
    env.services.whatsapp = NO_WHATSAPP;
    try {
      const { providerMessageId } = await sentMessage();
      const res = await post(wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered" }));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/WHATSAPP_APP_SECRET/);
    } finally {
      env.services.whatsapp = saved;
    }
  });

  it("a signed status sets the message's deliveryStatus; read follows, a late delivered does not undo it", async () => {
    const { messageId, providerMessageId } = await sentMessage();
    const deliveredAt = new Date("2026-11-20T10:01:00.000Z");
    const readAt = new Date("2026-11-20T10:05:00.000Z");
    const delivered = await post(wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered", timestamp: deliveredAt }));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ success: true, message: expect.stringMatching(/1 applied/) });
    expect(await deliveryOf(messageId)).toEqual({ deliveryStatus: "delivered", deliveredAt, readAt: null });

    expect((await post(wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "read", timestamp: readAt }))).statusCode).toBe(200);
    const again = await post(wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "delivered", timestamp: readAt }));
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/1 already received/);
    expect(await deliveryOf(messageId)).toEqual({ deliveryStatus: "read", deliveredAt, readAt });
  });

  it("a failed status records Meta's error on the message", async () => {
    const { messageId, providerMessageId } = await sentMessage();
    const res = await post(
      wa.statusWebhook(APP_SECRET, { id: providerMessageId, status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } })).toMatchObject({
      deliveryStatus: "failed",
      lastError: "131026 Message undeliverable",
    });
  });

  it("a status of a message id the store never sent is 200 and ignored (its event kept)", async () => {
    const before = await env.handle.db.outboxMessage.count({ where: { deliveryStatus: { not: null } } });
    const res = await post(wa.statusWebhook(APP_SECRET, { id: "wamid.NOT-OURS", status: "delivered" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/1 of no known message/);
    expect(await env.handle.db.outboxMessage.count({ where: { deliveryStatus: { not: null } } })).toBe(before);
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId: "wamid.NOT-OURS" } })).toBe(1);
  });

  it("a signed body that is not JSON is 400; JSON that is not Meta's shape is 200 and ignored", async () => {
    const sign = (raw: string) => ({
      rawBody: raw,
      headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(raw).digest("hex")}` },
    });
    const junk = await post(sign("{not json"));
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ status: 400, message: "The webhook body is not JSON." });
    const other = await post(sign(JSON.stringify({ object: "page", entry: "x" })));
    expect(other.statusCode).toBe(200);
    expect(other.json().message).toMatch(/ignored/);
  });
});

async function optedInCustomer() {
  const { customerId, fields } = await env.newCustomer();
  await env.handle.db.customer.update({ where: { customerId }, data: { whatsappOptIn: true, whatsappOptInAt: new Date(), whatsappOptInSource: "profile" } });
  return { customerId, phone: fields.number, name: `${fields.firstName} ${fields.lastName}` };
}

describe("inbound messages and GET /api/v1/messaging/inbox", () => {
  it("a STOP opts the customer out (ConsentChange source reply) and shows in the inbox as kind stop", async () => {
    const { customerId, phone, name } = await optedInCustomer();
    const stop = wa.inboundWebhook(APP_SECRET, { from: phone, text: "Stop" });
    expect((await post(stop)).statusCode).toBe(200);
    expect((await post(stop)).statusCode).toBe(200);
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } })).whatsappOptIn).toBe(false);
    const changes = await env.handle.db.consentChange.findMany({ where: { customerId } });
    expect(changes).toEqual([expect.objectContaining({ field: "whatsappOptIn", value: "false", source: "reply" })]);

    const res = await inbox(env.adminToken, `?search=${phone}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ fromPhone: `91${phone}`, customerId, customerName: name, text: "Stop", kind: "stop" })]);
  });

  it("another text is kept for the owner, newest first, with the end of its 24-hour window", async () => {
    const { customerId, phone, name } = await optedInCustomer();
    const first = new Date("2026-11-20T09:00:00.000Z");
    const second = new Date("2026-11-20T11:30:00.000Z");
    expect((await post(wa.inboundWebhook(APP_SECRET, { from: phone, text: "Is COD available?", timestamp: first }))).statusCode).toBe(200);
    expect((await post(wa.inboundWebhook(APP_SECRET, { from: phone, text: "Where is my order?", timestamp: second }))).statusCode).toBe(200);
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } })).whatsappOptIn).toBe(true);

    const res = await inbox(env.adminToken, `?search=${phone}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(page.items).toEqual([
      {
        inboundId: expect.any(Number),
        channel: "whatsapp",
        fromPhone: `91${phone}`,
        customerId,
        customerName: name,
        text: "Where is my order?",
        kind: "text",
        receivedAt: second.toISOString(),
        windowOpenUntil: new Date(second.getTime() + 24 * 3_600_000).toISOString(),
      },
      expect.objectContaining({ text: "Is COD available?", receivedAt: first.toISOString() }),
    ]);
    const all = (await inbox(env.adminToken)).json();
    expect(all.items.map((i: { text: string }) => i.text)).toContain("Where is my order?");
  });

  it("the inbox is the owner's: 401 without a token, 403 for staff and for a customer", async () => {
    const staff = await env.handle.db.admin.create({
      data: { name: "Inbox Staff", email: "inbox.staff@cleanstore.test", passwordHash: "unused", role: "staff" },
    });
    const staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
    const { customerId } = await env.newCustomer();
    expect((await inbox(undefined)).statusCode).toBe(401);
    expect((await inbox(staffToken)).statusCode).toBe(403);
    expect((await inbox(await env.tokenFor(customerId))).statusCode).toBe(403);
  });
});
