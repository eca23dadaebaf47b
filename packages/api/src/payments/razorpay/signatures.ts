// Razorpay's signatures (../shared/INDIA.md "Paying"): hex HMAC-SHA256, of `order_id|payment_id`
// under the key secret for Checkout's callback, of the exact body bytes under the webhook secret
// for a webhook.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CheckoutProof } from "../gateway.ts";

export const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");

/** Constant-time comparison of a hex signature with the expected one; false for anything malformed. */
export function signatureMatches(expectedHex: string, given: unknown): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]+$/i.test(given) || given.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

/** Checkout's callback `{ razorpay_order_id, razorpay_payment_id, razorpay_signature }`: the ids it proves, or null. */
export function verifyCheckoutCallback(keySecret: string, callback: Record<string, unknown>): CheckoutProof | null {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = callback;
  if (typeof orderId !== "string" || typeof paymentId !== "string") return null;
  if (!signatureMatches(hmacHex(keySecret, `${orderId}|${paymentId}`), signature)) return null;
  return { providerOrderId: orderId, providerPaymentId: paymentId };
}
