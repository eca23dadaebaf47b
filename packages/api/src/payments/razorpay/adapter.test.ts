// The Razorpay adapter against the local stand-in of Razorpay's documented HTTP API: what it asks
// for on the wire, and the neutral words (gateway.ts) it answers in.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentProviderError, type PaymentProvider } from "../gateway.ts";
import { createRazorpayProvider } from "./adapter.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "./stand-in.ts";

const KEYS = { keyId: "rzp_test_adapter", keySecret: "adapter-key-secret", webhookSecret: "adapter-webhook-secret" };
let razorpay: RazorpayStandIn;
let gateway: PaymentProvider;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn(KEYS);
  gateway = createRazorpayProvider({ ...KEYS, apiBase: razorpay.url });
});
afterAll(() => razorpay.close());

const signatureHeader = (signature: string) => ({ "x-razorpay-signature": signature });

describe("orders and refunds over HTTP", () => {
  it("creates an order in paise and answers it in neutral words", async () => {
    const order = await gateway.createOrder({ amountPaise: 49_998, receipt: "ORD-20261126-000001" });
    expect(order).toEqual({
      providerOrderId: expect.stringMatching(/^order_/),
      amountPaise: 49_998,
      currency: "INR",
      receipt: "ORD-20261126-000001",
      status: "created",
    });
    expect(razorpay.orders.at(-1)).toMatchObject({ id: order.providerOrderId, amount: 49_998 });
  });

  it("a refund the gateway processes at once is processed; one it only accepted is pending; our receipt travels with it", async () => {
    const { providerOrderId } = await gateway.createOrder({ amountPaise: 30_000, receipt: "ORD-R" });
    const paid = razorpay.pay(providerOrderId);
    const done = await gateway.refund({ providerPaymentId: paid.razorpay_payment_id, amountPaise: 10_000, receipt: "refund-1" });
    expect(done).toEqual({
      providerRefundId: expect.stringMatching(/^rfnd_/),
      providerPaymentId: paid.razorpay_payment_id,
      amountPaise: 10_000,
      status: "processed",
    });
    razorpay.refundStatus = "pending";
    try {
      const accepted = await gateway.refund({ providerPaymentId: paid.razorpay_payment_id, amountPaise: 5_000, receipt: "refund-2" });
      expect(accepted.status).toBe("pending");
      expect(razorpay.refunds.find((r) => r.id === accepted.providerRefundId)).toMatchObject({ receipt: "refund-2", amount: 5_000 });
    } finally {
      razorpay.refundStatus = "processed";
    }
  });

  it("a refusal or an outage is a PaymentProviderError with the gateway's words", async () => {
    const { providerOrderId } = await gateway.createOrder({ amountPaise: 1_000, receipt: "ORD-X" });
    const paid = razorpay.pay(providerOrderId);
    const refused = gateway.refund({ providerPaymentId: paid.razorpay_payment_id, amountPaise: 5_000 });
    await expect(refused).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refused).rejects.toMatchObject({ status: 400, message: expect.stringContaining("greater than amount captured") });
    razorpay.failNext(503);
    await expect(gateway.createOrder({ amountPaise: 1_000, receipt: "ORD-Y" })).rejects.toMatchObject({ status: 503 });
    const nowhere = createRazorpayProvider({ ...KEYS, apiBase: "http://127.0.0.1:9" });
    await expect(nowhere.createOrder({ amountPaise: 1_000, receipt: "ORD-Z" })).rejects.toMatchObject({ message: "The payment gateway could not be reached." });
  });
});

describe("signatures", () => {
  it("verifyCheckout proves the ids of a signed callback, and nothing else", async () => {
    const { providerOrderId } = await gateway.createOrder({ amountPaise: 2_000, receipt: "ORD-C" });
    const callback = razorpay.pay(providerOrderId);
    expect(gateway.verifyCheckout({ ...callback })).toEqual({ providerOrderId, providerPaymentId: callback.razorpay_payment_id });
    expect(gateway.verifyCheckout({ ...callback, razorpay_payment_id: "pay_other" })).toBeNull();
    expect(gateway.verifyCheckout({ ...callback, razorpay_signature: "zz" })).toBeNull();
    expect(gateway.verifyCheckout({ razorpay_order_id: providerOrderId })).toBeNull();
  });

  it("parseWebhook reads the four events into neutral ones, keyed by the signed body's ids, never by the event-id header", async () => {
    const { providerOrderId } = await gateway.createOrder({ amountPaise: 3_000, receipt: "ORD-W" });
    const captured = razorpay.webhook("payment.captured", providerOrderId, { paymentId: "pay_W1" });
    const parsed = gateway.parseWebhook(Buffer.from(captured.body), { ...signatureHeader(captured.signature), "x-razorpay-event-id": "evt_one" });
    expect(parsed).toEqual({
      ok: true,
      event: { kind: "payment-captured", dedupKey: "razorpay:payment.captured:pay_W1", providerOrderId, providerPaymentId: "pay_W1", amountPaise: 3_000 },
    });
    const again = gateway.parseWebhook(Buffer.from(captured.body), { ...signatureHeader(captured.signature), "x-razorpay-event-id": "evt_two" });
    expect(again.ok && again.event).toEqual(parsed.ok && parsed.event);

    const failed = razorpay.webhook("payment.failed", providerOrderId, { paymentId: "pay_W2" });
    expect(gateway.parseWebhook(Buffer.from(failed.body), signatureHeader(failed.signature))).toMatchObject({
      ok: true,
      event: { kind: "payment-failed", dedupKey: "razorpay:payment.failed:pay_W2", reason: "Payment was declined by the bank" },
    });

    const paid = razorpay.pay(providerOrderId);
    const refund = await gateway.refund({ providerPaymentId: paid.razorpay_payment_id, amountPaise: 1_000, receipt: "refund-77" });
    const processed = razorpay.refundWebhook("refund.processed", refund.providerRefundId);
    expect(gateway.parseWebhook(Buffer.from(processed.body), signatureHeader(processed.signature))).toEqual({
      ok: true,
      event: {
        kind: "refund-processed",
        dedupKey: `razorpay:refund.processed:${refund.providerRefundId}`,
        providerRefundId: refund.providerRefundId,
        providerPaymentId: paid.razorpay_payment_id,
        receipt: "refund-77",
      },
    });
    const refundFailed = razorpay.refundWebhook("refund.failed", refund.providerRefundId);
    expect(gateway.parseWebhook(Buffer.from(refundFailed.body), signatureHeader(refundFailed.signature))).toMatchObject({
      ok: true,
      event: { kind: "refund-failed", dedupKey: `razorpay:refund.failed:${refund.providerRefundId}`, receipt: "refund-77" },
    });
  });

  it("parseWebhook refuses a wrong or missing signature and a signed body that is not JSON; other events are ignored", () => {
    const body = JSON.stringify({ event: "order.paid", payload: {} });
    const sign = (text: string) => createHmac("sha256", KEYS.webhookSecret).update(text).digest("hex");
    expect(gateway.parseWebhook(Buffer.from(body), signatureHeader(sign(body)))).toEqual({ ok: true, event: { kind: "ignored", name: "order.paid" } });
    expect(gateway.parseWebhook(Buffer.from(body), signatureHeader(sign(`${body} `)))).toEqual({ ok: false, problem: "signature" });
    expect(gateway.parseWebhook(Buffer.from(body), {})).toEqual({ ok: false, problem: "signature" });
    expect(gateway.parseWebhook(Buffer.from("not json"), signatureHeader(sign("not json")))).toEqual({ ok: false, problem: "body" });
    expect(gateway.parseWebhook(Buffer.from("null"), signatureHeader(sign("null")))).toEqual({ ok: false, problem: "body" });
  });
});
