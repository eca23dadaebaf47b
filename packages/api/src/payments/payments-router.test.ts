// Payments at procedure depth (issue 14): one checkout = one order, cash on delivery rules, UPI with
// UTR verification, the gateway against a local stand-in of Razorpay's API, refunds, history.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { upiLink } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { createRazorpayProvider } from "./razorpay/adapter.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "./razorpay/stand-in.ts";
import { expireUnpaidUpiOrders } from "./payments.ts";
import { handleGatewayWebhook } from "./gateway-webhook.ts";
import { startTestSmtpServer } from "../messaging/email/smtp-stand-in.ts";
import { smtpTransport } from "../messaging/email/smtp.ts";
import { sendDueMessages } from "../messaging/outbox-sender.ts";

let env: TestEnv;
let razorpay: RazorpayStandIn;
const KEYS = { keyId: "rzp_test_standin", keySecret: "stand-in-key-secret", webhookSecret: "stand-in-webhook-secret" };

beforeAll(async () => {
  env = await createTestEnv();
  razorpay = await startRazorpayStandIn(KEYS);
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(async () => {
  await razorpay.close();
  await env.close();
});

const withGateway = () => {
  env.services.paymentProvider = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
};
const withoutGateway = () => {
  env.services.paymentProvider = null;
};
const stockOf = async (productId: number) => (await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity;
/** the webhook's headers: its signature and Razorpay's (unsigned) event id */
const signed = (signature: string, eventId: string) => ({ "x-razorpay-signature": signature, "x-razorpay-event-id": eventId });
const header = (productOrderId: string) => env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });

async function shopper(cart: { price?: number; delivery?: number | "Free"; quantity?: number }[] = [{}], customer: Record<string, unknown> = {}) {
  const c = await env.newCustomer(customer);
  const products: number[] = [];
  for (const line of cart) {
    const productId = await env.newProduct({ productPrice: line.price ?? 100, deliveryCharge: line.delivery ?? "Free", quantity: 20 });
    products.push(productId);
    await c.caller.cart.save({ customerId: c.customerId, productId, quantity: line.quantity ?? 1 });
  }
  return { ...c, products };
}

describe("one checkout = one order", () => {
  it("a cart of three lines is one order header with all lines, its totals and a Pending COD payment", async () => {
    await env.admin.settings.update({ codFee: 25, codEnabled: true, codMaxOrderValue: "", codBlockedPinCodes: [] });
    const c = await shopper([{ price: 120.5, quantity: 2 }, { price: 80, delivery: 40 }, { price: 10 }]);
    const res = await c.caller.cart.checkout();
    expect(res.orders).toHaveLength(3);
    expect(new Set(res.orders.map((o) => o.productOrderId))).toEqual(new Set([res.productOrderId]));
    const order = await c.caller.orders.order({ productOrderId: res.productOrderId });
    expect(order.lines.map((l) => l.orderId).sort()).toEqual(res.orders.map((o) => o.orderId).sort());
    expect(order.totals).toEqual({ itemsTotal: 331, discountTotal: 0, deliveryTotal: 40, codFee: 25, grandTotal: 396 });
    expect(order.payment).toMatchObject({ method: "COD", status: "Pending" });
    expect(order.shippingAddress).toContain("Pune");
    expect(await env.handle.db.order.count({ where: { productOrderId: res.productOrderId } })).toBe(1);
  });

  it("orders.save is an order of one line; the client cannot set an amount", async () => {
    await env.admin.settings.update({ codFee: 0 });
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productPrice: 50, deliveryCharge: 10 });
    const res = await c.caller.orders.save({ productId, quantity: 2, orderTotalPrice: 1, grandTotal: 1, codFee: -100 });
    const order = await c.caller.orders.order({ productOrderId: res.productOrderId });
    expect(order.lines).toHaveLength(1);
    expect(order.totals).toEqual({ itemsTotal: 100, discountTotal: 0, deliveryTotal: 10, codFee: 0, grandTotal: 110 });
  });

  it("another customer's order is answered 404 like a missing one; an admin sees it with its history", async () => {
    const c = await shopper();
    const { productOrderId } = await c.caller.cart.checkout();
    const other = await env.newCustomer();
    await expect(other.caller.orders.order({ productOrderId })).rejects.toMatchObject({ code: "NOT_FOUND", message: `Order ${productOrderId} was not found.` });
    await expect(other.caller.orders.order({ productOrderId: "ORD-NOPE" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Order ORD-NOPE was not found.",
    });
    await expect(other.caller.payments.get({ productOrderId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const seen = await env.admin.orders.order({ productOrderId });
    expect(seen.payment.history).toEqual([expect.objectContaining({ from: "", to: "Pending", actor: `customer ${c.customerId}` })]);
    expect((await c.caller.orders.order({ productOrderId })).payment.history).toEqual([]);
  });

  it("an unknown payment method is a 400 that names the choices", async () => {
    const c = await shopper();
    await expect(c.caller.cart.checkout({ paymentMethod: "CARD" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Payment method must be one of: COD, UPI, ONLINE",
    });
  });
});

describe("cash on delivery", () => {
  it("refuses orders above the cap, to blocked pin codes, and when turned off — and takes nothing from stock", async () => {
    await env.admin.settings.update({ codEnabled: true, codFee: 30, codMaxOrderValue: 500, codBlockedPinCodes: ["110001", "110002"] });
    const big = await shopper([{ price: 480 }]);
    await expect(big.caller.cart.checkout()).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^Please pay online for orders above ₹500\.00/),
    });
    expect(await stockOf(big.products[0] ?? 0)).toBe(20);
    expect(await big.caller.cart.byCustomer({ customerId: big.customerId })).toHaveLength(1);
    const blocked = await shopper([{ price: 10 }], { pinCode: "110002" });
    await expect(blocked.caller.cart.checkout({ paymentMethod: "COD" })).rejects.toMatchObject({ message: expect.stringContaining("pin code 110002") });
    const fine = await shopper([{ price: 470 }]);
    const res = await fine.caller.cart.checkout();
    expect((await header(res.productOrderId)).grandTotal).toBe(50_000);
    await env.admin.settings.update({ codEnabled: false });
    const off = await shopper([{ price: 10 }]);
    await expect(off.caller.cart.checkout()).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Cash on delivery is not available"),
    });
    await env.admin.settings.update({ codEnabled: true, codFee: 0, codMaxOrderValue: "", codBlockedPinCodes: [] });
  });

  it("stays Pending until every line is delivered, then is Paid on the order and its lines", async () => {
    const c = await shopper([{}, {}]);
    const { productOrderId, orders } = await c.caller.cart.checkout();
    const [a, b] = orders;
    if (!a || !b) throw new Error("two lines expected");
    await env.admin.orders.updateStatus({ orderId: a.orderId, orderStatus: "Completed" });
    expect((await header(productOrderId)).paymentStatus).toBe("Pending");
    await env.admin.orders.updateStatus({ orderId: b.orderId, orderStatus: "Completed" });
    const order = await env.admin.orders.order({ productOrderId });
    expect(order.payment.status).toBe("Paid");
    expect(order.lines.map((l) => l.paymentStatus)).toEqual(["Paid", "Paid"]);
    expect(order.payment.history.at(-1)).toMatchObject({ from: "Pending", to: "Paid", actor: `admin ${env.adminId}`, reason: "cash collected on delivery" });
  });
});

describe("UPI", () => {
  it("is refused with a clear 400 while the store has no VPA", async () => {
    await env.admin.settings.update({ upiVpa: "" });
    const c = await shopper();
    await expect(c.caller.cart.checkout({ paymentMethod: "UPI" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("UPI payment is not set up"),
    });
  });

  it("refuses a VPA that is not handle@bank", async () => {
    await expect(env.admin.settings.update({ upiVpa: "not a vpa" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("handle@bank"),
    });
  });

  it("answers the exact upi:// link; UTR → Awaiting verification → confirmed Paid", async () => {
    await env.admin.settings.update({ upiVpa: "clean.store@okicici", upiPayeeName: "Clean Store & Co" });
    const c = await shopper([{ price: 1234.5 }]);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    const pay = await c.caller.payments.get({ productOrderId });
    const expected = `upi://pay?pa=clean.store@okicici&pn=Clean%20Store%20%26%20Co&am=1234.50&cu=INR&tr=${productOrderId}&tn=${encodeURIComponent(`Order ${productOrderId}`)}`;
    expect(pay).toMatchObject({
      productOrderId,
      method: "UPI",
      status: "Pending",
      amount: 1234.5,
      upiLink: expected,
      upiQr: `/api/v1/payments/${productOrderId}/qr.png`,
    });
    expect(pay.upiLink).toBe(
      upiLink({ vpa: "clean.store@okicici", payeeName: "Clean Store & Co", amountPaise: 123450, reference: productOrderId, note: `Order ${productOrderId}` }),
    );
    expect((await header(productOrderId)).codFee).toBe(0);

    await expect(c.caller.payments.submitUtr({ productOrderId, utr: "12345" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("12-digit"),
    });
    await expect(env.admin.payments.confirm({ productOrderId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("not Awaiting verification"),
    });
    await c.caller.payments.submitUtr({ productOrderId, utr: "412345678901" });
    expect((await header(productOrderId)).paymentStatus).toBe("Awaiting verification");
    expect(await env.admin.payments.awaiting()).toEqual(
      expect.arrayContaining([expect.objectContaining({ productOrderId, utr: "412345678901", amount: 1234.5 })]),
    );
    await env.admin.payments.confirm({ productOrderId });
    const order = await c.caller.orders.order({ productOrderId });
    expect(order.payment).toMatchObject({ status: "Paid", utr: "412345678901" });
    expect(order.lines[0]?.paymentStatus).toBe("Paid");
  });

  it("a UTR used on another order is a 409; a rejected one goes back to Pending with the reason shown", async () => {
    const a = await shopper();
    const b = await shopper();
    const first = await a.caller.cart.checkout({ paymentMethod: "UPI" });
    const second = await b.caller.cart.checkout({ paymentMethod: "UPI" });
    await a.caller.payments.submitUtr({ productOrderId: first.productOrderId, utr: "500000000001" });
    await expect(b.caller.payments.submitUtr({ productOrderId: second.productOrderId, utr: "500000000001" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await header(second.productOrderId)).paymentStatus).toBe("Pending");
    await expect(env.admin.payments.reject({ productOrderId: first.productOrderId, reason: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await env.admin.payments.reject({ productOrderId: first.productOrderId, reason: "No such credit on 24 Nov" });
    const seen = await a.caller.payments.get({ productOrderId: first.productOrderId });
    expect(seen).toMatchObject({ status: "Pending", utr: null, note: "UTR not accepted: No such credit on 24 Nov" });
    // parallel double submit of one UTR on two orders: exactly one wins
    const results = await Promise.allSettled([
      a.caller.payments.submitUtr({ productOrderId: first.productOrderId, utr: "500000000009" }),
      b.caller.payments.submitUtr({ productOrderId: second.productOrderId, utr: "500000000009" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("an unpaid UPI order is cancelled with its stock back after upiExpiryHours; one with a UTR is not", async () => {
    await env.admin.settings.update({ upiExpiryHours: 2 });
    const c = await shopper([{ quantity: 3 }]);
    const waiting = await shopper([{ quantity: 1 }]);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    const sent = await waiting.caller.cart.checkout({ paymentMethod: "UPI" });
    await waiting.caller.payments.submitUtr({ productOrderId: sent.productOrderId, utr: "777777777777" });
    const productId = c.products[0] ?? 0;
    expect(await stockOf(productId)).toBe(17);
    expect(await expireUnpaidUpiOrders(env.handle.db, env.services.mail, new Date(Date.now() + 3600_000))).toBe(0);
    const expired = await expireUnpaidUpiOrders(env.handle.db, env.services.mail, new Date(Date.now() + 2 * 3600_000 + 60_000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await stockOf(productId)).toBe(20);
    const order = await env.admin.orders.order({ productOrderId });
    expect(order.lines.map((l) => l.orderStatus)).toEqual(["Cancelled"]);
    expect(order.payment.status).toBe("Failed");
    expect((await header(sent.productOrderId)).paymentStatus).toBe("Awaiting verification");
    await env.admin.settings.update({ upiExpiryHours: 24 });
  });
});

describe("ONLINE through the gateway (Razorpay stand-in)", () => {
  it("is refused with a clear 400 while the gateway is not configured", async () => {
    withoutGateway();
    const c = await shopper();
    await expect(c.caller.cart.checkout({ paymentMethod: "ONLINE" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Online payment is not set up"),
    });
  });

  it("creates the gateway order in paise with the reference as receipt; a signed callback marks it Paid, a forged one changes nothing", async () => {
    withGateway();
    const c = await shopper([{ price: 249.99, quantity: 2 }]);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "ONLINE" });
    const pay = await c.caller.payments.get({ productOrderId });
    expect(pay).toMatchObject({ method: "ONLINE", status: "Pending", amount: 499.98, keyId: KEYS.keyId });
    const providerOrder = razorpay.orders.find((o) => o.id === pay.providerOrderId);
    expect(providerOrder).toMatchObject({ amount: 49_998, currency: "INR", receipt: productOrderId });

    const callback = razorpay.pay(pay.providerOrderId ?? "");
    const forged = { ...callback, razorpay_signature: callback.razorpay_signature.replace(/^./, (ch) => (ch === "a" ? "b" : "a")) };
    await expect(c.caller.payments.verify({ productOrderId, ...forged })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.caller.payments.verify({ productOrderId, ...callback, razorpay_order_id: "order_other" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await header(productOrderId)).paymentStatus).toBe("Pending");
    await c.caller.payments.verify({ productOrderId, ...callback });
    await c.caller.payments.verify({ productOrderId, ...callback });
    const order = await env.admin.orders.order({ productOrderId });
    expect(order.payment).toMatchObject({ status: "Paid", providerPaymentId: callback.razorpay_payment_id });
    expect(order.payment.history.filter((e) => e.to === "Paid")).toHaveLength(1);
  });

  it("the order is kept when the gateway is down, and gets its gateway order on the next look", async () => {
    withGateway();
    const c = await shopper();
    razorpay.failNext(503);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "ONLINE" });
    expect((await header(productOrderId)).providerOrderId).toBeNull();
    const pay = await c.caller.payments.get({ productOrderId });
    expect(pay.providerOrderId).toMatch(/^order_/);
  });

  it("webhooks: a bad signature is a 400 that changes nothing; captured → Paid once; a wrong amount is flagged, never Paid; failed → Failed", async () => {
    withGateway();
    const db = env.handle.db;
    const c = await shopper([{ price: 300 }]);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "ONLINE" });
    const providerOrderId = (await c.caller.payments.get({ productOrderId })).providerOrderId ?? "";

    const failed = razorpay.webhook("payment.failed", providerOrderId);
    const bad = await handleGatewayWebhook(db, env.services, { rawBody: Buffer.from(failed.body), headers: signed("00".repeat(32), failed.eventId) });
    expect(bad.status).toBe(400);
    expect((await header(productOrderId)).paymentStatus).toBe("Pending");
    const tampered = await handleGatewayWebhook(db, env.services, {
      rawBody: Buffer.from(failed.body + " "),
      headers: signed(failed.signature, failed.eventId),
    });
    expect(tampered.status).toBe(400);

    expect(
      (await handleGatewayWebhook(db, env.services, { rawBody: Buffer.from(failed.body), headers: signed(failed.signature, failed.eventId) })).status,
    ).toBe(200);
    expect((await header(productOrderId)).paymentStatus).toBe("Failed");

    const short = razorpay.webhook("payment.captured", providerOrderId, { amountPaise: 100 });
    await handleGatewayWebhook(db, env.services, { rawBody: Buffer.from(short.body), headers: signed(short.signature, short.eventId) });
    const flagged = await header(productOrderId);
    expect(flagged.paymentStatus).toBe("Failed");
    expect(flagged.paymentFlag).toContain("₹1.00");

    const captured = razorpay.webhook("payment.captured", providerOrderId);
    const once = await handleGatewayWebhook(db, env.services, {
      rawBody: Buffer.from(captured.body),
      headers: signed(captured.signature, captured.eventId),
    });
    expect(once).toMatchObject({ status: 200, message: "Payment marked Paid." });
    const again = await handleGatewayWebhook(db, env.services, {
      rawBody: Buffer.from(captured.body),
      headers: signed(captured.signature, captured.eventId),
    });
    expect(again).toMatchObject({ status: 200, message: "Event already handled." });
    // a late failure of an earlier attempt never undoes the payment
    const late = razorpay.webhook("payment.failed", providerOrderId);
    await handleGatewayWebhook(db, env.services, { rawBody: Buffer.from(late.body), headers: signed(late.signature, late.eventId) });
    expect((await header(productOrderId)).paymentStatus).toBe("Paid");
    expect(await db.paymentEvent.count({ where: { productOrderId, toStatus: "Paid" } })).toBe(1);
  });
});

describe("refunds", () => {
  it("cancelling a line of a paid online order refunds it through the gateway: Partially refunded, then Refunded", async () => {
    withGateway();
    const c = await shopper([{ price: 100 }, { price: 200 }]);
    const { productOrderId, orders } = await c.caller.cart.checkout({ paymentMethod: "ONLINE" });
    const providerOrderId = (await c.caller.payments.get({ productOrderId })).providerOrderId ?? "";
    await c.caller.payments.verify({ productOrderId, ...razorpay.pay(providerOrderId) });
    const [a, b] = orders;
    if (!a || !b) throw new Error("two lines expected");
    await env.admin.orders.updateStatus({ orderId: a.orderId, orderStatus: "Cancelled" });
    let order = await env.admin.orders.order({ productOrderId });
    expect(order.payment).toMatchObject({ status: "Partially refunded", refundedTotal: a.orderTotalPrice });
    expect(order.refunds).toEqual([expect.objectContaining({ orderId: a.orderId, amount: a.orderTotalPrice, status: "Processed" })]);
    await env.admin.orders.updateStatus({ orderId: b.orderId, orderStatus: "Cancelled" });
    order = await env.admin.orders.order({ productOrderId });
    expect(order.payment).toMatchObject({ status: "Refunded", refundedTotal: 300 });
    expect(razorpay.refunds.map((r) => r.amount)).toEqual(expect.arrayContaining([a.orderTotalPrice * 100, b.orderTotalPrice * 100]));
  });

  it("an approved return of a delivered COD order waits for the admin's bank reference, then Refunded", async () => {
    const c = await shopper([{ price: 150 }]);
    const { productOrderId, orders } = await c.caller.cart.checkout();
    const line = orders[0];
    if (!line) throw new Error("one line expected");
    await env.admin.orders.updateStatus({ orderId: line.orderId, orderStatus: "Completed" });
    await c.caller.orders.requestReturn({ orderId: line.orderId, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: line.orderId, returnStatus: "Approved" });
    let order = await env.admin.orders.order({ productOrderId });
    const refund = order.refunds[0];
    expect(refund).toMatchObject({ amount: 150, status: "Pending" });
    expect(order.payment.status).toBe("Paid");
    await expect(env.admin.payments.recordRefund({ productOrderId, refundId: refund?.refundId ?? 0, reference: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await env.admin.payments.recordRefund({ productOrderId, refundId: refund?.refundId ?? 0, reference: "NEFT-HDFC-0042" });
    await expect(env.admin.payments.recordRefund({ productOrderId, refundId: refund?.refundId ?? 0, reference: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    order = await env.admin.orders.order({ productOrderId });
    expect(order.payment.status).toBe("Refunded");
    expect(order.lines[0]?.returnStatus).toBe("Refunded");
    expect(order.refunds[0]).toMatchObject({ status: "Processed", reference: "NEFT-HDFC-0042" });
  });

  it("cancelling an unpaid COD order refunds nothing", async () => {
    const c = await shopper();
    const { productOrderId, orders } = await c.caller.cart.checkout();
    await env.admin.orders.updateStatus({ orderId: orders[0]?.orderId ?? 0, orderStatus: "Cancelled" });
    const order = await env.admin.orders.order({ productOrderId });
    expect(order.refunds).toEqual([]);
    expect(order.payment.status).toBe("Pending");
  });
});

describe("undoing a UPI confirmation (issue 24)", () => {
  const MINUTE = 60_000;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let transport: ReturnType<typeof smtpTransport>;
  beforeAll(async () => {
    await env.admin.settings.update({ upiVpa: "clean.store@okicici" });
    smtp = await startTestSmtpServer();
    transport = smtpTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  /** the clock moved to `at` (Date only: the database and the SMTP server keep running) */
  const clockAt = (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
  };
  /** sends every message due at the clock's time; the ones that reached the customer */
  async function mailsTo(email: string) {
    while ((await sendDueMessages(env.handle.db, transport, { from: "Clean Store <orders@cleanstore.test>" })).sent > 0);
    return smtp.received.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : "") === email).map((m) => m.subject);
  }
  async function awaitingUpi(utr: string) {
    const c = await shopper([{ price: 250 }]);
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    await c.caller.payments.submitUtr({ productOrderId, utr });
    return { ...c, productOrderId };
  }

  it("within 10 minutes: Awaiting verification again, the held mail cancelled, nothing sent; on the history and the audit trail", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const c = await awaitingUpi("730000000001");
    const confirmed = await env.admin.payments.confirm({ productOrderId: c.productOrderId });
    expect(confirmed.undoUntil.getTime()).toBe(t0 + 10 * MINUTE);
    expect(confirmed.message).toContain("You can undo it until");
    expect((await header(c.productOrderId)).paymentStatus).toBe("Paid");
    const held = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: c.fields.email, kind: "payment-confirmed" } });
    expect(held.nextAttemptAt?.getTime()).toBe(t0 + 10 * MINUTE);
    clockAt(t0 + 5 * MINUTE);
    expect(await mailsTo(c.fields.email)).not.toContain(`Payment received for order ${c.productOrderId}`);

    clockAt(t0 + 10 * MINUTE - 1000);
    const undone = await env.admin.payments.undoConfirm({ productOrderId: c.productOrderId });
    expect(undone.message).toContain("Awaiting verification again");
    const order = await env.admin.orders.order({ productOrderId: c.productOrderId });
    expect(order.payment).toMatchObject({ status: "Awaiting verification", utr: "730000000001" });
    expect(order.lines.every((l) => l.paymentStatus === "Awaiting verification")).toBe(true);
    expect(order.payment.history.at(-1)).toMatchObject({ from: "Paid", to: "Awaiting verification", reason: "confirmation undone" });
    expect((await env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId: held.messageId } })).status).toBe("cancelled");
    clockAt(t0 + 60 * MINUTE);
    expect(await mailsTo(c.fields.email)).not.toContain(`Payment received for order ${c.productOrderId}`);
    const [entry] = await env.handle.db.auditEntry.findMany({ where: { action: "payments.undoConfirm", entityId: c.productOrderId } });
    expect(entry).toMatchObject({ entity: "payment", summary: `Test Admin undid the confirmation of the payment ${c.productOrderId}` });
    expect(JSON.parse(entry!.changes)).toMatchObject({ paymentStatus: ["Paid", "Awaiting verification"] });

    // undone twice: nothing left to undo; confirmed again: a new window and a new mail
    await expect(env.admin.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({ code: "CONFLICT" });
    await env.admin.payments.confirm({ productOrderId: c.productOrderId });
    clockAt(t0 + 71 * MINUTE);
    expect(await mailsTo(c.fields.email)).toContain(`Payment received for order ${c.productOrderId}`);

    const history = await env.admin.payments.verifications({ page: 1 });
    expect(history.items.filter((i) => i.productOrderId === c.productOrderId).map((i) => [i.decision, i.by, i.utr, i.amount])).toEqual([
      ["confirmed", "Test Admin", "730000000001", 250],
      ["undone", "Test Admin", "730000000001", 250],
      ["confirmed", "Test Admin", "730000000001", 250],
    ]);
  });

  it("from 10 minutes on: 409 UNDO_EXPIRED, the payment stays Paid and the mail goes", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const c = await awaitingUpi("730000000002");
    await env.admin.payments.confirm({ productOrderId: c.productOrderId });
    clockAt(t0 + 10 * MINUTE);
    await expect(env.admin.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("can be undone only within 10 minutes"),
      cause: expect.objectContaining({ code: "UNDO_EXPIRED" }),
    });
    expect((await header(c.productOrderId)).paymentStatus).toBe("Paid");
    expect(await mailsTo(c.fields.email)).toContain(`Payment received for order ${c.productOrderId}`);
    expect(await env.handle.db.auditEntry.count({ where: { action: "payments.undoConfirm", entityId: c.productOrderId } })).toBe(0);
  });

  it("lists the confirmations still undoable with their undoUntil, newest first, so the Payments screen keeps Undo after a reload", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const a = await awaitingUpi("730000000011");
    const b = await awaitingUpi("730000000012");
    const never = await awaitingUpi("730000000013");
    await env.admin.payments.confirm({ productOrderId: a.productOrderId });
    clockAt(t0 + 4 * MINUTE);
    await env.admin.payments.confirm({ productOrderId: b.productOrderId });
    const refs = [a.productOrderId, b.productOrderId, never.productOrderId];
    const mine = async (caller = env.admin) => (await caller.payments.undoable()).items.filter((i) => refs.includes(i.productOrderId));
    expect(await mine()).toEqual([
      { productOrderId: b.productOrderId, customerName: (await header(b.productOrderId)).customerName, amount: 250, undoUntil: new Date(t0 + 14 * MINUTE) },
      { productOrderId: a.productOrderId, customerName: (await header(a.productOrderId)).customerName, amount: 250, undoUntil: new Date(t0 + 10 * MINUTE) },
    ]);
    // a's window has closed (its undo is 409 UNDO_EXPIRED now): no longer listed
    clockAt(t0 + 10 * MINUTE);
    expect((await mine()).map((i) => i.productOrderId)).toEqual([b.productOrderId]);
    await expect(env.admin.payments.undoConfirm({ productOrderId: a.productOrderId })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "UNDO_EXPIRED" }),
    });
    // undone: nothing left to undo
    await env.admin.payments.undoConfirm({ productOrderId: b.productOrderId });
    expect(await mine()).toEqual([]);
    await expect(a.caller.payments.undoable()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("only the owner undoes; not a payment that was never confirmed, nor one with a refund", async () => {
    const c = await awaitingUpi("730000000003");
    const staffId = (await env.admin.staff.create({ name: "Undo Staff", email: "undo.staff@cleanstore.test", password: "Lavender-Mop-Bucket-2026" })).staff
      .adminId;
    const staff = env.as({ role: "admin", adminId: staffId });
    await expect(env.admin.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${c.productOrderId}'s payment is Awaiting verification: only a confirmed UPI payment can be undone.`,
    });
    await env.admin.payments.confirm({ productOrderId: c.productOrderId });
    await expect(staff.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(c.caller.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.admin.payments.undoConfirm({ productOrderId: "ORD-20260101-999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // staff cancelled the paid order within the window: its refund is money promised, the payment stays
    await staff.orderDesk.setStatus({ productOrderId: c.productOrderId, orderStatus: "Cancelled" });
    await expect(env.admin.payments.undoConfirm({ productOrderId: c.productOrderId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${c.productOrderId} already has a refund, so its payment can no longer be undone.`,
    });
    // the history shows a rejection with its reason
    const r = await awaitingUpi("730000000004");
    await env.admin.payments.reject({ productOrderId: r.productOrderId, reason: "No credit with this UTR" });
    const [rejected] = (await staff.payments.verifications({ page: 1 })).items;
    expect(rejected).toMatchObject({
      productOrderId: r.productOrderId,
      decision: "rejected",
      utr: "730000000004",
      reason: "No credit with this UTR",
      by: "Test Admin",
    });
  });
});
