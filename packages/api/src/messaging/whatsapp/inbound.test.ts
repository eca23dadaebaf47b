// Inbound WhatsApp messages at procedure depth (contracts/whatsapp.md "Webhook"): each kept once, matched
// to the customer by the mobile's 10 digits; a STOP (any case, spaced) opts the number out, once.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { isStop, keepInboundMessages, mobileOf, type InboundWhatsApp } from "./inbound.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const AT = new Date("2026-11-20T10:00:00.000Z");
const inbound = (fromPhone: string, text: string, type = "text"): InboundWhatsApp => ({
  providerMessageId: `wamid.${randomBytes(12).toString("hex")}`,
  fromPhone,
  text,
  at: AT,
  type,
});

async function optedInCustomer() {
  const { customerId, fields } = await env.newCustomer();
  await env.handle.db.customer.update({ where: { customerId }, data: { whatsappOptIn: true, whatsappOptInAt: AT, whatsappOptInSource: "checkout" } });
  return { customerId, phone: fields.number };
}

describe("the words", () => {
  it("STOP in any case and spacing is a stop; another text or type is not", () => {
    expect([" stop ", "STOP", "Stop\n"].map((text) => isStop({ text, type: "text" }))).toEqual([true, true, true]);
    expect(["stop please", "STOPP", ""].map((text) => isStop({ text, type: "text" }))).toEqual([false, false, false]);
    expect(isStop({ text: "STOP", type: "button" })).toBe(false);
  });

  it("the mobile is the number's last 10 digits", () => {
    expect(mobileOf("919876543210")).toBe("9876543210");
    expect(mobileOf("+91 98765 43210")).toBe("9876543210");
    expect(mobileOf("9876543210")).toBe("9876543210");
    expect(mobileOf("12345")).toBeNull();
  });
});

describe("keepInboundMessages", () => {
  it("keeps a text once, for the customer whose mobile it is", async () => {
    const { customerId, phone } = await optedInCustomer();
    const message = inbound(`91${phone}`, "Where is my order?");
    expect(await keepInboundMessages(env.handle.db, [message, message])).toEqual({ kept: 1, stops: 0, duplicates: 1 });
    expect(await keepInboundMessages(env.handle.db, [message])).toEqual({ kept: 0, stops: 0, duplicates: 1 });
    const rows = await env.handle.db.inboundMessage.findMany({ where: { providerMessageId: message.providerMessageId } });
    expect(rows).toEqual([
      expect.objectContaining({ channel: "whatsapp", fromPhone: `91${phone}`, customerId, text: "Where is my order?", kind: "text", receivedAt: AT }),
    ]);
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } })).whatsappOptIn).toBe(true);
  });

  it("a STOP opts the customer out with source reply, logged once even when Meta sends it twice", async () => {
    const { customerId, phone } = await optedInCustomer();
    const stop = inbound(`91${phone}`, " stop ");
    expect(await keepInboundMessages(env.handle.db, [stop, stop])).toEqual({ kept: 1, stops: 1, duplicates: 1 });
    const customer = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } });
    expect(customer).toMatchObject({ whatsappOptIn: false, whatsappOptInAt: AT, whatsappOptInSource: "reply" });
    const changes = await env.handle.db.consentChange.findMany({ where: { customerId } });
    expect(changes).toEqual([expect.objectContaining({ field: "whatsappOptIn", value: "false", source: "reply", phone })]);
    expect(await env.handle.db.inboundMessage.findUniqueOrThrow({ where: { providerMessageId: stop.providerMessageId } })).toMatchObject({
      kind: "stop",
      customerId,
    });
  });

  it("a message from a number no customer has is kept without a customer; a non-text one shows its type", async () => {
    const text = inbound("919000012345", "Do you deliver to Nagpur?");
    const image = inbound("919000012345", "", "image");
    expect(await keepInboundMessages(env.handle.db, [text, image])).toEqual({ kept: 2, stops: 0, duplicates: 0 });
    const rows = await env.handle.db.inboundMessage.findMany({ where: { fromPhone: "919000012345" }, orderBy: { inboundId: "asc" } });
    expect(rows.map((r) => [r.customerId, r.text, r.kind])).toEqual([
      [null, "Do you deliver to Nagpur?", "text"],
      [null, "[image]", "text"],
    ]);
  });
});
