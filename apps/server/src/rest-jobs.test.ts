// Background jobs over HTTP (issue 22): POST /api/v1/admin/jobs/{job}/run for the owner only, what a
// run answers, and the job queue stopping with the app.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "@store/api";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import { startTestSmtpServer, type TestSmtpServer } from "@store/api/testing/smtp";
import type { DbHandle } from "@store/db";
import { buildApp } from "./app.ts";

let env: TestEnv;
let smtp: TestSmtpServer;
let app: FastifyInstance;
let ownerToken: string;
const FROM = "Clean Store <orders@cleanstore.test>";

beforeAll(async () => {
  env = await createTestEnv();
  smtp = await startTestSmtpServer();
  // nothing runs by itself here (UPI sweep off, outbox pollMs 0): every run in these tests is one asked for
  app = await buildApp({
    handle: env.handle,
    services: env.services,
    logLevel: "silent",
    upiExpirySweepMs: 0,
    mailer: { transport: smtpTransport(smtp.url), from: FROM, pollMs: 0 },
  });
  await app.ready();
  ownerToken = await env.services.tokens.sign({ role: "admin", adminId: env.adminId });
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await env.close();
});

// a POST of the facade carries a JSON body, here an empty one
const run = (job: string, token?: string) =>
  app.inject({ method: "POST", url: `/api/v1/admin/jobs/${job}/run`, payload: {}, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function expiredUpiOrder() {
  const c = await env.newCustomer();
  const productId = await env.newProduct({ quantity: 5 });
  await c.caller.cart.save({ customerId: c.customerId, productId, quantity: 2 });
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
  await env.handle.db.order.update({ where: { productOrderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
  return productOrderId;
}

describe("POST /api/v1/admin/jobs/{job}/run", () => {
  it("the owner runs upi-expiry: { job, processed } with the orders it cancelled; run again, 0", async () => {
    const productOrderId = await expiredUpiOrder();
    const first = await run("upi-expiry", ownerToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ job: "upi-expiry", processed: 1 });
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } })).paymentStatus).toBe("Failed");
    expect((await run("upi-expiry", ownerToken)).json()).toEqual({ job: "upi-expiry", processed: 0 });
  });

  it("the owner runs the outbox: the waiting messages reach the mailbox once", async () => {
    env.services.mail = { publicUrl: "https://shop.example.in", smtpConfigured: true };
    const { fields } = await env.newCustomer();
    const first = await run("outbox", ownerToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ processed: number }>().processed).toBeGreaterThanOrEqual(1);
    expect(smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(fields.email))).toHaveLength(1);
    expect((await run("outbox", ownerToken)).json()).toEqual({ job: "outbox", processed: 0 });
    expect(smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(fields.email))).toHaveLength(1);
  });

  it("takes a POST with no body at all (curl -X POST), as a client of the contract sends it", async () => {
    const res = await app.inject({ method: "POST", url: "/api/v1/admin/jobs/upi-expiry/run", headers: { authorization: `Bearer ${ownerToken}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ job: "upi-expiry", processed: 0 });
  });

  it("staff and customers get 403, a guest 401, an unknown job 404 JOB_NOT_FOUND", async () => {
    const { staff } = await env.admin.staff.create({ name: "Jobs Staff", email: "jobs.staff@cleanstore.test", password: "Bucket-And-Mop-2026" });
    const staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
    const customer = await env.newCustomer();
    const customerToken = await env.services.tokens.sign({ role: "customer", customerId: customer.customerId });
    expect((await run("outbox", staffToken)).statusCode).toBe(403);
    expect((await run("outbox", customerToken)).statusCode).toBe(403);
    expect((await run("outbox")).statusCode).toBe(401);
    const unknown = await run("tidy-up", ownerToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: "JOB_NOT_FOUND", path: "/api/v1/admin/jobs/tidy-up/run" });
  });
});

describe("the job queue", () => {
  it("runs upi-expiry by itself (pg-boss's cron, every minute): an expired order is cancelled without anyone asking", async () => {
    const productOrderId = await expiredUpiOrder();
    const scheduled = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent" });
    await scheduled.ready();
    try {
      const until = Date.now() + 60_000;
      while ((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } })).paymentStatus !== "Failed") {
        if (Date.now() > until) throw new Error("the scheduled run did not come");
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await scheduled.close();
    }
  }, 90_000);

  it("stops with the app: closing waits for it, and no statement of it runs afterwards", async () => {
    let statements = 0;
    const raw: DbHandle["raw"] = {
      exec: (sql) => (statements++, env.handle.raw.exec(sql)),
      query: (sql, params) => (statements++, env.handle.raw.query(sql, params)),
    };
    const transport = smtpTransport(smtp.url);
    const busy = await buildApp({ handle: { ...env.handle, raw }, services: env.services, logLevel: "silent", mailer: { transport, from: FROM, pollMs: 20 } });
    await busy.ready();
    const started = statements;
    await new Promise((r) => setTimeout(r, 1500));
    expect(statements).toBeGreaterThan(started);
    await busy.close();
    const afterClose = statements;
    await new Promise((r) => setTimeout(r, 1500));
    expect(statements).toBe(afterClose);
  });
});
