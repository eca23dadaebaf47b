// The order desk over HTTP (issue 24): GET /orders with its tabs, dates, search and paging; POST
// /orders/{productOrderId}/status with the unpaid refusal, its audited force and parallel moves;
// today's work; a UPI confirmation undone within 10 minutes of a moved clock, and not after; the
// audit trail of imports; the owner naming an HSN. Every answer is checked against the OpenAPI
// document (createHttpTestEnv).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { smtpTransport } from "@store/api";
import { startTestSmtpServer, type TestSmtpServer } from "@store/api/testing/smtp";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let smtp: TestSmtpServer;
let staffToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // the outbox is sent only when the owner runs its job, so a test decides when mail goes
  env = await createHttpTestEnv({ mailer: { transport: smtpTransport(smtp.url), from: "Clean Store <orders@cleanstore.test>", pollMs: 0 } });
  env.services.mail = { publicUrl: "https://shop.example.in", smtpConfigured: true };
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici", lowStockThreshold: 3 });
  const { staff } = await env.admin.staff.create({ name: "Desk Staff", email: "desk.staff@cleanstore.test", password: "Lavender-Mop-Bucket-2026" });
  staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
}, 60_000);
afterAll(async () => {
  await env.close();
  await smtp.close();
});
afterEach(() => vi.useRealTimers());

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url: `/api/v1${url}`, headers: auth(token) });
const post = (url: string, payload: object, token?: string) => env.app.inject({ method: "POST", url: `/api/v1${url}`, payload, headers: auth(token) });

async function checkout(quantities: number[], method: "COD" | "UPI" = "COD", customer: Record<string, unknown> = {}) {
  const c = await env.newCustomer(customer);
  const token = await env.tokenFor(c.customerId);
  for (const quantity of quantities) {
    const productId = await env.newProduct({ productPrice: 120, quantity: 40 });
    expect((await post("/addToCart/save", { customerId: c.customerId, productId, quantity }, token)).statusCode).toBe(200);
  }
  const placed = await post("/addToCart/checkout", { paymentMethod: method }, token);
  expect(placed.statusCode, placed.body).toBe(200);
  return { ...c, token, productOrderId: placed.json<{ productOrderId: string }>().productOrderId };
}

describe("GET /api/v1/reports/todo", () => {
  it("answers today's work as numbers, to the back office only", async () => {
    const empty = await get("/reports/todo", staffToken);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ paymentsToVerify: 0, returnsToDecide: 0, ordersToShip: 0, lowStock: 0, lowStockThreshold: 3, failedMessages: 0 });
    await checkout([1, 2]);
    const upi = await checkout([1], "UPI");
    await post(`/payments/${upi.productOrderId}/utr`, { utr: "740000000001" }, upi.token);
    await env.newProduct({ quantity: 2 });
    expect((await get("/reports/todo", env.adminToken)).json()).toMatchObject({ paymentsToVerify: 1, ordersToShip: 1, lowStock: 1 });
    expect((await get("/reports/todo")).statusCode).toBe(401);
    expect((await get("/reports/todo", upi.token)).statusCode).toBe(403);
  });
});

describe("GET /api/v1/orders", () => {
  it("one row per order, filtered by tab, payment, IST dates and search, 20 a page from page 1", async () => {
    const who = { lastName: "Httpdesk" };
    const first = await checkout([2, 3], "COD", who);
    const unpaid = await checkout([1], "UPI", who);
    for (let i = 0; i < 20; i++) await checkout([1], "COD", who);
    await env.handle.db.order.update({ where: { productOrderId: first.productOrderId }, data: { createdAt: new Date("2026-10-31T18:30:00.000Z") } });

    const all = await get("/orders?search=httpdesk", staffToken);
    expect(all.statusCode, all.body).toBe(200);
    const page1 = all.json<{ items: { productOrderId: string; createdAt: string }[]; total: number; page: number; pageSize: number }>();
    expect(page1).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const page2 = (await get("/orders?search=httpdesk&page=2", staffToken)).json<{ items: { productOrderId: string }[] }>();
    // newest first: the UPI order was placed second, and the first one now dates from 1 November
    expect(page2.items.map((i) => i.productOrderId)).toEqual([unpaid.productOrderId, first.productOrderId]);

    const byDay = (await get("/orders?search=Httpdesk&from=2026-11-01&to=2026-11-01", env.adminToken)).json<{ items: object[] }>();
    expect(byDay.items).toEqual([
      expect.objectContaining({
        productOrderId: first.productOrderId,
        phone: first.fields.number,
        itemCount: 5,
        grandTotal: 600,
        paymentMethod: "COD",
        paymentStatus: "Pending",
        lineStatuses: [expect.objectContaining({ quantity: 2, orderStatus: "Shipped" }), expect.objectContaining({ quantity: 3, orderStatus: "Shipped" })],
      }),
    ]);
    const unpaidTab = (await get("/orders?search=Httpdesk&status=unfulfilled&payment=unpaid", env.adminToken)).json<{ items: { productOrderId: string }[] }>();
    expect(unpaidTab.items.map((i) => i.productOrderId)).toEqual([unpaid.productOrderId]);
    expect((await get(`/orders?search=${first.fields.number}`, env.adminToken)).json<{ total: number }>().total).toBe(1);
    expect((await get("/orders?search=Httpdesk&status=cancelled&payment=", env.adminToken)).json<{ total: number }>().total).toBe(0);
    // to ship: the 21 COD orders, not the unpaid UPI one; over every order, the dashboard's count
    expect((await get("/orders?search=Httpdesk&status=to-ship", staffToken)).json<{ total: number }>().total).toBe(21);
    const { ordersToShip } = (await get("/reports/todo", staffToken)).json<{ ordersToShip: number }>();
    expect((await get("/orders?status=to-ship", staffToken)).json<{ total: number }>().total).toBe(ordersToShip);
  });

  it("GET /orders/{productOrderId}: the order with the customer's phone, address, lines and payment history", async () => {
    const o = await checkout([1, 2], "UPI", { lastName: "Viewdesk" });
    expect((await post(`/payments/${o.productOrderId}/utr`, { utr: "740000000201" }, o.token)).statusCode).toBe(200);
    const res = await get(`/orders/${o.productOrderId}`, staffToken);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<{
      phone: string;
      shippingAddress: string;
      lines: { quantity: number; orderStatus: string }[];
      payment: { history: { to: string }[] };
    }>();
    expect(view).toMatchObject({ phone: o.fields.number, payment: { status: "Awaiting verification", utr: "740000000201" } });
    expect(view.shippingAddress).toContain(o.fields.areaAddress);
    expect(view.lines.map((l) => [l.quantity, l.orderStatus])).toEqual([
      [1, "Shipped"],
      [2, "Shipped"],
    ]);
    expect(view.payment.history.map((h) => h.to)).toEqual(["Pending", "Awaiting verification"]);
  });

  it("a bad filter is a 400 VALIDATION_FAILED that says which values there are; customers and guests are refused", async () => {
    const bad = await get("/orders?status=shipped", env.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "status must be one of: all, unfulfilled, to-ship, returns, cancelled",
    });
    expect((await get("/orders?payment=cod", env.adminToken)).json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "payment must be one of: all, unpaid, awaiting-verification, paid, refunded",
    });
    expect((await get("/orders?from=2026-11-05&to=2026-11-01", env.adminToken)).json()).toMatchObject({ message: "from must be on or before to" });
    expect((await get("/orders?page=0", env.adminToken)).statusCode).toBe(400);
    const c = await checkout([1]);
    expect((await get("/orders", c.token)).statusCode).toBe(403);
    expect((await get("/orders")).statusCode).toBe(401);
  });
});

describe("POST /api/v1/orders/{productOrderId}/status", () => {
  it("moves the whole order; an unpaid UPI order is 409 ORDER_UNPAID unless forced, and the force is on the audit trail", async () => {
    const cod = await checkout([1, 1]);
    const moved = await post(`/orders/${cod.productOrderId}/status`, { orderStatus: "Ready for pickup" }, staffToken);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      orderStatus: "Ready for pickup",
      forced: false,
      lines: [{ orderStatus: "Ready for pickup" }, { orderStatus: "Ready for pickup" }],
    });
    expect((await post(`/orders/${cod.productOrderId}/status`, { orderStatus: "Shipped" }, staffToken)).json()).toMatchObject({
      status: 409,
      code: "CONFLICT",
    });

    const upi = await checkout([2], "UPI");
    const refused = await post(`/orders/${upi.productOrderId}/status`, { orderStatus: "On the way" }, staffToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "ORDER_UNPAID", message: expect.stringContaining("send force: true to move it anyway") });
    const forced = await post(`/orders/${upi.productOrderId}/status`, { orderStatus: "On the way", force: true }, staffToken);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({ forced: true, paymentStatus: "Pending" });
    const audit = await get(`/audit?entity=order&entityId=${upi.productOrderId}`, env.adminToken);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        action: "orderDesk.setStatus",
        actorName: "Desk Staff",
        summary: `Desk Staff moved the order ${upi.productOrderId} to On the way, forced although its payment is Pending`,
      }),
    ]);
    expect((await post("/orders/ORD-20260101-999999/status", { orderStatus: "Cancelled" }, env.adminToken)).statusCode).toBe(404);
    expect((await post(`/orders/${cod.productOrderId}/status`, { orderStatus: "Completed" }, cod.token)).statusCode).toBe(403);
    // force is a boolean: "yes" is refused and "false" is false (never coerced to true)
    expect((await post(`/orders/${cod.productOrderId}/status`, { orderStatus: "Completed", force: "yes" }, env.adminToken)).json()).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "force must be true or false",
    });
    const other = await checkout([1], "UPI");
    expect((await post(`/orders/${other.productOrderId}/status`, { orderStatus: "Completed", force: "false" }, env.adminToken)).json()).toMatchObject({
      code: "ORDER_UNPAID",
    });
  });

  it("requests moving one order at the same moment: one moves it, the others get 409", async () => {
    const o = await checkout([1, 2, 1]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`/orders/${o.productOrderId}/status`, { orderStatus: "Cancelled" }, env.adminToken)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const lines = await env.handle.db.productOrder.findMany({ where: { productOrderId: o.productOrderId } });
    expect(lines.every((l) => l.orderStatus === "Cancelled")).toBe(true);
    expect(await env.handle.db.invoice.count({ where: { productOrderId: o.productOrderId, kind: "CREDIT_NOTE", creditFor: { not: null } } })).toBe(3);
  });
});

describe("undoing a UPI confirmation, with the clock moved", () => {
  const MINUTE = 60_000;
  const clockAt = (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
  };
  const runOutbox = () => post("/admin/jobs/outbox/run", {}, env.adminToken);
  const received = (email: string, productOrderId: string) =>
    smtp.received.filter((m) => m.subject === `Payment received for order ${productOrderId}` && (m.to && !Array.isArray(m.to) ? m.to.text : "") === email);

  async function confirmed(utr: string) {
    const o = await checkout([1], "UPI");
    expect((await post(`/payments/${o.productOrderId}/utr`, { utr }, o.token)).statusCode).toBe(200);
    const res = await post(`/payments/${o.productOrderId}/confirm`, {}, env.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return { ...o, undoUntil: res.json<{ undoUntil: string }>().undoUntil };
  }

  it("within 10 minutes the undo works and no mail is sent", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const o = await confirmed("740000000101");
    expect(o.undoUntil).toBe(new Date(t0 + 10 * MINUTE).toISOString());
    clockAt(t0 + 9 * MINUTE);
    expect((await runOutbox()).statusCode).toBe(200);
    expect(received(o.fields.email, o.productOrderId)).toHaveLength(0);
    expect((await post(`/payments/${o.productOrderId}/confirm/undo`, {}, staffToken)).statusCode).toBe(403);
    const undo = await post(`/payments/${o.productOrderId}/confirm/undo`, {}, env.adminToken);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await get(`/payments/${o.productOrderId}`, o.token)).json()).toMatchObject({ status: "Awaiting verification" });
    clockAt(t0 + 30 * MINUTE);
    await runOutbox();
    expect(received(o.fields.email, o.productOrderId)).toHaveLength(0);
    const held = await env.handle.db.outboxMessage.findMany({ where: { recipient: o.fields.email, kind: "payment-confirmed" } });
    expect(held.map((m) => [m.status, m.sentAt])).toEqual([["cancelled", null]]);
    const history = await get("/payments/verifications?page=1", staffToken);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ items: { productOrderId: string; decision: string }[] }>().items.filter((i) => i.productOrderId === o.productOrderId)).toEqual([
      expect.objectContaining({ decision: "undone", by: "Test Admin", utr: "740000000101" }),
      expect.objectContaining({ decision: "confirmed", by: "Test Admin" }),
    ]);
    const audit = await get(`/audit?entity=payment&entityId=${o.productOrderId}&action=payments.undoConfirm`, env.adminToken);
    expect(audit.json<{ total: number }>().total).toBe(1);
  });

  it("GET /payments/undoable lists a confirmation until its window closes (the Undo kept after a reload)", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const o = await confirmed("740000000103");
    const listed = async () =>
      (await get("/payments/undoable", staffToken))
        .json<{ items: { productOrderId: string; undoUntil: string }[] }>()
        .items.filter((i) => i.productOrderId === o.productOrderId);
    expect(await listed()).toEqual([expect.objectContaining({ productOrderId: o.productOrderId, amount: 120, undoUntil: o.undoUntil })]);
    clockAt(t0 + 10 * MINUTE - 1000);
    expect(await listed()).toHaveLength(1);
    clockAt(t0 + 10 * MINUTE);
    expect(await listed()).toEqual([]);
    expect((await get("/payments/undoable", o.token)).statusCode).toBe(403);
  });

  it("after 10 minutes it is 409 UNDO_EXPIRED and the mail goes", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const o = await confirmed("740000000102");
    clockAt(t0 + 10 * MINUTE);
    const late = await post(`/payments/${o.productOrderId}/confirm/undo`, {}, env.adminToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "UNDO_EXPIRED", message: expect.stringContaining("only within 10 minutes") });
    expect((await runOutbox()).json<{ processed: number }>().processed).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received(o.fields.email, o.productOrderId).length).toBe(1);
    expect((await get(`/payments/${o.productOrderId}`, o.token)).json()).toMatchObject({ status: "Paid" });
  });
});

describe("the audit trail of a product import over REST", () => {
  const CSV = "productName,productPrice,mainPrice,packSize,productInfo,deliveryCharge,quantity\nHttp Import,99,120,1 L,Imported over REST,Free,5\n";
  const imports = async () => (await get("/audit?entity=import", env.adminToken)).json<{ total: number; items: { summary: string }[] }>();

  it("a dry run and a refused file write nothing; a real import is one entry with its counts", async () => {
    const before = (await imports()).total;
    const dry = await post("/import/products?dryRun=true", { csv: CSV }, staffToken);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, created: 1 });
    const refusedDry = await post("/import/products", { csv: CSV.replace(",99,", ",abc,"), dryRun: true }, staffToken);
    expect(refusedDry.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    const refused = await post("/import/products", { csv: CSV.replace(",99,", ",abc,") }, staffToken);
    expect(refused.statusCode).toBe(400);
    expect((await imports()).total).toBe(before);
    const real = await post("/import/products", { csv: CSV }, staffToken);
    expect(real.statusCode, real.body).toBe(200);
    const after = await imports();
    expect(after.total).toBe(before + 1);
    expect(after.items[0]?.summary).toBe("Desk Staff imported products: 1 created, 0 updated");
  });
});

describe("the owner names an HSN once", () => {
  it("POST /reports/gst/hsn/{hsnCode}: the GST summary's rows read it; staff may not; a code is 4 to 8 digits", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const named = await post("/reports/gst/hsn/3402", { description: "Floor, toilet and glass cleaners" }, env.adminToken);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ hsnCode: "3402", description: "Floor, toilet and glass cleaners" });
    expect((await post("/reports/gst/hsn/3402", { description: "Other words" }, staffToken)).statusCode).toBe(403);
    expect((await post("/reports/gst/hsn/34", { description: "Too short" }, env.adminToken)).json()).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "An HSN code is 4 to 8 digits",
    });
    expect((await get("/reports/gst/hsn", staffToken)).json()).toEqual([
      expect.objectContaining({ hsnCode: "3402", description: "Floor, toilet and glass cleaners" }),
    ]);
    const summary = await get(`/reports/gst?month=${month}`, staffToken);
    expect(summary.statusCode, summary.body).toBe(200);
    const row = summary
      .json<{ hsnSummary: { hsn: string; description: string; quantity: number; products: number }[] }>()
      .hsnSummary.find((h) => h.hsn === "3402");
    expect(row).toMatchObject({ description: "Floor, toilet and glass cleaners", descriptionSource: "owner" });
    expect(row?.products).toBeGreaterThan(0);
  });
});
