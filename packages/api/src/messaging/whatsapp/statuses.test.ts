// WhatsApp delivery statuses at procedure depth (contracts/whatsapp.md "Webhook"): each (message id,
// status) applied once, never backwards, deliveredAt and readAt set once, a failure's reason kept only
// while the phone has not had the message, and a status that arrives before the sender saved the
// message id applied by catchUpDeliveryStatus.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { applyWhatsAppStatuses, catchUpDeliveryStatus, type DeliveryStatusEvent } from "./statuses.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const wamid = () => `wamid.${randomBytes(12).toString("hex")}`;
const T0 = new Date("2026-11-20T10:00:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** a WhatsApp message the sender sent (providerMessageId saved unless told) */
async function sentMessage(providerMessageId: string | null = wamid()) {
  const row = await env.handle.db.outboxMessage.create({
    data: {
      channel: "whatsapp",
      kind: "shipped",
      recipient: "9876543210",
      subject: "WhatsApp: shipped",
      html: "",
      text: "order_shipped (en): Asha | ORD-1",
      variables: JSON.stringify(["Asha", "ORD-1"]),
      status: "sent",
      sentAt: T0,
      providerMessageId,
    },
  });
  return row.messageId;
}

const delivery = (messageId: number) =>
  env.handle.db.outboxMessage.findUniqueOrThrow({
    where: { messageId },
    select: { deliveryStatus: true, deliveredAt: true, readAt: true, lastError: true, status: true },
  });
const event = (providerMessageId: string, status: DeliveryStatusEvent["status"], at: Date, error: string | null = null): DeliveryStatusEvent => ({
  providerMessageId,
  status,
  at,
  error,
});

describe("applyWhatsAppStatuses", () => {
  it("sent, delivered, read in order: each applied, with its time", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    const result = await applyWhatsAppStatuses(env.handle.db, [event(id, "sent", later(0)), event(id, "delivered", later(1)), event(id, "read", later(5))]);
    expect(result).toEqual({ applied: 3, duplicates: 0, unknown: 0 });
    expect(await delivery(messageId)).toEqual({ deliveryStatus: "read", deliveredAt: later(1), readAt: later(5), lastError: null, status: "sent" });
  });

  it("read before delivered: stays read; read implies delivered, and deliveredAt is set once", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    await applyWhatsAppStatuses(env.handle.db, [event(id, "read", later(5))]);
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "read", deliveredAt: later(5), readAt: later(5) });
    const result = await applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(1)), event(id, "sent", later(0))]);
    expect(result).toEqual({ applied: 2, duplicates: 0, unknown: 0 });
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "read", deliveredAt: later(5), readAt: later(5) });
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId: id } })).toBe(3);
  });

  it("the same status again is ignored: one event row, the first time kept", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    expect(await applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(1))])).toEqual({ applied: 1, duplicates: 0, unknown: 0 });
    expect(await applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(9)), event(id, "delivered", later(10))])).toEqual({
      applied: 0,
      duplicates: 2,
      unknown: 0,
    });
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "delivered", deliveredAt: later(1), readAt: null });
    const rows = await env.handle.db.whatsAppStatusEvent.findMany({ where: { providerMessageId: id } });
    expect(rows.map((r) => [r.status, r.at])).toEqual([["delivered", later(1)]]);
  });

  it("10 copies of one status at once: one event row, applied once", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(1 + i))])));
    expect(results.reduce((n, r) => n + r.applied, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(9);
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId: id } })).toBe(1);
    const stored = await env.handle.db.whatsAppStatusEvent.findFirstOrThrow({ where: { providerMessageId: id } });
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "delivered", deliveredAt: stored.at });
  });

  it("failed records the provider's reason in lastError", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    await applyWhatsAppStatuses(env.handle.db, [event(id, "sent", later(0)), event(id, "failed", later(1), "131026 Message undeliverable")]);
    expect(await delivery(messageId)).toEqual({
      deliveryStatus: "failed",
      deliveredAt: null,
      readAt: null,
      lastError: "131026 Message undeliverable",
      status: "sent",
    });
  });

  it("failed after it was accepted queues the fallback SMS once (a number not on WhatsApp); a repeat queues nothing more", async () => {
    await env.handle.db.messageTemplate.upsert({
      where: { channel_kind_language: { channel: "sms", kind: "shipped", language: "en" } },
      create: {
        channel: "sms",
        kind: "shipped",
        dltTemplateId: "1107160000000000301",
        senderId: "CLNSTR",
        text: "Order {#var#} shipped, AWB {#var#}: {#var#}",
      },
      update: {},
    });
    const id = wamid();
    const messageId = await sentMessage(id);
    const phone = `98${String(Date.now()).slice(-8)}`;
    await env.handle.db.outboxMessage.update({
      where: { messageId },
      data: { recipient: phone, fallbackSms: JSON.stringify({ kind: "shipped", variables: ["ORD-1", "AWB1", "https://t.example/1"] }) },
    });
    await applyWhatsAppStatuses(env.handle.db, [event(id, "sent", later(0)), event(id, "failed", later(1), "131026 Message undeliverable")]);
    await applyWhatsAppStatuses(env.handle.db, [event(id, "failed", later(1), "131026 Message undeliverable")]);
    const sms = await env.handle.db.outboxMessage.findMany({ where: { channel: "sms", recipient: phone } });
    expect(sms.map((m) => [m.status, m.text])).toEqual([["queued", "Order ORD-1 shipped, AWB AWB1: https://t.example/1"]]);
    expect((await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } })).fallbackSms).toBeNull();
  });

  it("failed after delivered is ignored: stays delivered, no error recorded", async () => {
    const id = wamid();
    const messageId = await sentMessage(id);
    await applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(1))]);
    const result = await applyWhatsAppStatuses(env.handle.db, [event(id, "failed", later(2), "131000 Something went wrong")]);
    expect(result).toEqual({ applied: 1, duplicates: 0, unknown: 0 });
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "delivered", deliveredAt: later(1), lastError: null });
  });

  it("a status of an unknown message id is kept and changes no message; catchUpDeliveryStatus applies it once the id is saved", async () => {
    const id = wamid();
    const messageId = await sentMessage(null);
    const before = await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } });
    const result = await applyWhatsAppStatuses(env.handle.db, [event(id, "delivered", later(1)), event(id, "read", later(3))]);
    expect(result).toEqual({ applied: 0, duplicates: 0, unknown: 2 });
    expect(await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } })).toEqual(before);
    expect(await env.handle.db.whatsAppStatusEvent.count({ where: { providerMessageId: id } })).toBe(2);

    // the sender saves the id the send was answered with, then catches up
    await env.handle.db.outboxMessage.update({ where: { messageId }, data: { providerMessageId: id } });
    await catchUpDeliveryStatus(env.handle.db, messageId);
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "read", deliveredAt: later(1), readAt: later(3) });
    // again: nothing moves
    await catchUpDeliveryStatus(env.handle.db, messageId);
    expect(await delivery(messageId)).toMatchObject({ deliveryStatus: "read", deliveredAt: later(1), readAt: later(3) });
  });

  it("catchUpDeliveryStatus of a message without an id, without stored statuses, or not WhatsApp changes nothing", async () => {
    const withoutId = await sentMessage(null);
    const withoutEvents = await sentMessage();
    const sms = await env.handle.db.outboxMessage.create({
      data: { channel: "sms", kind: "otp", recipient: "9876543210", subject: "SMS: otp", html: "", text: "123456", providerMessageId: wamid() },
    });
    await applyWhatsAppStatuses(env.handle.db, [event(sms.providerMessageId!, "delivered", later(1))]);
    for (const messageId of [withoutId, withoutEvents, sms.messageId]) {
      await catchUpDeliveryStatus(env.handle.db, messageId);
      expect(await delivery(messageId)).toMatchObject({ deliveryStatus: null, deliveredAt: null, readAt: null });
    }
    await expect(catchUpDeliveryStatus(env.handle.db, 987_654_321)).resolves.toBeUndefined();
  });
});
