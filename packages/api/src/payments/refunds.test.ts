// Refunds at procedure depth (issue 22), the gateway being the local Razorpay stand-in: staff send
// no money out (their refunds wait for the owner's approval), the gateway's refund.processed /
// refund.failed webhooks, the owner's retry, and webhook de-duplication by the signed body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { createRazorpayProvider } from "./razorpay/adapter.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "./razorpay/stand-in.ts";
import { handleGatewayWebhook } from "./gateway-webhook.ts";

let env: TestEnv;
let razorpay: RazorpayStandIn;
let staff: TestEnv["admin"];
const KEYS = { keyId: "rzp_test_refunds", keySecret: "refunds-key-secret", webhookSecret: "refunds-webhook-secret" };

beforeAll(async () => {
  env = await createTestEnv();
  razorpay = await startRazorpayStandIn(KEYS);
  env.services.paymentProvider = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
  const account = await env.handle.db.admin.create({
    data: { name: "Refund Staff", email: "refund.staff@cleanstore.test", passwordHash: "unused", role: "staff" },
  });
  staff = env.as({ role: "admin", adminId: account.adminId });
});
afterAll(async () => {
  await razorpay.close();
  await env.close();
});

/** a paid ONLINE order of `prices.length` lines, delivered when `delivered` */
async function paidOnline(prices: number[], delivered = false) {
  const c = await env.newCustomer();
  for (const price of prices) {
    const productId = await env.newProduct({ productPrice: price, deliveryCharge: "Free", quantity: 20 });
    await c.caller.cart.save({ customerId: c.customerId, productId, quantity: 1 });
  }
  const { productOrderId, orders } = await c.caller.cart.checkout({ paymentMethod: "ONLINE" });
  const providerOrderId = (await c.caller.payments.get({ productOrderId })).providerOrderId ?? "";
  await c.caller.payments.verify({ productOrderId, ...razorpay.pay(providerOrderId) });
  if (delivered) for (const o of orders) await env.admin.orders.updateStatus({ orderId: o.orderId, orderStatus: "Completed" });
  return { c, productOrderId, lines: orders.map((o) => o.orderId) };
}
const deliver = (w: { body: string; signature: string }, eventId: string) =>
  handleGatewayWebhook(env.handle.db, env.services, {
    rawBody: Buffer.from(w.body),
    headers: { "x-razorpay-signature": w.signature, "x-razorpay-event-id": eventId },
  });
const refundOf = async (productOrderId: string) => {
  const [refund] = (await env.admin.orders.order({ productOrderId })).refunds;
  if (!refund) throw new Error("a refund was expected");
  return refund;
};
const row = (refundId: number) => env.handle.db.refund.findUniqueOrThrow({ where: { refundId } });

describe("staff send no money out", () => {
  it("staff cancelling a paid online line: the refund waits for the owner's approval, the gateway is not called; the owner approves it and it is refunded", async () => {
    const { productOrderId, lines } = await paidOnline([100, 200]);
    const refundsBefore = razorpay.refunds.length;
    const cancelled = await staff.orders.updateStatus({ orderId: lines[0] ?? 0, orderStatus: "Cancelled" });
    expect(cancelled.message).toBe(`Order ${lines[0]} is Cancelled, payment Paid. A refund of ₹100.00 waits for the owner's approval.`);
    expect(razorpay.refunds.length).toBe(refundsBefore);
    const waiting = await refundOf(productOrderId);
    expect(waiting).toMatchObject({ amount: 100, status: "Awaiting approval" });
    expect((await env.admin.orders.order({ productOrderId })).payment).toMatchObject({ status: "Paid", refundedTotal: 0 });
    expect(await staff.payments.openRefunds()).toEqual(
      expect.arrayContaining([expect.objectContaining({ refundId: waiting.refundId, status: "Awaiting approval" })]),
    );

    await expect(staff.payments.approveRefund({ refundId: waiting.refundId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(staff.payments.recordRefund({ productOrderId, refundId: waiting.refundId, reference: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(razorpay.refunds.length).toBe(refundsBefore);

    const approved = await env.admin.payments.approveRefund({ refundId: waiting.refundId });
    expect(approved).toMatchObject({ success: true, refundId: waiting.refundId, status: "Processed" });
    expect(razorpay.refunds.at(-1)).toMatchObject({ amount: 10_000, receipt: `refund-${waiting.refundId}` });
    expect(await refundOf(productOrderId)).toMatchObject({ status: "Processed" });
    expect((await env.admin.orders.order({ productOrderId })).payment).toMatchObject({ status: "Partially refunded", refundedTotal: 100 });
    await expect(env.admin.payments.approveRefund({ refundId: waiting.refundId })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: expect.objectContaining({ code: "REFUND_NOT_AWAITING_APPROVAL" }),
    });
  });

  it("staff approving a return of a paid online order: the refund waits; the owner approving a return refunds at once", async () => {
    const byStaff = await paidOnline([150], true);
    const line = byStaff.lines[0] ?? 0;
    await byStaff.c.caller.orders.requestReturn({ orderId: line, reason: "Damaged product" });
    const before = razorpay.refunds.length;
    const decided = await staff.orders.decideReturn({ orderId: line, returnStatus: "Approved" });
    expect(decided.message).toBe("Return Approved. A refund of ₹150.00 waits for the owner's approval.");
    expect(razorpay.refunds.length).toBe(before);
    expect(await refundOf(byStaff.productOrderId)).toMatchObject({ status: "Awaiting approval" });

    const byOwner = await paidOnline([80], true);
    const ownLine = byOwner.lines[0] ?? 0;
    await byOwner.c.caller.orders.requestReturn({ orderId: ownLine, reason: "Damaged product" });
    expect((await env.admin.orders.decideReturn({ orderId: ownLine, returnStatus: "Approved" })).message).toBe("Return Approved.");
    expect(razorpay.refunds.length).toBe(before + 1);
    expect(await refundOf(byOwner.productOrderId)).toMatchObject({ status: "Processed" });
    expect((await env.admin.orders.order({ productOrderId: byOwner.productOrderId })).lines[0]?.returnStatus).toBe("Refunded");
  });

  it("marking a return Refunded records money: staff get 403 OWNER_ONLY and nothing changes; the owner may", async () => {
    const { c, productOrderId, lines } = await paidOnline([60], true);
    const line = lines[0] ?? 0;
    await c.caller.orders.requestReturn({ orderId: line, reason: "Expired product" });
    await staff.orders.decideReturn({ orderId: line, returnStatus: "Approved" });
    await expect(staff.orders.decideReturn({ orderId: line, returnStatus: "Refunded" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      cause: expect.objectContaining({ code: "OWNER_ONLY" }),
    });
    expect(await refundOf(productOrderId)).toMatchObject({ status: "Awaiting approval" });
    await env.admin.orders.decideReturn({ orderId: line, returnStatus: "Refunded" });
    expect(await refundOf(productOrderId)).toMatchObject({ status: "Processed" });
  });
});

describe("the gateway's refund webhooks", () => {
  it("a refund the gateway only accepted stays Processing; refund.processed makes it Processed once, whatever the event-id header", async () => {
    const { productOrderId, lines } = await paidOnline([120, 30]);
    razorpay.refundStatus = "pending";
    try {
      await env.admin.orders.updateStatus({ orderId: lines[0] ?? 0, orderStatus: "Cancelled" });
    } finally {
      razorpay.refundStatus = "processed";
    }
    const refund = await refundOf(productOrderId);
    expect(refund).toMatchObject({ status: "Processing", amount: 120 });
    expect((await env.admin.orders.order({ productOrderId })).payment).toMatchObject({ status: "Paid", refundedTotal: 0 });
    const providerRefundId = (await row(refund.refundId)).providerRefundId ?? "";
    expect(providerRefundId).toMatch(/^rfnd_/);

    const processed = razorpay.refundWebhook("refund.processed", providerRefundId);
    expect(await deliver(processed, "evt_first")).toEqual({ status: 200, message: "Refund marked Processed." });
    expect(await deliver(processed, "evt_second")).toEqual({ status: 200, message: "Event already handled." });
    const order = await env.admin.orders.order({ productOrderId });
    expect(order.refunds[0]).toMatchObject({ status: "Processed", reference: providerRefundId });
    expect(order.payment).toMatchObject({ status: "Partially refunded", refundedTotal: 120 });
    expect(order.payment.history.filter((h) => h.to === "Partially refunded")).toHaveLength(1);
  });

  it("refund.failed marks it Failed with why, shown to the owner; only the owner retries it, and the retry goes through", async () => {
    const { c, productOrderId, lines } = await paidOnline([90]);
    razorpay.refundStatus = "pending";
    try {
      await env.admin.orders.updateStatus({ orderId: lines[0] ?? 0, orderStatus: "Cancelled" });
    } finally {
      razorpay.refundStatus = "processed";
    }
    const { refundId } = await refundOf(productOrderId);
    const failed = razorpay.refundWebhook("refund.failed", (await row(refundId)).providerRefundId ?? "");
    expect(await deliver(failed, "evt_failed")).toEqual({ status: 200, message: "Refund marked Failed." });

    const seen = await refundOf(productOrderId);
    expect(seen).toMatchObject({ status: "Failed", error: expect.stringContaining("could not complete the refund") });
    expect((await c.caller.orders.order({ productOrderId })).refunds[0]).toMatchObject({ status: "Failed", error: null });
    expect(await env.admin.payments.openRefunds()).toEqual(
      expect.arrayContaining([expect.objectContaining({ refundId, status: "Failed", error: seen.error, productOrderId })]),
    );

    await expect(staff.payments.retryRefund({ refundId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await refundOf(productOrderId)).toMatchObject({ status: "Failed" });
    const retried = await env.admin.payments.retryRefund({ refundId });
    expect(retried).toMatchObject({ success: true, refundId, status: "Processed" });
    expect((await env.admin.orders.order({ productOrderId })).payment).toMatchObject({ status: "Refunded", refundedTotal: 90 });
    await expect(env.admin.payments.retryRefund({ refundId })).rejects.toMatchObject({ cause: expect.objectContaining({ code: "REFUND_NOT_FAILED" }) });
  });

  it("a gateway that refuses the approved refund leaves it Failed with the gateway's words (503), for a retry", async () => {
    const { productOrderId, lines } = await paidOnline([70]);
    await staff.orders.updateStatus({ orderId: lines[0] ?? 0, orderStatus: "Cancelled" });
    const { refundId } = await refundOf(productOrderId);
    razorpay.failNext(502);
    await expect(env.admin.payments.approveRefund({ refundId })).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: expect.stringContaining("The stand-in was told to fail"),
    });
    expect(await refundOf(productOrderId)).toMatchObject({ status: "Failed", error: expect.stringContaining("refused the request") });
    expect(await env.admin.payments.retryRefund({ refundId })).toMatchObject({ status: "Processed" });
  });
});

describe("webhook de-duplication uses the signed body", () => {
  it("the same signed body with two different event-id headers has one effect", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productPrice: 210, quantity: 5 });
    const { productOrderId, order } = await c.caller.orders.save({ productId, quantity: 1, paymentMethod: "ONLINE" });
    const providerOrderId = (await c.caller.payments.get({ productOrderId })).providerOrderId ?? "";
    const failed = razorpay.webhook("payment.failed", providerOrderId);
    expect(await deliver(failed, "evt_1")).toEqual({ status: 200, message: "Payment marked Failed." });
    // the owner gives the customer another go; a replay of the signed body under a fresh header must not fail it again
    await env.admin.orders.updateStatus({ orderId: order.orderId, paymentStatus: "Pending" });
    expect(await deliver(failed, "evt_2")).toEqual({ status: 200, message: "Event already handled." });
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } })).paymentStatus).toBe("Pending");
    expect(await env.handle.db.paymentEvent.count({ where: { productOrderId, toStatus: "Failed" } })).toBe(1);
  });
});
