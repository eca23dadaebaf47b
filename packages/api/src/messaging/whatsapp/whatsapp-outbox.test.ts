// WhatsApp through the outbox at procedure depth (issue 30, contracts/whatsapp.md "Sending" and
// "Admin"), with the real Cloud API adapter against the local stand-in: the template message as Meta
// receives it, the wamid and delivery status kept, a 5xx retried on the schedule, a 4xx given up at once
// with the SMS of the same kind queued instead, a template removed since, two workers at once, the
// early status caught up, and the owner's list, preview and resend.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { JOBS } from "../../jobs/registry.ts";
import { RETRY_DELAYS_MINUTES, sendDueMessages } from "../outbox-sender.ts";
import { createCloudApiWhatsAppProvider } from "./cloud-api/adapter.ts";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "./cloud-api/stand-in.ts";
import type { WhatsAppProvider } from "./port.ts";
import { applyWhatsAppStatuses } from "./statuses.ts";

let env: TestEnv;
let wa: WhatsAppStandIn;
let provider: WhatsAppProvider;

const PARAMS = ["Asha", "PO-2026-0042", "AWB123456", "Delhivery", "https://shop.example.in/track/AWB123456", "28 Nov"];
const SMS_VARIABLES = ["PO-2026-0042", "AWB123456", "https://shop.example.in/track/AWB123456"];

beforeAll(async () => {
  env = await createTestEnv();
  wa = await startWhatsAppStandIn();
  provider = createCloudApiWhatsAppProvider({ token: wa.token, phoneNumberId: wa.phoneNumberId, apiBase: wa.url, timeoutMs: 10_000 });
});
afterAll(async () => {
  await wa.close();
  await env.close();
});
beforeEach(async () => {
  // each test sends what it queued itself
  await env.handle.db.outboxMessage.updateMany({
    where: { status: { in: ["queued", "failed", "waiting"] } },
    data: { status: "cancelled", nextAttemptAt: null },
  });
  await env.handle.db.messageTemplate.deleteMany({});
});

/** a WhatsApp template as the templates router stores it */
const whatsappTemplate = (over: { kind?: string; name?: string; language?: string } = {}) =>
  env.handle.db.messageTemplate.create({
    data: {
      channel: "whatsapp",
      kind: over.kind ?? "shipped",
      name: over.name ?? "order_shipped_v2",
      language: over.language ?? "en",
      category: "UTILITY",
      params: JSON.stringify(["customerName", "productOrderId", "awb", "courierName", "trackingUrl", "deliverBy"]),
      text: "",
    },
  });

const smsTemplate = () =>
  env.handle.db.messageTemplate.create({
    data: {
      channel: "sms",
      kind: "shipped",
      dltTemplateId: "1107161234567890123",
      senderId: "CLNSTR",
      text: "Your order {#var#} is shipped, AWB {#var#}. Track: {#var#} - Clean Store",
    },
  });

/** an outbox row as queue-whatsapp.ts writes it */
async function queueRow(templateId: number, opts: { phone?: string; params?: string[]; fallback?: boolean } = {}) {
  const params = opts.params ?? PARAMS;
  const row = await env.handle.db.outboxMessage.create({
    data: {
      channel: "whatsapp",
      kind: "shipped",
      recipient: opts.phone ?? "9876543210",
      subject: "WhatsApp: shipped",
      html: "",
      text: `order_shipped_v2 (en): ${params.join(" | ")}`,
      templateId,
      variables: JSON.stringify(params),
      fallbackSms: opts.fallback ? JSON.stringify({ kind: "shipped", variables: SMS_VARIABLES }) : null,
      status: "queued",
    },
  });
  return row.messageId;
}

const row = (messageId: number) => env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } });
const send = (now = new Date(), using: WhatsAppProvider | null = provider) => sendDueMessages(env.handle.db, null, { from: "", whatsapp: using, now });
const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);

describe("sending", () => {
  it("POSTs the template message Meta documents and keeps the wamid, with deliveryStatus sent", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    const before = wa.sent.length;
    expect(await send()).toEqual({ sent: 1, failed: 0 });

    expect(wa.sent.length - before).toBe(1);
    const received = wa.sent.at(-1)!;
    expect(received.body).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "order_shipped_v2",
        language: { code: "en" },
        components: [{ type: "body", parameters: PARAMS.map((text) => ({ type: "text", text })) }],
      },
    });
    expect(wa.requests.at(-1)?.authorized).toBe(true);
    expect(await row(messageId)).toMatchObject({
      status: "sent",
      providerMessageId: received.id,
      deliveryStatus: "sent",
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: expect.any(Date) as unknown,
    });
    expect(await env.handle.db.outboxAttempt.findMany({ where: { messageId }, select: { ok: true } })).toEqual([{ ok: true }]);
  });

  it("waits for a worker with WhatsApp: one with only SMS leaves the row queued and unclaimed", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    const before = wa.requests.length;
    expect(await sendDueMessages(env.handle.db, null, { from: "", sms: { name: "none", send: () => Promise.reject(new Error("no")) } })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await send(new Date(), null)).toEqual({ sent: 0, failed: 0 });
    expect(await row(messageId)).toMatchObject({ status: "queued", attempts: 0, lockedUntil: null });
    expect(wa.requests.length).toBe(before);
  });

  it("the outbox job sends WhatsApp with services.whatsapp alone, no SMTP and no SMS", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    const services = { ...env.services, sms: null, whatsapp: { provider, appSecret: null, verifyToken: null } };
    const handled = await JOBS.outbox.run({ db: env.handle.db, services, log: { warn: () => {} } }, new AbortController().signal);
    expect(handled).toBe(1);
    expect(await row(messageId)).toMatchObject({ status: "sent", deliveryStatus: "sent" });
    const idle = { ...services, whatsapp: { provider: null, appSecret: null, verifyToken: null } };
    expect(await JOBS.outbox.run({ db: env.handle.db, services: idle, log: { warn: () => {} } }, new AbortController().signal)).toBe(0);
  });

  it("applies a status the webhook stored before the sender saved the wamid", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    // Meta's "delivered" beats the sender's own commit of the id
    const early: WhatsAppProvider = {
      name: "cloud-api",
      async send(message) {
        const sent = await provider.send(message);
        await applyWhatsAppStatuses(env.handle.db, [
          { providerMessageId: sent.providerMessageId, status: "delivered", at: new Date("2026-11-26T10:00:00Z"), error: null },
        ]);
        return sent;
      },
    };
    expect(await send(new Date(), early)).toEqual({ sent: 1, failed: 0 });
    expect(await row(messageId)).toMatchObject({ status: "sent", deliveryStatus: "delivered", deliveredAt: new Date("2026-11-26T10:00:00Z") });
  });

  it("two workers at once send each message once", async () => {
    const t = await whatsappTemplate();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await queueRow(t.templateId, { phone: `98765000${10 + i}` }));
    const before = wa.sent.length;
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.sent + b.sent).toBe(6);
    expect(wa.sent.length - before).toBe(6);
    expect(new Set(wa.sent.slice(before).map((s) => s.to)).size).toBe(6);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("refusals", () => {
  it("a 500 is retried on the schedule, then sent", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId, { fallback: true });
    await smsTemplate();
    wa.failNext(500);
    const now = new Date();
    expect(await send(now)).toEqual({ sent: 0, failed: 1 });
    const failed = await row(messageId);
    expect(failed).toMatchObject({ status: "failed", deliveryStatus: null, lastError: "(#131000) Something went wrong", attempts: 1 });
    expect(failed.nextAttemptAt?.getTime()).toBe(now.getTime() + RETRY_DELAYS_MINUTES[0] * 60_000);
    // not due yet
    expect(await send(now)).toEqual({ sent: 0, failed: 0 });
    expect(await send(minutesLater(2))).toEqual({ sent: 1, failed: 0 });
    expect(await row(messageId)).toMatchObject({ status: "sent", deliveryStatus: "sent", attempts: 2, lastError: null });
    // no SMS instead: the retry went through
    expect(await env.handle.db.outboxMessage.count({ where: { channel: "sms", kind: "shipped", createdAt: { gte: now } } })).toBe(0);
  });

  it("a 429 is retried too", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    wa.failNext(429);
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    expect(await row(messageId)).toMatchObject({ status: "failed", lastError: "(#130429) Rate limit hit", nextAttemptAt: expect.any(Date) as unknown });
  });

  it("a 400 fails once with Meta's words, is never retried, and queues the SMS of the same kind", async () => {
    const t = await whatsappTemplate();
    const sms = await smsTemplate();
    const messageId = await queueRow(t.templateId, { phone: "9123456780", fallback: true });
    wa.failNext(400, 1, { message: "(#132001) Template name does not exist in the translation", code: 132001 });
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    expect(await row(messageId)).toMatchObject({
      status: "failed",
      nextAttemptAt: null,
      deliveryStatus: "failed",
      lastError: "(#132001) Template name does not exist in the translation",
      providerMessageId: null,
    });
    const fallback = await env.handle.db.outboxMessage.findMany({ where: { channel: "sms", recipient: "9123456780" } });
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({
      kind: "shipped",
      status: "queued",
      templateId: sms.templateId,
      variables: JSON.stringify(SMS_VARIABLES),
      text: "Your order PO-2026-0042 is shipped, AWB AWB123456. Track: https://shop.example.in/track/AWB123456 - Clean Store",
    });
    const requests = wa.requests.length;
    expect(await send(minutesLater(24 * 60))).toEqual({ sent: 0, failed: 0 });
    expect(wa.requests.length).toBe(requests);
    expect(await env.handle.db.outboxAttempt.count({ where: { messageId } })).toBe(1);
  });

  it("a 400 without a fallback queues no SMS", async () => {
    const t = await whatsappTemplate();
    await smsTemplate();
    await queueRow(t.templateId, { phone: "9123456781" });
    wa.failNext(400);
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    expect(await env.handle.db.outboxMessage.count({ where: { channel: "sms", recipient: "9123456781" } })).toBe(0);
  });

  it("a template removed since it was queued fails the message without calling Meta", async () => {
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId);
    await env.handle.db.messageTemplate.update({ where: { templateId: t.templateId }, data: { active: false } });
    const requests = wa.requests.length;
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    expect(await row(messageId)).toMatchObject({ status: "failed", nextAttemptAt: null, deliveryStatus: "failed", lastError: "template removed" });
    expect(wa.requests.length).toBe(requests);
  });
});

describe("the owner's outbox", () => {
  it("lists and previews a WhatsApp message with its template, parameters and delivery", async () => {
    const t = await whatsappTemplate({ name: "order_shipped_hi", language: "hi" });
    const messageId = await queueRow(t.templateId, { phone: "9000011111" });
    await send();
    const { providerMessageId } = await row(messageId);
    await applyWhatsAppStatuses(env.handle.db, [
      { providerMessageId: providerMessageId!, status: "delivered", at: new Date("2026-11-26T10:00:00Z"), error: null },
      { providerMessageId: providerMessageId!, status: "read", at: new Date("2026-11-26T10:05:00Z"), error: null },
    ]);

    const page = await env.admin.emails.page({ page: 1, search: "9000011111", channel: "whatsapp" });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      messageId,
      channel: "whatsapp",
      status: "sent",
      templateName: "order_shipped_hi",
      params: PARAMS,
      providerMessageId,
      deliveryStatus: "read",
      deliveredAt: new Date("2026-11-26T10:00:00Z"),
      readAt: new Date("2026-11-26T10:05:00Z"),
    });
    expect(page.items[0]).not.toHaveProperty("variables");
    expect(await env.admin.emails.byId({ messageId })).toMatchObject({ templateName: "order_shipped_hi", params: PARAMS, deliveryStatus: "read", html: "" });
    // an e-mail has neither
    const email = await env.handle.db.outboxMessage.create({
      data: { kind: "welcome", recipient: "a@example.in", subject: "Hi", html: "<p>Hi</p>", text: "Hi", status: "cancelled" },
    });
    expect(await env.admin.emails.byId({ messageId: email.messageId })).toMatchObject({ templateName: null, params: null, deliveryStatus: null });
    await expect(env.admin.emails.byId({ messageId: 999_999 })).rejects.toThrow("Message 999999 was not found.");
  });

  it("resends a WhatsApp message with the same template and parameters, and refuses when the template is gone", async () => {
    const customer = await env.newCustomer();
    const phone = customer.fields.number;
    await env.handle.db.customer.update({ where: { customerId: customer.customerId }, data: { whatsappOptIn: true } });
    const t = await whatsappTemplate();
    const messageId = await queueRow(t.templateId, { phone, fallback: true });
    await send();

    const resent = await env.admin.emails.resend({ messageId });
    expect(resent.messageId).not.toBe(messageId);
    expect(await row(resent.messageId)).toMatchObject({
      channel: "whatsapp",
      kind: "shipped",
      recipient: phone,
      status: "queued",
      templateId: t.templateId,
      variables: JSON.stringify(PARAMS),
      fallbackSms: JSON.stringify({ kind: "shipped", variables: SMS_VARIABLES }),
      deliveryStatus: null,
      providerMessageId: null,
    });
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(wa.sent.at(-1)).toMatchObject({ to: `91${phone}`, templateName: "order_shipped_v2", params: PARAMS });

    // the buyer replied STOP since
    await env.handle.db.customer.update({ where: { customerId: customer.customerId }, data: { whatsappOptIn: false } });
    await expect(env.admin.emails.resend({ messageId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("no longer accepts WhatsApp") as unknown,
    });

    await env.handle.db.messageTemplate.delete({ where: { templateId: t.templateId } });
    const gone = await env.admin.emails.resend({ messageId }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("its template was removed") as unknown });
  });
});
