// The SMS channel over HTTP (issue 29, contracts/otp-and-sms.md "SMS channel"): the DLT templates at
// /api/v1/messaging/templates (the owner writes, staff reads), WhatsApp templates beside them (issue 30,
// contracts/whatsapp.md "Templates"), their refusals in the REST error shape,
// and an SMS sent by the outbox job with the console provider, read by the owner at GET /emails?channel=sms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsFromEnv } from "@store/api";
import { checkSmsForProduction, ConfigError, loadEnv } from "./env.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let staffToken: string;
beforeAll(async () => {
  env = await createHttpTestEnv();
  const { staff } = await env.admin.staff.create({ name: "Template Staff", email: "template.staff@cleanstore.test", password: "Bucket-And-Mop-2026" });
  staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
});
afterAll(() => env.close());

const call = (method: "GET" | "POST" | "DELETE", url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

const OTP = {
  channel: "sms",
  kind: "otp",
  dltTemplateId: "1107161234567890123",
  senderId: "clnstr",
  text: "{#var#} is your Clean Store login code, valid for {#var#} minutes. - Clean Store",
};

describe("/api/v1/messaging/templates", () => {
  it("the owner registers (201), lists, changes and deletes; staff reads only; a customer and a guest are refused", async () => {
    const created = await call("POST", "/api/v1/messaging/templates", env.adminToken, OTP);
    expect(created.statusCode).toBe(201);
    const t = created.json<{ templateId: number; senderId: string; variables: string[] }>();
    expect(t).toMatchObject({ senderId: "CLNSTR", variables: ["code", "minutes"] });

    const listed = await call("GET", "/api/v1/messaging/templates?channel=sms", staffToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { templateId: number }[] }>().items.map((i) => i.templateId)).toEqual([t.templateId]);
    expect((await call("POST", "/api/v1/messaging/templates", staffToken, OTP)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/v1/messaging/templates/${t.templateId}`, staffToken)).statusCode).toBe(403);
    const customer = await env.newCustomer();
    expect((await call("GET", "/api/v1/messaging/templates", await env.tokenFor(customer.customerId))).statusCode).toBe(403);
    expect((await call("GET", "/api/v1/messaging/templates")).statusCode).toBe(401);

    const changed = await call("POST", `/api/v1/messaging/templates/${t.templateId}`, env.adminToken, { providerTemplateId: "65f0c0ffee" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ templateId: t.templateId, providerTemplateId: "65f0c0ffee", text: OTP.text });

    const removed = await call("DELETE", `/api/v1/messaging/templates/${t.templateId}`, env.adminToken);
    expect(removed.statusCode).toBe(200);
    expect((await call("DELETE", `/api/v1/messaging/templates/${t.templateId}`, env.adminToken)).statusCode).toBe(404);
  });

  it("refuses a wrong placeholder count naming both counts, and bad ids, headers and channels, with 400", async () => {
    const counts = await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...OTP, text: "{#var#} is your Clean Store code" });
    expect(counts.statusCode).toBe(400);
    expect(counts.json()).toMatchObject({
      code: "TEMPLATE_PLACEHOLDERS",
      message: "The text has 1 placeholder ({#var#}) but the kind otp supplies 2 variables: code, minutes.",
    });
    expect((await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...OTP, dltTemplateId: "12345" })).statusCode).toBe(400);
    expect((await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...OTP, senderId: "CLN" })).statusCode).toBe(400);
    expect((await call("GET", "/api/v1/messaging/templates?channel=fax", env.adminToken)).statusCode).toBe(400);
  });
});

const SHIPPED = {
  channel: "whatsapp",
  kind: "shipped",
  name: "order_shipped",
  language: "hi",
  category: "UTILITY",
  params: ["customerName", "productOrderId", "trackingUrl"],
  text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} भेज दिया गया है: {{3}}",
};

describe("/api/v1/messaging/templates for WhatsApp", () => {
  it("the owner registers (201), lists by channel and changes a WhatsApp template; staff may not", async () => {
    const created = await call("POST", "/api/v1/messaging/templates", env.adminToken, SHIPPED);
    expect(created.statusCode).toBe(201);
    const t = created.json<{ templateId: number }>();
    expect(t).toMatchObject({ ...SHIPPED, variables: SHIPPED.params, dltTemplateId: null, active: true });
    expect((await call("POST", "/api/v1/messaging/templates", staffToken, SHIPPED)).statusCode).toBe(403);

    const listed = await call("GET", "/api/v1/messaging/templates?channel=whatsapp", staffToken);
    expect(listed.json<{ items: { templateId: number }[] }>().items.map((i) => i.templateId)).toEqual([t.templateId]);

    const changed = await call("POST", `/api/v1/messaging/templates/${t.templateId}`, env.adminToken, { params: ["productOrderId"], active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ templateId: t.templateId, params: ["productOrderId"], active: false, name: "order_shipped" });
    expect((await call("DELETE", `/api/v1/messaging/templates/${t.templateId}`, env.adminToken)).statusCode).toBe(200);
  });

  it("refuses a category or a param that does not fit the kind with their codes, a bad name and a missing field, with 400", async () => {
    const category = await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...SHIPPED, category: "MARKETING" });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toMatchObject({
      code: "TEMPLATE_CATEGORY",
      message: "A shipped template must be approved in the UTILITY category, not MARKETING.",
    });
    const params = await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...SHIPPED, params: ["otp"] });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ code: "TEMPLATE_PARAMS", message: expect.stringContaining("does not supply otp") as unknown });
    const name = await call("POST", "/api/v1/messaging/templates", env.adminToken, { ...SHIPPED, name: "Order Shipped" });
    expect(name.statusCode).toBe(400);
    expect(name.json<{ message: string }>().message).toContain("name must be the template's name as approved in Meta");
    const { category: _c, ...noCategory } = SHIPPED;
    const missing = await call("POST", "/api/v1/messaging/templates", env.adminToken, noCategory);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain("category is required");
    expect(await env.handle.db.messageTemplate.count({ where: { channel: "whatsapp" } })).toBe(0);
  });
});

describe("GET /api/v1/emails?channel=sms", () => {
  it("the outbox job sends an SMS with the console provider; the owner reads its text; e-mail stays the default list", async () => {
    const { templateId } = (await call("POST", "/api/v1/messaging/templates", env.adminToken, OTP)).json<{ templateId: number }>();
    const phone = "9000000042";
    // as queueSms writes it (messaging/sms/queue-sms.ts, tested in @store/api)
    await env.handle.db.outboxMessage.create({
      data: { channel: "sms", kind: "otp", recipient: phone, subject: "SMS: otp", html: "", text: "", templateId, variables: JSON.stringify(["246810", "5"]) },
    });
    const run = await call("POST", "/api/v1/admin/jobs/outbox/run", env.adminToken, {});
    expect(run.statusCode).toBe(200);
    expect(run.json<{ processed: number }>().processed).toBeGreaterThanOrEqual(1);

    const page = await call("GET", `/api/v1/emails?channel=sms&search=${phone}`, env.adminToken);
    expect(page.statusCode).toBe(200);
    const items = page.json<{ items: { messageId: number; channel: string; status: string; subject: string; providerMessageId: string | null }[] }>().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: "sms", status: "sent", subject: "SMS: otp", providerMessageId: expect.stringMatching(/^console-/) as unknown });
    const one = await call("GET", `/api/v1/emails/${items[0]!.messageId}`, env.adminToken);
    expect(one.json()).toMatchObject({ channel: "sms", text: "246810 is your Clean Store login code, valid for 5 minutes. - Clean Store" });

    expect((await call("GET", `/api/v1/emails?search=${phone}`, env.adminToken)).json()).toMatchObject({ items: [], total: 0 });
    expect((await call("GET", `/api/v1/emails?channel=all&search=${phone}`, env.adminToken)).json()).toMatchObject({ total: 1 });
    expect((await call("GET", "/api/v1/emails?channel=pigeon", env.adminToken)).statusCode).toBe(400);
    expect((await call("GET", "/api/v1/emails?channel=sms", staffToken)).statusCode).toBe(403);
  });
});

describe("SMS_PROVIDER", () => {
  const base = { DATA_DIR: "/tmp/sms-env-test", JWT_SECRET: "k3J9xQ2mV7pL4wZ8nR5tY1uB6cE0aH3sD9fG2jK7" };
  it("console, msg91 with its key, or unset; msg91 without MSG91_AUTH_KEY refuses to start", () => {
    expect(smsFromEnv({ SMS_PROVIDER: "console" })?.name).toBe("console");
    expect(smsFromEnv({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "key", MSG91_API_BASE: "http://127.0.0.1:9" })).not.toBeNull();
    expect(smsFromEnv({})).toBeNull();
    expect(() => smsFromEnv({ SMS_PROVIDER: "msg91" })).toThrow("MSG91_AUTH_KEY");
    expect(() => loadEnv({ ...base, SMS_PROVIDER: "msg91" })).toThrow(ConfigError);
    expect(() => loadEnv({ ...base, SMS_PROVIDER: "carrier-pigeon" })).toThrow("SMS_PROVIDER must be console or msg91");
    expect(loadEnv({ ...base, SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "key" }).SMS_PROVIDER).toBe("msg91");
  });

  it("production refuses the console provider while COD confirmation by OTP is on", () => {
    expect(() => checkSmsForProduction({ NODE_ENV: "production", SMS_PROVIDER: "console" }, "otp")).toThrow(ConfigError);
    expect(() => checkSmsForProduction({ NODE_ENV: "production", SMS_PROVIDER: "console" }, "off")).not.toThrow();
    expect(() => checkSmsForProduction({ NODE_ENV: "production", SMS_PROVIDER: "msg91" }, "otp")).not.toThrow();
    expect(() => checkSmsForProduction({ NODE_ENV: "development", SMS_PROVIDER: "console" }, "otp")).not.toThrow();
  });
});
