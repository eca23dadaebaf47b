// The Cloud API adapter against the local stand-in of Meta's documented send-message API: what a send
// puts on the wire, the wamid it hands back, and which refusals the outbox may retry. The token never
// leaves in an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WhatsAppProviderError, type WhatsAppProvider, type WhatsAppSend } from "../port.ts";
import { createCloudApiWhatsAppProvider } from "./adapter.ts";
import { signWhatsAppWebhook, startWhatsAppStandIn, type WhatsAppStandIn } from "./stand-in.ts";

const TOKEN = "EAAGm0PX4ZCpsBAKZCZBz7aWhatsAppTestToken1234567890";

let wa: WhatsAppStandIn;
let whatsapp: WhatsAppProvider;

const message = (over: Partial<WhatsAppSend> = {}): WhatsAppSend => ({
  phone: "9876543210",
  templateName: "order_shipped_v2",
  language: "hi",
  params: ["Asha", "PO-2026-0042", "AWB123456"],
  ...over,
});

/** the WhatsAppProviderError a send ends in */
async function refusal(provider: WhatsAppProvider, m: WhatsAppSend = message()): Promise<WhatsAppProviderError> {
  const error = await provider.send(m).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhatsAppProviderError);
  const failure = error as WhatsAppProviderError;
  expect(failure.message).not.toContain(TOKEN);
  return failure;
}

beforeAll(async () => {
  wa = await startWhatsAppStandIn({ token: TOKEN });
  whatsapp = createCloudApiWhatsAppProvider({ token: TOKEN, phoneNumberId: wa.phoneNumberId, apiBase: `${wa.url}/`, timeoutMs: 5000 });
});
afterAll(() => wa.close());

describe("a send", () => {
  it("posts the template message with the bearer token to /<phone number id>/messages and returns the wamid", async () => {
    const before = wa.requests.length;
    const answer = await whatsapp.send(message());
    expect(wa.requests.length - before).toBe(1);
    expect(wa.requests.at(-1)).toMatchObject({ method: "POST", path: `/v21.0/${wa.phoneNumberId}/messages`, authorized: true });
    expect(wa.sent.at(-1)?.body).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "order_shipped_v2",
        language: { code: "hi" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "PO-2026-0042" },
              { type: "text", text: "AWB123456" },
            ],
          },
        ],
      },
    });
    expect(answer.providerMessageId).toMatch(/^wamid\./);
    expect(wa.sent.at(-1)).toMatchObject({ id: answer.providerMessageId, to: "919876543210", templateName: "order_shipped_v2", language: "hi" });
    expect(wa.sent.at(-1)?.params).toEqual(["Asha", "PO-2026-0042", "AWB123456"]);
  });

  it("sends no components for a template without parameters", async () => {
    await whatsapp.send(message({ params: [] }));
    expect(wa.sent.at(-1)?.body).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: { name: "order_shipped_v2", language: { code: "hi" } },
    });
  });

  it("refuses a number that is not a 10-digit Indian mobile without calling Meta", async () => {
    const before = wa.requests.length;
    expect(await refusal(whatsapp, message({ phone: "+919876543210" }))).toMatchObject({ retryable: false });
    expect(wa.requests.length).toBe(before);
  });
});

describe("a refusal", () => {
  it("a wrong token is a 401, not retryable, with Meta's words and not the token sent", async () => {
    const wrong = createCloudApiWhatsAppProvider({ token: `${TOKEN}x`, phoneNumberId: wa.phoneNumberId, apiBase: wa.url, timeoutMs: 5000 });
    const error = await refusal(wrong);
    expect(wa.requests.at(-1)?.authorized).toBe(false);
    expect(error).toMatchObject({ retryable: false, status: 401, message: "Invalid OAuth access token - Cannot parse access token" });
  });

  it("another 4xx is not retryable and its message is Meta's error.message", async () => {
    wa.failNext(400, 1, { message: "(#132001) Template name does not exist in the translation", code: 132001 });
    expect(await refusal(whatsapp)).toMatchObject({
      retryable: false,
      status: 400,
      message: "(#132001) Template name does not exist in the translation",
    });
  });

  it("a body Meta rejects (an empty parameter) is a 400 with Meta's reason", async () => {
    const error = await refusal(whatsapp, message({ params: ["Asha", ""] }));
    expect(error).toMatchObject({ retryable: false, status: 400, message: "(#131008) Required parameter is missing" });
  });

  it("a phone number id Meta does not know is a 400", async () => {
    const other = createCloudApiWhatsAppProvider({ token: TOKEN, phoneNumberId: "999", apiBase: wa.url, timeoutMs: 5000 });
    const error = await refusal(other);
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.message).toContain("Object with ID '999' does not exist");
  });

  it("a 429 and a 5xx are retryable, twice in a row too; then the next send goes", async () => {
    wa.failNext(429);
    expect(await refusal(whatsapp)).toMatchObject({ retryable: true, status: 429, message: "(#130429) Rate limit hit" });
    wa.failNext(500, 2);
    expect(await refusal(whatsapp)).toMatchObject({ retryable: true, status: 500 });
    expect(await refusal(whatsapp)).toMatchObject({ retryable: true, status: 500 });
    expect((await whatsapp.send(message())).providerMessageId).toMatch(/^wamid\./);
  });

  it("a timeout is retryable", async () => {
    wa.failNext("timeout");
    const impatient = createCloudApiWhatsAppProvider({ token: TOKEN, phoneNumberId: wa.phoneNumberId, apiBase: wa.url, timeoutMs: 300 });
    const error = await refusal(impatient);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe("WhatsApp did not answer in time.");
  });

  it("a server that cannot be reached is retryable", async () => {
    const gone = await startWhatsAppStandIn({ token: TOKEN });
    await gone.close();
    const error = await refusal(createCloudApiWhatsAppProvider({ token: TOKEN, phoneNumberId: gone.phoneNumberId, apiBase: gone.url, timeoutMs: 5000 }));
    expect(error).toMatchObject({ retryable: true, message: "WhatsApp could not be reached." });
  });

  it("an error message that echoes the token has it taken out", async () => {
    wa.failNext(400, 1, `Malformed access token ${TOKEN}`);
    expect((await refusal(whatsapp)).message).toBe("Malformed access token [token]");
  });

  it("an HTTP 200 without messages[0].id is not retried (the message may have gone)", async () => {
    const odd = createCloudApiWhatsAppProvider({
      token: TOKEN,
      phoneNumberId: wa.phoneNumberId,
      apiBase: wa.url,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ messaging_product: "whatsapp" }), { status: 200 })),
    });
    expect(await refusal(odd)).toMatchObject({ retryable: false, status: 200 });
  });
});

describe("the stand-in's webhooks", () => {
  it("post Meta's status and inbound envelopes, signed over the raw body with the app secret", async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const { createServer } = await import("node:http");
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-hub-signature-256"] as string | undefined });
        res.writeHead(received.length === 1 ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
    try {
      const { providerMessageId } = await whatsapp.send(message());
      expect(await wa.postStatus(url, "app-secret", { id: providerMessageId, status: "delivered", timestamp: new Date("2026-11-26T10:00:00Z") })).toBe(200);
      expect(await wa.postInbound(url, "app-secret", { from: "9876543210", text: "STOP", id: "wamid.inbound1" })).toBe(401);

      const [status, inbound] = received;
      expect(status?.signature).toBe(signWhatsAppWebhook(status!.body, "app-secret"));
      expect(JSON.parse(status!.body)).toMatchObject({
        object: "whatsapp_business_account",
        entry: [
          {
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { phone_number_id: wa.phoneNumberId },
                  statuses: [{ id: providerMessageId, status: "delivered", timestamp: "1795687200", recipient_id: "919876543210" }],
                },
              },
            ],
          },
        ],
      });
      expect(inbound?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(JSON.parse(inbound!.body).entry[0].changes[0].value).toMatchObject({
        contacts: [{ wa_id: "919876543210" }],
        messages: [{ from: "919876543210", id: "wamid.inbound1", type: "text", text: { body: "STOP" } }],
      });
    } finally {
      hook.closeAllConnections();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});
