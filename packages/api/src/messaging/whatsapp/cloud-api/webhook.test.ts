// Meta's webhook signature and body (INDIA.md "SMS and WhatsApp", contracts/whatsapp.md "Webhook"):
// X-Hub-Signature-256 over the exact raw bytes, and statuses and messages read from Meta's shape.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseWhatsAppWebhook, whatsappSignatureMatches } from "./webhook.ts";

const SECRET = "app-secret-of-the-test";
const RAW = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
const sign = (body: Buffer | string, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("whatsappSignatureMatches", () => {
  it("takes Meta's signature of the exact bytes, in either hex case", () => {
    expect(whatsappSignatureMatches(SECRET, RAW, sign(RAW))).toBe(true);
    expect(whatsappSignatureMatches(SECRET, RAW, `sha256=${sign(RAW).slice(7).toUpperCase()}`)).toBe(true);
  });

  it("refuses a signature under another secret", () => {
    expect(whatsappSignatureMatches(SECRET, RAW, sign(RAW, "another-secret"))).toBe(false);
  });

  it("refuses a missing or empty header", () => {
    expect(whatsappSignatureMatches(SECRET, RAW, undefined)).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, "")).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, "sha256=")).toBe(false);
  });

  it("refuses a signature of another length, another prefix or not hex, without throwing", () => {
    const good = sign(RAW);
    expect(whatsappSignatureMatches(SECRET, RAW, good.slice(0, -2))).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, `${good}00`)).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, good.slice(7))).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, `sha1=${good.slice(7)}`)).toBe(false);
    expect(whatsappSignatureMatches(SECRET, RAW, `sha256=${"z".repeat(64)}`)).toBe(false);
  });

  it("refuses the signature of other bytes: one changed byte, or the same JSON spaced differently", () => {
    const other = Buffer.from(RAW);
    other[2] = "O".charCodeAt(0);
    expect(whatsappSignatureMatches(SECRET, other, sign(RAW))).toBe(false);
    const respaced = Buffer.from(JSON.stringify(JSON.parse(RAW.toString()), null, 1));
    expect(whatsappSignatureMatches(SECRET, respaced, sign(RAW))).toBe(false);
  });

  it("refuses everything when no secret is set", () => {
    expect(whatsappSignatureMatches("", RAW, sign(RAW, ""))).toBe(false);
  });
});

const envelope = (value: object) => ({
  object: "whatsapp_business_account",
  entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", ...value } }] }],
});

describe("parseWhatsAppWebhook", () => {
  it("reads statuses in Meta's shape, with a failed message's error, and leaves out statuses it does not know", () => {
    const parsed = parseWhatsAppWebhook(
      envelope({
        statuses: [
          { id: "wamid.A", status: "delivered", timestamp: "1764000000", recipient_id: "919876543210", conversation: { id: "c1" } },
          { id: "wamid.B", status: "read", timestamp: 1764000100, recipient_id: "919876543211" },
          {
            id: "wamid.C",
            status: "failed",
            timestamp: "1764000200",
            recipient_id: "919876543212",
            errors: [{ code: 131026, title: "Message undeliverable", error_data: { details: "Receiver is incapable of receiving this message" } }],
          },
          { id: "wamid.D", status: "deleted", timestamp: "1764000300", recipient_id: "919876543213" },
          { id: "", status: "sent", timestamp: "1764000300" },
          { id: "wamid.E", status: "sent", timestamp: "yesterday" },
        ],
      }),
    );
    expect(parsed.messages).toEqual([]);
    expect(parsed.statuses).toEqual([
      { providerMessageId: "wamid.A", status: "delivered", at: new Date(1764000000_000), recipientPhone: "919876543210", error: null },
      { providerMessageId: "wamid.B", status: "read", at: new Date(1764000100_000), recipientPhone: "919876543211", error: null },
      {
        providerMessageId: "wamid.C",
        status: "failed",
        at: new Date(1764000200_000),
        recipientPhone: "919876543212",
        error: "131026 Message undeliverable: Receiver is incapable of receiving this message",
      },
    ]);
  });

  it("reads inbound messages: a text's body, another type with its type and no text", () => {
    const parsed = parseWhatsAppWebhook(
      envelope({
        contacts: [{ profile: { name: "Asha" }, wa_id: "919876543210" }],
        messages: [
          { from: "919876543210", id: "wamid.IN1", timestamp: "1764000000", type: "text", text: { body: " Stop " } },
          { from: "919876543210", id: "wamid.IN2", timestamp: "1764000050", type: "image", image: { id: "img1", mime_type: "image/jpeg" } },
          { from: "919876543210", timestamp: "1764000060", type: "text", text: { body: "no id" } },
        ],
      }),
    );
    expect(parsed.statuses).toEqual([]);
    expect(parsed.messages).toEqual([
      { providerMessageId: "wamid.IN1", fromPhone: "919876543210", text: " Stop ", at: new Date(1764000000_000), type: "text" },
      { providerMessageId: "wamid.IN2", fromPhone: "919876543210", text: "", at: new Date(1764000050_000), type: "image" },
    ]);
  });

  it("reads every entry and change of a batch", () => {
    const one = envelope({ statuses: [{ id: "wamid.1", status: "sent", timestamp: "1764000000", recipient_id: "91" }] });
    const two = envelope({ messages: [{ from: "919", id: "wamid.2", timestamp: "1764000000", type: "text", text: { body: "hi" } }] });
    const parsed = parseWhatsAppWebhook({ object: "whatsapp_business_account", entry: [...one.entry, ...two.entry] });
    expect(parsed.statuses.map((s) => s.providerMessageId)).toEqual(["wamid.1"]);
    expect(parsed.messages.map((m) => m.text)).toEqual(["hi"]);
  });

  it("gives empty lists for JSON that is not Meta's shape", () => {
    for (const body of [null, 42, "text", [], {}, { entry: "x" }, { entry: [{ changes: [{ value: { statuses: "x" } }] }] }]) {
      expect(parseWhatsAppWebhook(body)).toEqual({ statuses: [], messages: [] });
    }
  });
});
