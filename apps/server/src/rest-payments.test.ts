// Payments over HTTP (issue 14): the REST facade's new paths, the webhook with its raw-body
// signature, the QR PNG decoded back into the upi:// link, tRPC batches and parallel attacks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { createRazorpayProvider } from "@store/api";
import { startRazorpayStandIn, type RazorpayStandIn } from "@store/api/testing/razorpay";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let razorpay: RazorpayStandIn;
const KEYS = { keyId: "rzp_test_http", keySecret: "http-key-secret", webhookSecret: "http-webhook-secret" };

beforeAll(async () => {
  env = await createHttpTestEnv();
  razorpay = await startRazorpayStandIn(KEYS);
  env.services.paymentProvider = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await env.close();
  await razorpay.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function shopper(price = 100) {
  const c = await env.newCustomer();
  const token = await env.tokenFor(c.customerId);
  const productId = await env.newProduct({ productPrice: price, quantity: 50 });
  return { ...c, token, productId };
}
const post = (url: string, payload: object, token?: string) => env.app.inject({ method: "POST", url, payload, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? auth(token) : {} });
const webhook = (body: string, signature: string, eventId?: string) =>
  env.app.inject({
    method: "POST",
    url: "/api/v1/payments/webhook/razorpay",
    payload: body,
    headers: { "content-type": "application/json", "x-razorpay-signature": signature, ...(eventId ? { "x-razorpay-event-id": eventId } : {}) },
  });

describe("REST: orders and payments", () => {
  it("COD stays the default for old clients; GET /orders/{productOrderId} answers header, lines, totals, payment", async () => {
    const s = await shopper(75);
    const placed = await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 2 }, s.token);
    expect(placed.statusCode).toBe(200);
    const { productOrderId, order } = placed.json<{ productOrderId: string; order: { orderId: number; paymentStatus: string } }>();
    expect(order.paymentStatus).toBe("Pending");
    const res = await get(`/api/v1/orders/${productOrderId}`, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productOrderId,
      lines: [expect.objectContaining({ orderId: order.orderId, productOrderId })],
      totals: { itemsTotal: 150, deliveryTotal: 0, codFee: 0, grandTotal: 150 },
      payment: { method: "COD", status: "Pending" },
    });
    const stranger = await shopper();
    expect((await get(`/api/v1/orders/${productOrderId}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/orders/${productOrderId}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/orders/${productOrderId}`, env.adminToken)).statusCode).toBe(200);
  });

  it("bad input is a 4xx in the Spring shape: unknown method, UPI/ONLINE not configured, a short UTR", async () => {
    const s = await shopper();
    const unknown = await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "BITCOIN" }, s.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 400, message: "Payment method must be one of: COD, UPI, ONLINE" });
    await env.admin.settings.update({ upiVpa: "" });
    const upi = await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "UPI" }, s.token);
    expect(upi.statusCode).toBe(400);
    expect(upi.json<{ message: string }>().message).toContain("UPI payment is not set up");
    const saved = env.services.paymentProvider;
    env.services.paymentProvider = null;
    const online = await post("/api/v1/addToCart/checkout", { paymentMethod: "ONLINE" }, s.token);
    env.services.paymentProvider = saved;
    expect(online.statusCode).toBe(400);
  });

  it("UPI end to end: the QR PNG decodes to exactly upiLink; UTR, 409 on reuse, admin confirm", async () => {
    const settings = await post("/api/v1/settings", { upiVpa: "cleanstore@okhdfcbank", upiPayeeName: "Clean Store" }, env.adminToken);
    expect(settings.statusCode).toBe(200);
    const s = await shopper(199);
    const { productOrderId } = (await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "UPI" }, s.token)).json<{
      productOrderId: string;
    }>();
    const pay = await get(`/api/v1/payments/${productOrderId}`, s.token);
    expect(pay.statusCode).toBe(200);
    const body = pay.json<{ upiLink: string; upiQr: string; amount: number; status: string; method: string }>();
    expect(body).toMatchObject({ productOrderId, method: "UPI", status: "Pending", amount: 199 });
    expect(body.upiLink).toBe(`upi://pay?pa=cleanstore@okhdfcbank&pn=Clean%20Store&am=199.00&cu=INR&tr=${productOrderId}&tn=Order%20${productOrderId}`);
    const qr = await get(body.upiQr, s.token);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["content-type"]).toBe("image/png");
    const png = PNG.sync.read(qr.rawPayload);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(body.upiLink);
    expect((await get(body.upiQr)).statusCode).toBe(401);
    const stranger = await shopper();
    expect((await get(body.upiQr, stranger.token)).statusCode).toBe(404);

    expect((await post(`/api/v1/payments/${productOrderId}/utr`, { utr: "12345678901" }, s.token)).statusCode).toBe(400);
    expect((await post(`/api/v1/payments/${productOrderId}/utr`, { utr: "312345678901" }, s.token)).statusCode).toBe(200);
    expect((await post(`/api/v1/payments/${productOrderId}/confirm`, {}, s.token)).statusCode).toBe(403);
    const other = await shopper();
    const second = (await post("/api/v1/productOrder/save", { productId: other.productId, quantity: 1, paymentMethod: "UPI" }, other.token)).json<{
      productOrderId: string;
    }>();
    const reused = await post(`/api/v1/payments/${second.productOrderId}/utr`, { utr: "312345678901" }, other.token);
    expect(reused.statusCode).toBe(409);
    const awaiting = await get("/api/v1/payments", env.adminToken);
    expect(awaiting.statusCode).toBe(200);
    expect(awaiting.json()).toEqual(expect.arrayContaining([expect.objectContaining({ productOrderId, utr: "312345678901", amount: 199 })]));
    expect((await post(`/api/v1/payments/${productOrderId}/confirm`, {}, env.adminToken)).statusCode).toBe(200);
    expect((await post(`/api/v1/payments/${productOrderId}/confirm`, {}, env.adminToken)).statusCode).toBe(409);
    expect((await get(`/api/v1/payments/${productOrderId}`, s.token)).json()).toMatchObject({ status: "Paid" });
  });
});

describe("REST: the gateway", () => {
  async function onlineOrder(price = 500) {
    const s = await shopper(price);
    const { productOrderId } = (await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "ONLINE" }, s.token)).json<{
      productOrderId: string;
    }>();
    const pay = (await get(`/api/v1/payments/${productOrderId}`, s.token)).json<{ providerOrderId: string; keyId: string }>();
    return { ...s, productOrderId, ...pay };
  }

  it("GET /payments answers the gateway order and key id; /verify with a forged signature is a 400, the real one Paid", async () => {
    const o = await onlineOrder();
    expect(o.keyId).toBe(KEYS.keyId);
    expect(o.providerOrderId).toMatch(/^order_/);
    const callback = razorpay.pay(o.providerOrderId);
    const forged = await post(`/api/v1/payments/${o.productOrderId}/verify`, { ...callback, razorpay_payment_id: "pay_someoneelse" }, o.token);
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toContain("could not be verified");
    const ok = await post(`/api/v1/payments/${o.productOrderId}/verify`, callback, o.token);
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/v1/orders/${o.productOrderId}`, o.token)).json()).toMatchObject({ payment: { status: "Paid" } });
  });

  it("the webhook checks X-Razorpay-Signature over the raw bytes; the same event 10 times in parallel pays once", async () => {
    const o = await onlineOrder(321);
    const event = razorpay.webhook("payment.captured", o.providerOrderId);
    const reformatted = JSON.stringify(JSON.parse(event.body), null, 2);
    const bad = await webhook(reformatted, event.signature, event.eventId);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: "The webhook signature does not match." });
    expect((await webhook(event.body, "", event.eventId)).statusCode).toBe(400);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(event.body, event.signature, event.eventId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const history = await env.handle.db.paymentEvent.findMany({ where: { productOrderId: o.productOrderId, toStatus: "Paid" } });
    expect(history).toHaveLength(1);
    expect(history[0]?.actor).toBe("razorpay webhook");
  });

  it("a tRPC batch of verify calls with forged signatures changes nothing", async () => {
    const o = await onlineOrder();
    const callback = razorpay.pay(o.providerOrderId);
    const input: Record<string, { json: object }> = {};
    for (let i = 0; i < 10; i++) input[i] = { json: { productOrderId: o.productOrderId, ...callback, razorpay_signature: `${i}`.padStart(64, "0") } };
    const res = await env.app.inject({
      method: "POST",
      url: `/api/trpc/${Array(10).fill("payments.verify").join(",")}?batch=1`,
      payload: input,
      headers: auth(o.token),
    });
    expect(res.statusCode).toBe(400);
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } })).paymentStatus).toBe("Pending");
  });
});

describe("REST: money is the owner's (issue 22)", () => {
  let staffToken: string;
  beforeAll(async () => {
    const staff = await env.handle.db.admin.create({
      data: { name: "Till Staff", email: "till.staff@cleanstore.test", passwordHash: "unused", role: "staff" },
    });
    staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
  });

  async function paidOnline(price: number) {
    const s = await shopper(price);
    const placed = (await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "ONLINE" }, s.token)).json<{
      productOrderId: string;
      order: { orderId: number };
    }>();
    const pay = (await get(`/api/v1/payments/${placed.productOrderId}`, s.token)).json<{ providerOrderId: string }>();
    expect((await post(`/api/v1/payments/${placed.productOrderId}/verify`, razorpay.pay(pay.providerOrderId), s.token)).statusCode).toBe(200);
    return { ...s, productOrderId: placed.productOrderId, orderId: placed.order.orderId, providerOrderId: pay.providerOrderId };
  }
  const refundsOf = async (productOrderId: string) =>
    (await get(`/api/v1/orders/${productOrderId}`, env.adminToken)).json<{ refunds: { refundId: number; status: string; error: string | null }[] }>().refunds;

  it("staff marking an order Paid get 403 OWNER_ONLY on the POST and the legacy GET update; the owner still can", async () => {
    const s = await shopper(120);
    const { order } = (await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1 }, s.token)).json<{ order: { orderId: number } }>();
    const viaPost = await post(`/api/v1/productOrder/update/${order.orderId}`, { paymentStatus: "Paid" }, staffToken);
    expect(viaPost.statusCode).toBe(403);
    expect(viaPost.json()).toMatchObject({ status: 403, error: "Forbidden", code: "OWNER_ONLY", path: `/api/v1/productOrder/update/${order.orderId}` });
    const viaGet = await get(`/api/v1/productOrder/update?orderId=${order.orderId}&paymentStatus=Paid`, staffToken);
    expect(viaGet.statusCode).toBe(403);
    expect(viaGet.json()).toMatchObject({ code: "OWNER_ONLY" });
    expect((await get(`/api/v1/productOrder/details/${order.orderId}`, env.adminToken)).json()).toMatchObject({ paymentStatus: "Pending" });
    const byOwner = await get(`/api/v1/productOrder/update?orderId=${order.orderId}&paymentStatus=Paid`, env.adminToken);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ success: true, order: { paymentStatus: "Paid" } });
  });

  it("staff cancelling a paid online order leave its refund Awaiting approval (no gateway call); only the owner approves it", async () => {
    const o = await paidOnline(240);
    const refundsAtGateway = razorpay.refunds.length;
    const cancelled = await post(`/api/v1/productOrder/update/${o.orderId}`, { orderStatus: "Cancelled" }, staffToken);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<{ message: string }>().message).toContain("A refund of ₹240.00 waits for the owner's approval.");
    expect(razorpay.refunds.length).toBe(refundsAtGateway);
    const [refund] = await refundsOf(o.productOrderId);
    expect(refund).toMatchObject({ status: "Awaiting approval" });
    const open = await get("/api/v1/payments/refunds/open", staffToken);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual(expect.arrayContaining([expect.objectContaining({ refundId: refund?.refundId, status: "Awaiting approval", amount: 240 })]));
    expect((await post(`/api/v1/payments/refunds/${refund?.refundId}/approve`, {}, staffToken)).statusCode).toBe(403);
    expect(razorpay.refunds.length).toBe(refundsAtGateway);
    const approved = await post(`/api/v1/payments/refunds/${refund?.refundId}/approve`, {}, env.adminToken);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, refundId: refund?.refundId, status: "Processed" });
    expect(razorpay.refunds.length).toBe(refundsAtGateway + 1);
    expect((await get(`/api/v1/orders/${o.productOrderId}`, o.token)).json()).toMatchObject({ payment: { status: "Refunded", refundedTotal: 240 } });
    const twice = await post(`/api/v1/payments/refunds/${refund?.refundId}/approve`, {}, env.adminToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "REFUND_NOT_AWAITING_APPROVAL" });
    expect((await post("/api/v1/payments/refunds/abc/approve", {}, env.adminToken)).statusCode).toBe(400);
    expect((await post("/api/v1/payments/refunds/99999999/approve", {}, env.adminToken)).statusCode).toBe(404);
  });

  it("refund.processed / refund.failed webhooks: an accepted refund stays Processing, a failed one shows why and the owner retries it", async () => {
    const o = await paidOnline(180);
    razorpay.refundStatus = "pending";
    try {
      expect((await post(`/api/v1/productOrder/update/${o.orderId}`, { orderStatus: "Cancelled" }, env.adminToken)).statusCode).toBe(200);
    } finally {
      razorpay.refundStatus = "processed";
    }
    const [refund] = await refundsOf(o.productOrderId);
    expect(refund).toMatchObject({ status: "Processing" });
    const atGateway = razorpay.refunds.at(-1);
    const failed = razorpay.refundWebhook("refund.failed", atGateway?.id ?? "");
    const answer = await webhook(failed.body, failed.signature, failed.eventId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: "Refund marked Failed." });
    const [shown] = await refundsOf(o.productOrderId);
    expect(shown).toMatchObject({ status: "Failed", error: expect.stringContaining("could not complete the refund") });
    const byStaff = await post(`/api/v1/payments/refunds/${refund?.refundId}/retry`, {}, staffToken);
    expect(byStaff.statusCode).toBe(403);
    const retried = await post(`/api/v1/payments/refunds/${refund?.refundId}/retry`, {}, env.adminToken);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: "Processed" });
    expect((await get(`/api/v1/orders/${o.productOrderId}`, env.adminToken)).json()).toMatchObject({ payment: { status: "Refunded" } });
  });

  it("the same signed webhook body under two different X-Razorpay-Event-Id headers has one effect", async () => {
    const s = await shopper(95);
    const { productOrderId, order } = (
      await post("/api/v1/productOrder/save", { productId: s.productId, quantity: 1, paymentMethod: "ONLINE" }, s.token)
    ).json<{
      productOrderId: string;
      order: { orderId: number };
    }>();
    const { providerOrderId } = (await get(`/api/v1/payments/${productOrderId}`, s.token)).json<{ providerOrderId: string }>();
    const failed = razorpay.webhook("payment.failed", providerOrderId);
    expect((await webhook(failed.body, failed.signature, "evt_header_one")).json()).toMatchObject({ message: "Payment marked Failed." });
    expect((await post(`/api/v1/productOrder/update/${order.orderId}`, { paymentStatus: "Pending" }, env.adminToken)).statusCode).toBe(200);
    const replay = await webhook(failed.body, failed.signature, "evt_header_two");
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ success: true, message: "Event already handled." });
    expect((await get(`/api/v1/orders/${productOrderId}`, s.token)).json()).toMatchObject({ payment: { status: "Pending" } });
  });
});
