// WhatsApp in the owner's outbox over HTTP (issue 30, contracts/whatsapp.md "Sending" and "Admin"): the
// server configured from WHATSAPP_* as in production, pointed at a local stand-in of the Cloud API; the
// outbox job sends, GET /emails?channel=whatsapp shows the template, parameters and delivery, and
// POST /emails/{id}/resend queues it again. Then the configuration's refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappFromEnv } from "@store/api";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "@store/api/testing/whatsapp";
import { ConfigError, loadEnv } from "./env.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let wa: WhatsAppStandIn;

beforeAll(async () => {
  wa = await startWhatsAppStandIn();
  env = await createHttpTestEnv({
    whatsapp: whatsappFromEnv({
      WHATSAPP_TOKEN: wa.token,
      WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
      WHATSAPP_API_BASE: wa.url,
      WHATSAPP_APP_SECRET: "s3cret",
    }),
  });
});
afterAll(async () => {
  await env.close();
  await wa.close();
});

const call = (method: "GET" | "POST", url: string, token?: string) =>
  env.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(method === "POST" ? { payload: {} } : {}) });

const PARAMS = ["Asha", "PO-2026-0077", "₹1,249.00"];

describe("GET /api/v1/emails?channel=whatsapp", () => {
  it("the outbox job sends through the Cloud API; the owner sees template, parameters and delivery, and resends", async () => {
    const customer = await env.newCustomer();
    const phone = customer.fields.number;
    await env.handle.db.customer.update({ where: { customerId: customer.customerId }, data: { whatsappOptIn: true } });
    const template = await env.handle.db.messageTemplate.create({
      data: {
        channel: "whatsapp",
        kind: "order_placed",
        name: "order_placed_v1",
        language: "en",
        category: "UTILITY",
        params: '["customerName","productOrderId","grandTotal"]',
        text: "",
      },
    });
    // as queue-whatsapp.ts writes it
    const { messageId } = await env.handle.db.outboxMessage.create({
      data: {
        channel: "whatsapp",
        kind: "order_placed",
        recipient: phone,
        subject: "WhatsApp: order_placed",
        html: "",
        text: `order_placed_v1 (en): ${PARAMS.join(" | ")}`,
        templateId: template.templateId,
        variables: JSON.stringify(PARAMS),
      },
    });

    // the owner's run, or the queue's own round every second if it comes first
    expect((await call("POST", "/api/v1/admin/jobs/outbox/run", env.adminToken)).statusCode).toBe(200);
    await expect.poll(async () => (await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } })).status, { timeout: 10_000 }).toBe("sent");
    const received = wa.sent.find((s) => s.to === `91${phone}`);
    expect(received).toMatchObject({ templateName: "order_placed_v1", language: "en", params: PARAMS });

    const page = await call("GET", `/api/v1/emails?channel=whatsapp&search=${phone}`, env.adminToken);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      total: 1,
      items: [
        {
          messageId,
          channel: "whatsapp",
          status: "sent",
          templateName: "order_placed_v1",
          params: PARAMS,
          providerMessageId: received?.id,
          deliveryStatus: "sent",
          deliveredAt: null,
          readAt: null,
        },
      ],
    });
    const one = await call("GET", `/api/v1/emails/${messageId}`, env.adminToken);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ templateName: "order_placed_v1", params: PARAMS, text: "order_placed_v1 (en): Asha | PO-2026-0077 | ₹1,249.00" });
    // e-mail stays the default list
    expect((await call("GET", `/api/v1/emails?search=${phone}`, env.adminToken)).json()).toMatchObject({ total: 0 });

    const resent = await call("POST", `/api/v1/emails/${messageId}/resend`, env.adminToken);
    expect(resent.statusCode).toBe(200);
    const copyId = resent.json<{ messageId: number }>().messageId;
    expect(await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId: copyId } })).toMatchObject({
      channel: "whatsapp",
      status: "queued",
      templateId: template.templateId,
      variables: JSON.stringify(PARAMS),
    });

    await env.handle.db.messageTemplate.update({ where: { templateId: template.templateId }, data: { active: false } });
    const gone = await call("POST", `/api/v1/emails/${messageId}/resend`, env.adminToken);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: "WHATSAPP_TEMPLATE_GONE" });

    const missing = await call("GET", "/api/v1/emails/987654", env.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Message 987654 was not found." });
    expect((await call("GET", "/api/v1/emails?channel=whatsapp", await env.tokenFor(customer.customerId))).statusCode).toBe(403);
  });
});

describe("WHATSAPP_*", () => {
  const base = { DATA_DIR: "/tmp/whatsapp-env-test", JWT_SECRET: "k3J9xQ2mV7pL4wZ8nR5tY1uB6cE0aH3sD9fG2jK7" };

  it("the token and the phone number id together turn sending on; the secrets come through; nothing set, nothing on", () => {
    const on = whatsappFromEnv({
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_APP_SECRET: " app-secret ",
      WHATSAPP_VERIFY_TOKEN: "verify-me",
    });
    expect(on).toMatchObject({ appSecret: "app-secret", verifyToken: "verify-me" });
    expect(on.provider?.name).toBe("cloud-api");
    expect(whatsappFromEnv({})).toEqual({ provider: null, appSecret: null, verifyToken: null });
    expect(whatsappFromEnv({ WHATSAPP_APP_SECRET: "only-the-webhook" })).toMatchObject({ provider: null, appSecret: "only-the-webhook" });
    const loaded = loadEnv({
      ...base,
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_API_BASE: "http://127.0.0.1:9/v21.0",
    });
    expect(loaded).toMatchObject({ WHATSAPP_PHONE_NUMBER_ID: "106540352242922", WHATSAPP_API_BASE: "http://127.0.0.1:9/v21.0" });
  });

  it("one of the pair without the other refuses to start, naming the missing one", () => {
    expect(() => whatsappFromEnv({ WHATSAPP_TOKEN: "EAAG-token" })).toThrow("WHATSAPP_PHONE_NUMBER_ID is not");
    expect(() => whatsappFromEnv({ WHATSAPP_PHONE_NUMBER_ID: "106540352242922" })).toThrow("WHATSAPP_TOKEN is not");
    expect(() => loadEnv({ ...base, WHATSAPP_TOKEN: "EAAG-token" })).toThrow(
      new ConfigError("WhatsApp needs both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_PHONE_NUMBER_ID is not set."),
    );
    expect(() => loadEnv({ ...base, WHATSAPP_PHONE_NUMBER_ID: "106540352242922" })).toThrow("WHATSAPP_TOKEN is not set");
    expect(() => loadEnv({ ...base, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "+91 98765 43210" })).toThrow(
      "WHATSAPP_PHONE_NUMBER_ID must be the number's id",
    );
    expect(() => loadEnv({ ...base, WHATSAPP_API_BASE: "graph.facebook.com" })).toThrow("WHATSAPP_API_BASE must be a URL");
  });
});
