// Two server instances (the production build) on one PostgreSQL database: what one checkout, one
// payment and one document number mean must hold across processes, not only inside one
// (issues 14 and 15). The gateway is a local stand-in of Razorpay's API, shared by both.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRazorpayStandIn, type RazorpayStandIn } from "@store/api/testing/razorpay";
import { startTestSmtpServer, type TestSmtpServer } from "@store/api/testing/smtp";
import { adminLogin, allowManyOrders, http, must, newCustomer, newProduct, recordFigures, startServer, type Server } from "./helpers.ts";

const PG = process.env.RESILIENCE_PG_SERVER ?? "postgresql://postgres@127.0.0.1:5432";
const database = `resilience_two_${Date.now()}`;
const KEYS = { keyId: "rzp_test_two", keySecret: "two-instances-key-secret", webhookSecret: "two-instances-webhook-secret" };
let razorpay: RazorpayStandIn;
let smtp: TestSmtpServer;
let a: Server | undefined;
let b: Server | undefined;
let admin = "";
const figures: Record<string, unknown> = {};

const psql = (sql: string) => execFileSync("psql", [`${PG}/postgres`, "-qc", sql], { stdio: "pipe" });

beforeAll(async () => {
  psql(`CREATE DATABASE ${database}`);
  razorpay = await startRazorpayStandIn(KEYS);
  smtp = await startTestSmtpServer();
  const env = {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Clean Store <orders@cleanstore.test>",
    DATABASE_URL: `${PG}/${database}`,
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_BASE: razorpay.url,
    LOGIN_MAX_FAILURES: "100000",
  };
  // the first applies the migrations; the second starts on the migrated database
  a = await startServer({ port: 8115, env });
  b = await startServer({ port: 8116, env });
  admin = await adminLogin(a.url);
  await allowManyOrders(a.url, admin);
  const upi = await http(a.url, "POST", "/api/v1/settings", { token: admin, body: { upiVpa: "twostore@okicici" } });
  expect(upi.status).toBe(200);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await razorpay?.close();
  await smtp?.close();
  recordFigures("two-instances", figures);
  try {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch {
    // left for the machine's next cleanup
  }
});

const servers = (): [Server, Server] => [must(a, "server a"), must(b, "server b")];

describe("two instances on one PostgreSQL", () => {
  it("the same signed webhook sent 10 times to each instance at once marks the order Paid once", async () => {
    const [one, two] = servers();
    const shopper = await newCustomer(one.url);
    const productId = await newProduct(one.url, admin, 10);
    const placed = await http(two.url, "POST", "/api/v1/productOrder/save", {
      token: shopper.token,
      body: { productId, quantity: 1, paymentMethod: "ONLINE" },
    });
    expect(placed.status).toBe(200);
    const productOrderId: string = placed.body.productOrderId;
    const pay = await http(one.url, "GET", `/api/v1/payments/${productOrderId}`, { token: shopper.token });
    const event = razorpay.webhook("payment.captured", pay.body.providerOrderId);
    const send = (base: string) =>
      fetch(`${base}/api/v1/payments/webhook/razorpay`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-razorpay-signature": event.signature, "x-razorpay-event-id": event.eventId },
        body: event.body,
      }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? one.url : two.url)));
    expect(statuses).toEqual(Array(20).fill(200));
    const order = await http(two.url, "GET", `/api/v1/orders/${productOrderId}`, { token: admin });
    expect(order.body.payment.status).toBe("Paid");
    expect(order.body.payment.history.filter((e: { to: string }) => e.to === "Paid")).toHaveLength(1);
  });

  it("one UTR sent for two orders through two instances at once: exactly one is accepted", async () => {
    const [one, two] = servers();
    const productId = await newProduct(one.url, admin, 10);
    const results: number[] = [];
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all([newCustomer(one.url), newCustomer(two.url)]);
      const order = async (base: string, token: string) =>
        (await http(base, "POST", "/api/v1/productOrder/save", { token, body: { productId: productId, quantity: 1, paymentMethod: "UPI" } })).body
          .productOrderId as string;
      const [ox, oy] = [await order(one.url, x.token), await order(two.url, y.token)];
      const utr = String(600_000_000_000 + (Date.now() % 1_000_000_000) + round);
      const answers = await Promise.all([
        http(one.url, "POST", `/api/v1/payments/${ox}/utr`, { token: x.token, body: { utr } }),
        http(two.url, "POST", `/api/v1/payments/${oy}/utr`, { token: y.token, body: { utr } }),
      ]);
      const codes = answers.map((r) => r.status).sort();
      expect(codes).toEqual([200, 409]);
      results.push(...codes);
    }
    figures.utrRaces = results.length / 2;
  });

  it("40 orders placed through both instances at once get 40 consecutive invoice numbers", async () => {
    const [one, two] = servers();
    const productId = await newProduct(one.url, admin, 100);
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => newCustomer(i % 2 ? one.url : two.url)));
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        http(i % 2 ? one.url : two.url, "POST", "/api/v1/productOrder/save", {
          token: must(shoppers[i % 8], "shopper").token,
          body: { productId, quantity: 1 },
        }),
      ),
    );
    expect(placed.map((p) => p.status)).toEqual(Array(40).fill(200));
    const numbers: string[] = [];
    for (const p of placed) {
      const order = await http(one.url, "GET", `/api/v1/orders/${p.body.productOrderId}`, { token: admin });
      numbers.push(order.body.invoice.number);
    }
    const serials = numbers.map((n) => Number(n.split("/").at(-1))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(40);
    expect(must(serials.at(-1), "last") - must(serials[0], "first")).toBe(39);
    figures.invoiceSerials = `${serials[0]}..${serials.at(-1)}`;
  });

  it("both instances' outbox workers send each order's mail exactly once", async () => {
    const [one] = servers();
    const placed = await http(one.url, "GET", "/api/v1/emails?search=placed", { token: admin });
    expect(placed.status).toBe(200);
    const queued: number = placed.body.total;
    expect(queued).toBeGreaterThanOrEqual(40);
    const until = Date.now() + 30_000;
    const orderMails = () => smtp.received.filter((m) => / placed$/.test(m.subject ?? ""));
    while (orderMails().length < queued && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2_000)); // a second sending would arrive by now
    const subjects = orderMails().map((m) => m.subject);
    expect(subjects).toHaveLength(queued);
    expect(new Set(subjects).size).toBe(queued);
    figures.orderMails = queued;
    figures.mailsReceived = smtp.received.length;
  });
});
