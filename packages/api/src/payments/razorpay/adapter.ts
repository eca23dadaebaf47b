// The Razorpay adapter, written against its documented Orders, Refunds and signature rules
// (../shared/INDIA.md "Paying"): basic auth with key id and secret, amounts in paise, signatures
// as hex HMAC-SHA256.
import { createHmac, timingSafeEqual } from "node:crypto";
import { PaymentProviderError, type PaymentProvider, type ProviderOrder, type ProviderRefund } from "../gateway.ts";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** default https://api.razorpay.com; a local stand-in in tests */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");

/** Constant-time comparison of a hex signature with the expected one; false for anything malformed. */
function signatureMatches(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]+$/i.test(given) || given.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

export function createRazorpayProvider(opts: RazorpayOptions): PaymentProvider {
  const base = (opts.apiBase ?? "https://api.razorpay.com").replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString("base64")}`;

  async function call<T>(path: string, body: object): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch {
      throw new PaymentProviderError("The payment gateway could not be reached.");
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // an HTML error page from a proxy: the status says enough
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; description?: string } } | null)?.error;
      throw new PaymentProviderError(
        `The payment gateway refused the request: ${error?.description ?? `HTTP ${response.status}`}`,
        response.status,
        error?.code,
      );
    }
    return parsed as T;
  }

  const positivePaise = (amount: number) => {
    if (!Number.isInteger(amount) || amount <= 0) throw new PaymentProviderError("A gateway amount is a positive whole number of paise.");
  };

  return {
    name: "razorpay",
    keyId: opts.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      positivePaise(amountPaise);
      const order = await call<ProviderOrder>("/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes: notes ?? {} });
      return { id: order.id, amount: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
    },
    async refund({ paymentId, amountPaise, receipt, notes }) {
      positivePaise(amountPaise);
      const refund = await call<{ id: string; payment_id: string; amount: number; status: string }>(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        amount: amountPaise,
        ...(receipt ? { receipt } : {}),
        notes: notes ?? {},
      });
      return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status } satisfies ProviderRefund;
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      if (typeof orderId !== "string" || typeof paymentId !== "string") return false;
      return signatureMatches(hmacHex(opts.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(opts.webhookSecret, rawBody), signature);
    },
  };
}

/** ONLINE payment is on when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are all set. */
export function razorpayFromEnv(env: Record<string, string | undefined>): PaymentProvider | null {
  const keyId = env.RAZORPAY_KEY_ID?.trim();
  const keySecret = env.RAZORPAY_KEY_SECRET?.trim();
  const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET?.trim();
  if (!keyId || !keySecret || !webhookSecret) return null;
  return createRazorpayProvider({ keyId, keySecret, webhookSecret, apiBase: env.RAZORPAY_API_BASE?.trim() || undefined });
}
