// Running a background job on demand (issue 22) at procedure depth: the owner runs a job and learns
// how many items it handled; a second run finds nothing left; nobody else may run one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../messaging/email/smtp-stand-in.ts";
import { smtpTransport } from "../messaging/email/smtp.ts";
import { createJobRunner } from "./runner.ts";

let env: TestEnv;
let smtp: TestSmtpServer;
const transport = () => smtpTransport(smtp.url);

beforeAll(async () => {
  env = await createTestEnv();
  smtp = await startTestSmtpServer();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
});
afterAll(async () => {
  await smtp.close();
  await env.close();
});

/** a customer's UPI checkout of one unit of a new product, its payment time already past */
async function expiredUpiOrder() {
  const c = await env.newCustomer();
  const productId = await env.newProduct({ quantity: 10 });
  await c.caller.cart.save({ customerId: c.customerId, productId, quantity: 1 });
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
  await env.handle.db.order.update({ where: { productOrderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  return { productOrderId, productId };
}

describe("POST /admin/jobs/{job}/run", () => {
  it("upi-expiry: the owner's run cancels the unpaid UPI orders past their time and says how many; a second run finds none", async () => {
    const first = await expiredUpiOrder();
    const second = await expiredUpiOrder();
    expect(await env.admin.jobs.run({ job: "upi-expiry" })).toEqual({ job: "upi-expiry", processed: 2 });
    expect(await env.admin.jobs.run({ job: "upi-expiry" })).toEqual({ job: "upi-expiry", processed: 0 });
    for (const { productOrderId, productId } of [first, second]) {
      const order = await env.admin.orders.order({ productOrderId });
      expect(order.payment.status).toBe("Failed");
      expect(order.lines.map((l) => l.orderStatus)).toEqual(["Cancelled"]);
      expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(10);
    }
  });

  it("outbox: the server's run sends what waits and counts it; a second run sends nothing; without SMTP nothing is sent", async () => {
    env.services.mail = { publicUrl: "https://shop.example.in", smtpConfigured: true };
    await env.newCustomer();
    await env.newCustomer();
    const due = await env.handle.db.outboxMessage.count({ where: { status: { in: ["queued", "waiting", "failed"] } } });
    expect(due).toBeGreaterThanOrEqual(2);
    // no server: the run has no SMTP to send with, and the messages keep waiting
    expect(await env.admin.jobs.run({ job: "outbox" })).toEqual({ job: "outbox", processed: 0 });

    const mailer = { transport: transport(), from: "Clean Store <orders@cleanstore.test>" };
    env.services.jobs = createJobRunner({ db: env.handle.db, services: env.services, mailer, log: { warn: () => {} } });
    try {
      smtp.received.length = 0;
      expect(await env.admin.jobs.run({ job: "outbox" })).toEqual({ job: "outbox", processed: due });
      expect(smtp.received).toHaveLength(due);
      expect(await env.admin.jobs.run({ job: "outbox" })).toEqual({ job: "outbox", processed: 0 });
      expect(smtp.received).toHaveLength(due);
    } finally {
      mailer.transport.close();
      delete env.services.jobs;
    }
  });

  it("two runs at once never handle one order twice", async () => {
    await expiredUpiOrder();
    await expiredUpiOrder();
    await expiredUpiOrder();
    const runs = await Promise.all([env.admin.jobs.run({ job: "upi-expiry" }), env.admin.jobs.run({ job: "upi-expiry" })]);
    expect(runs.map((r) => r.processed).reduce((a, b) => a + b)).toBe(3);
  });

  it("an unknown job is a 404 JOB_NOT_FOUND that names the jobs", async () => {
    const error = await env.admin.jobs.run({ job: "tidy-up" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("outbox, upi-expiry") as unknown });
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("JOB_NOT_FOUND");
  });

  it("only the owner: staff and customers are refused, a guest must log in", async () => {
    const { staff } = await env.admin.staff.create({ name: "Jobs Staff", email: "jobs.staff@cleanstore.test", password: "Bucket-And-Mop-2026" });
    const customer = await env.newCustomer();
    await expect(env.as({ role: "admin", adminId: staff.adminId }).jobs.run({ job: "outbox" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(customer.caller.jobs.run({ job: "outbox" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.jobs.run({ job: "outbox" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("the run is on the owner's audit trail with what it handled", async () => {
    await expiredUpiOrder();
    await env.admin.jobs.run({ job: "upi-expiry" });
    const [entry] = await env.handle.db.auditEntry.findMany({ where: { action: "jobs.run" }, orderBy: { auditId: "desc" }, take: 1 });
    expect(entry).toMatchObject({ entity: "job", entityId: "upi-expiry", summary: "Test Admin ran the job upi-expiry" });
    expect(JSON.parse(entry!.changes)).toEqual({ processed: [null, 1] });
  });
});
