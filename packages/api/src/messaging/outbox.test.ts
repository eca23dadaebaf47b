// The outbox at procedure depth (issue 16), against a real SMTP server: every message type, the
// invoice attached, SMTP down and back, waiting without SMTP, several workers at once, retries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./email/smtp-stand-in.ts";
import { expireUnpaidUpiOrders } from "../payments/payments.ts";
import { RETRY_DELAYS_MINUTES, sendDueMessages } from "./outbox-sender.ts";
import { smtpTransport, type MailTransport } from "./email/smtp.ts";

let env: TestEnv;
let smtp: TestSmtpServer;
let transport: MailTransport;
const FROM = "Clean Store <orders@cleanstore.test>";
const SHOP = "https://shop.example.in";

beforeAll(async () => {
  env = await createTestEnv();
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url);
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await env.close();
});
beforeEach(async () => {
  env.services.mail = { publicUrl: SHOP, smtpConfigured: true };
  smtp.up();
  // each test sends what it queued itself
  await env.handle.db.outboxMessage.updateMany({ where: { status: { not: "sent" } }, data: { status: "sent", nextAttemptAt: null } });
  smtp.received.length = 0;
});

/** sends until the outbox has nothing due at `now` */
async function drain(now = new Date(), using = transport) {
  let total = { sent: 0, failed: 0 };
  for (;;) {
    const r = await sendDueMessages(env.handle.db, using, { from: FROM, now });
    total = { sent: total.sent + r.sent, failed: total.failed + r.failed };
    if (r.sent + r.failed === 0) return total;
  }
}

const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);
const bySubject = (mails: ParsedMail[], pattern: RegExp) => mails.filter((m) => pattern.test(m.subject ?? ""));

describe("order emails through a real SMTP server", () => {
  it("sends every message type as HTML and text with ₹ amounts, the order reference and a link; the order mail carries the invoice PDF", async () => {
    const shopper = await env.newCustomer();
    const productId = await env.newProduct({ productPrice: 249, quantity: 100 });
    // COD: placed, on the way, ready, delivered, return requested and approved, refund recorded
    const cod = await shopper.caller.orders.save({ productId, quantity: 2 });
    const codLine = cod.order.orderId;
    for (const orderStatus of ["On the way", "Ready for pickup", "Completed"] as const) await env.admin.orders.updateStatus({ orderId: codLine, orderStatus });
    await shopper.caller.orders.requestReturn({ orderId: codLine, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: codLine, returnStatus: "Approved" });
    const refund = await env.handle.db.refund.findFirstOrThrow({ where: { orderId: codLine } });
    await env.admin.payments.recordRefund({ productOrderId: cod.productOrderId, refundId: refund.refundId, reference: "NEFT-4411" });
    // cancelled; a return rejected
    const cancelled = await shopper.caller.orders.save({ productId, quantity: 1 });
    await env.admin.orders.updateStatus({ orderId: cancelled.order.orderId, orderStatus: "Cancelled" });
    const kept = await shopper.caller.orders.save({ productId, quantity: 1 });
    await env.admin.orders.updateStatus({ orderId: kept.order.orderId, orderStatus: "Completed" });
    await shopper.caller.orders.requestReturn({ orderId: kept.order.orderId, reason: "Wrong product" });
    await env.admin.orders.decideReturn({ orderId: kept.order.orderId, returnStatus: "Rejected" });
    // UPI: a UTR rejected, then confirmed; another never paid
    const upi = await shopper.caller.orders.save({ productId, quantity: 1, paymentMethod: "UPI" });
    await shopper.caller.payments.submitUtr({ productOrderId: upi.productOrderId, utr: "400011112222" });
    await env.admin.payments.reject({ productOrderId: upi.productOrderId, reason: "No credit with this UTR" });
    await shopper.caller.payments.submitUtr({ productOrderId: upi.productOrderId, utr: "400011113333" });
    await env.admin.payments.confirm({ productOrderId: upi.productOrderId });
    await shopper.caller.orders.save({ productId, quantity: 1, paymentMethod: "UPI" });
    await expireUnpaidUpiOrders(env.handle.db, env.services.mail, minutesLater(25 * 60));
    // and a password reset
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });

    // the payment confirmation's mail waits out its 10-minute undo window (issue 24)
    const early = await drain();
    expect(await env.handle.db.outboxMessage.count({ where: { recipient: shopper.fields.email, kind: "payment-confirmed", sentAt: null } })).toBe(1);
    const late = await drain(minutesLater(11));
    const report = { sent: early.sent + late.sent, failed: early.failed + late.failed };
    expect(report.failed).toBe(0);
    expect(late.sent).toBe(1);
    const mails = await smtp.waitFor(report.sent);
    const expected: [RegExp, number][] = [
      [/^Welcome to Clean Store$/, 1],
      [/^Order ORD-\d{8}-\d{6} placed$/, 5],
      [/is on the way$/, 1],
      [/is ready$/, 1],
      [/has been delivered$/, 2],
      [/has been cancelled$/, 1],
      [/^Return requested/, 2],
      [/^Return approved/, 1],
      [/^Return not approved/, 1],
      [/^Refund of ₹498\.00 for order/, 1],
      [/^Please check the UTR of order/, 1],
      [/^Payment received for order/, 1],
      [/^Payment not completed for order/, 1],
      [/^Reset your Clean Store password$/, 1],
    ];
    for (const [pattern, count] of expected) expect(bySubject(mails, pattern), String(pattern)).toHaveLength(count);
    expect(mails).toHaveLength(expected.reduce((n, [, c]) => n + c, 0));
    for (const mail of mails) {
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(shopper.fields.email);
      expect(mail.from?.text).toContain("orders@cleanstore.test");
      expect(typeof mail.html).toBe("string");
      expect(mail.text?.length).toBeGreaterThan(40);
    }
    for (const mail of mails.filter((m) => /order ORD-|Order ORD-/.test(m.subject ?? ""))) {
      expect(mail.html).toContain(`${SHOP}/orderDetails/${shopper.customerId}/`);
      expect(mail.text).toMatch(/ORD-\d{8}-\d{6}/);
    }
    const placed = bySubject(mails, new RegExp(`^Order ${cod.productOrderId} placed$`))[0];
    expect(placed?.text).toContain("₹498.00");
    const invoice = await env.handle.db.invoice.findUniqueOrThrow({ where: { invoiceOf: cod.productOrderId } });
    expect(placed?.text).toContain(`Your GST tax invoice ${invoice.number} is attached.`);
    expect(placed?.attachments).toHaveLength(1);
    expect(placed?.attachments[0]?.contentType).toBe("application/pdf");
    expect(placed?.attachments[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    const rejected = bySubject(mails, /^Please check the UTR/)[0];
    expect(rejected?.text).toContain("400011112222");
    expect(rejected?.text).toContain("No credit with this UTR");
    const reset = bySubject(mails, /^Reset your/)[0];
    expect(reset?.text).toMatch(new RegExp(`${SHOP}/resetPassword\\?token=[\\w-]{40,}`));
    // every one sent once, each with one successful attempt on record
    const rows = await env.handle.db.outboxMessage.findMany({ where: { recipient: shopper.fields.email }, include: { attemptLog: true } });
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.attemptLog.length === 1 && r.attemptLog[0]?.ok)).toBe(true);
  });

  it("a message is queued only when its event commits: a refused order queues nothing", async () => {
    const shopper = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 1 });
    const before = await env.handle.db.outboxMessage.count();
    await expect(shopper.caller.orders.save({ productId, quantity: 5 })).rejects.toThrow();
    expect(await env.handle.db.outboxMessage.count()).toBe(before);
  });
});

describe("when SMTP is down or not configured", () => {
  it("orders still succeed; the mails fail, retry with growing delays, then go out once SMTP is back, none twice", async () => {
    const productId = await env.newProduct({ quantity: 100 });
    const shopper = await env.newCustomer();
    smtp.down();
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) refs.push((await shopper.caller.orders.save({ productId, quantity: 1 })).productOrderId);
    const first = await drain();
    expect(first).toEqual({ sent: 0, failed: 6 }); // the welcome and 5 orders
    const failed = await env.handle.db.outboxMessage.findMany({ where: { recipient: shopper.fields.email } });
    for (const m of failed) {
      expect(m.status).toBe("failed");
      expect(m.attempts).toBe(1);
      expect(m.lastError).toMatch(/451|unavailable/i);
      expect(m.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    }
    // nothing is due until the first delay has passed
    expect(await drain()).toEqual({ sent: 0, failed: 0 });
    // a minute later, still down: the second delay is longer
    expect(await drain(minutesLater(1.1))).toEqual({ sent: 0, failed: 6 });
    const second = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: shopper.fields.email } });
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt?.getTime()).toBeGreaterThan(minutesLater(1.1 + RETRY_DELAYS_MINUTES[1] - 0.1).getTime());
    smtp.up();
    expect(await drain(minutesLater(10))).toEqual({ sent: 6, failed: 0 });
    await smtp.waitFor(6);
    for (const ref of refs) expect(bySubject(smtp.received, new RegExp(`^Order ${ref} placed$`))).toHaveLength(1);
    expect(await drain(minutesLater(60))).toEqual({ sent: 0, failed: 0 });
    const attempts = await env.handle.db.outboxAttempt.count({ where: { message: { recipient: shopper.fields.email } } });
    expect(attempts).toBe(18);
  });

  it("gives a message up after the last delay (about a day of tries), kept as failed with its error", async () => {
    const shopper = await env.newCustomer();
    smtp.down();
    const m = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: shopper.fields.email } });
    await env.handle.db.outboxMessage.update({ where: { messageId: m.messageId }, data: { attempts: RETRY_DELAYS_MINUTES.length } });
    expect(await drain()).toEqual({ sent: 0, failed: 1 });
    const given = await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId: m.messageId } });
    expect(given).toMatchObject({ status: "failed", nextAttemptAt: null, attempts: RETRY_DELAYS_MINUTES.length + 1 });
    expect(RETRY_DELAYS_MINUTES.reduce((a, b) => a + b, 0) / 60).toBeGreaterThan(22);
    expect(RETRY_DELAYS_MINUTES.reduce((a, b) => a + b, 0) / 60).toBeLessThan(26);
  });

  it("without SMTP the messages wait, marked so, and are sent once a server with SMTP runs", async () => {
    env.services.mail = { publicUrl: SHOP, smtpConfigured: false };
    const shopper = await env.newCustomer();
    const waiting = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: shopper.fields.email } });
    expect(waiting.status).toBe("waiting");
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.waitFor(1))[0]?.subject).toBe("Welcome to Clean Store");
  });

  it("four workers draining at once send each of 30 messages exactly once", async () => {
    const productId = await env.newProduct({ quantity: 1000 });
    const shopper = await env.newCustomer();
    for (let i = 0; i < 29; i++) await shopper.caller.orders.save({ productId, quantity: 1 });
    const transports = [0, 1, 2, 3].map(() => smtpTransport(smtp.url));
    const reports = await Promise.all(transports.map((t) => drain(new Date(), t)));
    transports.forEach((t) => t.close());
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(30);
    await smtp.waitFor(30);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(30);
  });
});
