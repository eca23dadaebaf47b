// Email over HTTP (issue 16): the running app's outbox worker delivering to a real SMTP server, the
// REST password reset for customers and the admin, and the admin's outbox list, preview and resend.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "@store/api";
import { TEST_ADMIN } from "@store/api/testing";
import { startTestSmtpServer, type TestSmtpServer } from "@store/api/testing/smtp";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let smtp: TestSmtpServer;
const SHOP = "https://shop.example.in";

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  env = await createHttpTestEnv({ mailer: { transport: smtpTransport(smtp.url), from: "Clean Store <orders@cleanstore.test>", pollMs: 50 } });
  env.services.mail = { publicUrl: SHOP, smtpConfigured: true };
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: object, token?: string) => env.app.inject({ method: "POST", url, payload, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? auth(token) : {} });

async function mailMatching(pattern: RegExp, body = /./, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const found = smtp.received.find((m) => pattern.test(m.subject ?? "") && body.test(m.text ?? ""));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail with a subject like ${String(pattern)}; got ${smtp.received.map((m) => m.subject).join(" | ")}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the running app sends its outbox", () => {
  it("an order placed over REST reaches the mailbox with its invoice, without waiting for the next minute", async () => {
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const productId = await env.newProduct({ productPrice: 180, quantity: 20 });
    const started = Date.now();
    const res = await post("/api/v1/productOrder/save", { productId, quantity: 1 }, token);
    expect(res.statusCode).toBe(200);
    const { productOrderId } = res.json<{ productOrderId: string }>();
    const mail = await mailMatching(new RegExp(`^Order ${productOrderId} placed$`));
    const deliveredMs = Date.now() - started;
    console.log(`order → delivered mail: ${deliveredMs} ms (worker polling every 50 ms)`);
    expect(mail.attachments[0]?.contentType).toBe("application/pdf");
  });

  it("SMTP refusing mail does not fail the order; the worker retries later", async () => {
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const productId = await env.newProduct({ quantity: 20 });
    smtp.down();
    try {
      const res = await post("/api/v1/productOrder/save", { productId, quantity: 1 }, token);
      expect(res.statusCode).toBe(200);
      const { productOrderId } = res.json<{ productOrderId: string }>();
      const until = Date.now() + 10_000;
      let row = await env.handle.db.outboxMessage.findFirst({ where: { subject: `Order ${productOrderId} placed` } });
      while (row?.status !== "failed" && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
        row = await env.handle.db.outboxMessage.findFirst({ where: { subject: `Order ${productOrderId} placed` } });
      }
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row?.lastError).toMatch(/451|unavailable/i);
    } finally {
      smtp.up();
    }
  });
});

describe("REST password reset", () => {
  it("POST /customers/password/forgot and /reset: one answer for any address, a single-use link, clear 400s", async () => {
    const c = await env.newCustomer();
    const known = await post("/api/v1/customers/password/forgot", { email: c.fields.email });
    const unknown = await post("/api/v1/customers/password/forgot", { email: "no.such.person@example.in" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await mailMatching(/^Reset your Clean Store password$/);
    const token = new RegExp(`${SHOP}/resetPassword\\?token=([\\w-]+)`).exec(mail.text ?? "")?.[1] ?? "";
    expect(token.length).toBeGreaterThan(40);

    const weak = await post("/api/v1/customers/password/reset", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("at least 10 characters");
    const done = await post("/api/v1/customers/password/reset", { token, password: "Neem-Tulsi-Handwash-77" });
    expect(done.statusCode).toBe(200);
    const again = await post("/api/v1/customers/password/reset", { token, password: "Neem-Tulsi-Handwash-77" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("not valid any more");
    const login = await post("/api/v1/customers/login", { number: c.fields.number, password: "Neem-Tulsi-Handwash-77" });
    expect(login.statusCode).toBe(200);

    for (const bad of [{}, { email: "not-an-email" }, { number: "12ab" }, { email: "x".repeat(300) + "@example.in" }]) {
      const res = await post("/api/v1/customers/password/forgot", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noToken = await post("/api/v1/customers/password/reset", { password: "Neem-Tulsi-Handwash-77" });
    expect(noToken.statusCode).toBe(400);
  });

  it("POST /admin/password/forgot mails the admin a link to the admin reset page", async () => {
    const res = await post("/api/v1/admin/password/forgot", { email: TEST_ADMIN.email });
    expect(res.statusCode).toBe(200);
    const mail = await mailMatching(/^Reset your Clean Store password$/, /\/adminResetPassword\?token=/);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(TEST_ADMIN.email);
    const wrong = await post("/api/v1/admin/password/reset", { token: "y".repeat(43), password: "Neem-Tulsi-Handwash-77" });
    expect(wrong.statusCode).toBe(400);
  });
});

describe("the admin's outbox", () => {
  it("GET /emails lists with status and attempts, GET /emails/{id} previews, POST /emails/{id}/resend sends again; customers get 403", async () => {
    const c = await env.newCustomer();
    const welcome = await mailMatching(/^Welcome to Clean Store$/);
    expect(welcome).toBeTruthy();
    const list = await get(`/api/v1/emails?search=${encodeURIComponent(c.fields.email)}`, env.adminToken);
    expect(list.statusCode).toBe(200);
    const page = list.json<{ items: { messageId: number; status: string; attempts: number; recipient: string }[]; total: number }>();
    expect(page.total).toBe(1);
    const item = page.items[0];
    expect(item).toMatchObject({ recipient: c.fields.email });
    const one = await get(`/api/v1/emails/${item?.messageId}`, env.adminToken);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ html: string; text: string }>().text).toContain("Your account is ready");
    const before = smtp.received.length;
    const resend = await post(`/api/v1/emails/${item?.messageId}/resend`, {}, env.adminToken);
    expect(resend.statusCode).toBe(200);
    await smtp.waitFor(before + 1);
    const token = await env.tokenFor(c.customerId);
    expect((await get("/api/v1/emails", token)).statusCode).toBe(403);
    expect((await get("/api/v1/emails?status=bogus", env.adminToken)).statusCode).toBe(400);
    expect((await get("/api/v1/emails/999999", env.adminToken)).statusCode).toBe(404);
  });
});
