// Razorpay's webhook (POST with `X-Razorpay-Signature` over the exact body bytes) read into the
// store's neutral events: payment.captured, payment.failed, refund.processed, refund.failed.
import type { GatewayEvent, ParsedWebhook } from "../gateway.ts";
import { hmacHex, signatureMatches } from "./signatures.ts";

interface RazorpayEntity {
  id?: unknown;
  order_id?: unknown;
  payment_id?: unknown;
  amount?: unknown;
  receipt?: unknown;
  error_description?: unknown;
}
interface RazorpayEvent {
  event?: unknown;
  payload?: { payment?: { entity?: RazorpayEntity }; refund?: { entity?: RazorpayEntity } };
}

const text = (value: unknown, max: number): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null);

/**
 * The de-duplication key: the event and its entity's id, both from the signed body. A payment is
 * captured or fails once, a refund is processed or fails once, so one key is one effect.
 */
const dedupKey = (event: string, entityId: string) => `razorpay:${event}:${entityId}`.slice(0, 120);

function toEvent(body: RazorpayEvent): GatewayEvent {
  const name = typeof body.event === "string" ? body.event.slice(0, 60) : String(body.event);
  if (name === "payment.captured" || name === "payment.failed") {
    const payment = body.payload?.payment?.entity;
    const providerOrderId = text(payment?.order_id, 60);
    const providerPaymentId = text(payment?.id, 60);
    if (!payment || !providerOrderId || !providerPaymentId) return { kind: "ignored", name };
    const common = { dedupKey: dedupKey(name, providerPaymentId), providerOrderId, providerPaymentId };
    return name === "payment.captured"
      ? { kind: "payment-captured", ...common, amountPaise: payment.amount }
      : { kind: "payment-failed", ...common, reason: text(payment.error_description, 200) };
  }
  if (name === "refund.processed" || name === "refund.failed") {
    const refund = body.payload?.refund?.entity;
    const providerRefundId = text(refund?.id, 60);
    if (!refund || !providerRefundId) return { kind: "ignored", name };
    const common = {
      dedupKey: dedupKey(name, providerRefundId),
      providerRefundId,
      providerPaymentId: text(refund.payment_id, 60),
      receipt: text(refund.receipt, 60),
    };
    return name === "refund.processed"
      ? { kind: "refund-processed", ...common }
      : { kind: "refund-failed", ...common, reason: text(refund.error_description, 200) };
  }
  return { kind: "ignored", name };
}

export function parseRazorpayWebhook(webhookSecret: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ParsedWebhook {
  const header = headers["x-razorpay-signature"];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signatureMatches(hmacHex(webhookSecret, rawBody), signature)) return { ok: false, problem: "signature" };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { ok: false, problem: "body" };
  }
  if (body === null || typeof body !== "object") return { ok: false, problem: "body" };
  return { ok: true, event: toEvent(body) };
}
