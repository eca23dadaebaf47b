// The Razorpay adapter, written against its documented Orders and Refunds APIs (../shared/INDIA.md
// "Paying"): basic auth with key id and secret, amounts in paise. Its signatures: signatures.ts;
// its webhooks: webhook.ts.
import { PaymentProviderError, type PaymentProvider, type ProviderRefundStatus } from "../gateway.ts";
import { verifyCheckoutCallback } from "./signatures.ts";
import { parseRazorpayWebhook } from "./webhook.ts";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** default https://api.razorpay.com; a local stand-in in tests */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}
interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

/** Razorpay's refund status: `pending` until its bank confirms (then the refund.processed webhook). */
const refundStatus = (status: string): ProviderRefundStatus => (status === "processed" ? "processed" : status === "failed" ? "failed" : "pending");

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
      const order = await call<RazorpayOrder>("/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes: notes ?? {} });
      return { providerOrderId: order.id, amountPaise: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
    },
    async refund({ providerPaymentId, amountPaise, receipt, notes }) {
      positivePaise(amountPaise);
      const refund = await call<RazorpayRefund>(`/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`, {
        amount: amountPaise,
        ...(receipt ? { receipt } : {}),
        notes: notes ?? {},
      });
      return { providerRefundId: refund.id, providerPaymentId: refund.payment_id, amountPaise: refund.amount, status: refundStatus(refund.status) };
    },
    verifyCheckout: (callback) => verifyCheckoutCallback(opts.keySecret, callback),
    parseWebhook: (rawBody, headers) => parseRazorpayWebhook(opts.webhookSecret, rawBody, headers),
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
