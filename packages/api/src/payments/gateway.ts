// The port: what the store needs from a card/UPI payment gateway, in the store's own words. Each
// gateway is one folder beside this file (razorpay/) holding its wire format, signatures and
// webhook parsing; nothing outside that folder knows a vendor's field names.

export interface ProviderOrder {
  providerOrderId: string;
  /** paise */
  amountPaise: number;
  currency: string;
  receipt: string;
  status: string;
}

/** Where a refund stands at the gateway: accepted and on its way (`pending`), done, or refused. */
export type ProviderRefundStatus = "pending" | "processed" | "failed";

export interface ProviderRefund {
  providerRefundId: string;
  providerPaymentId: string;
  /** paise */
  amountPaise: number;
  status: ProviderRefundStatus;
}

/** The ids a checkout callback proved (by its signature) that the gateway sent. */
export interface CheckoutProof {
  providerOrderId: string;
  providerPaymentId: string;
}

/**
 * A webhook the gateway signed, in neutral words. `dedupKey` is built from the signed body only
 * (the event and its entity's id), so neither a replayed body with a fresh header nor a changed
 * header can apply an event twice or dodge the de-duplication.
 */
export type GatewayEvent =
  | { kind: "payment-captured"; dedupKey: string; providerOrderId: string; providerPaymentId: string; amountPaise: unknown }
  | { kind: "payment-failed"; dedupKey: string; providerOrderId: string; providerPaymentId: string; reason: string | null }
  | {
      kind: "refund-processed";
      dedupKey: string;
      providerRefundId: string;
      providerPaymentId: string | null;
      /** the store's own reference given when the refund was asked for */
      receipt: string | null;
    }
  | { kind: "refund-failed"; dedupKey: string; providerRefundId: string; providerPaymentId: string | null; receipt: string | null; reason: string | null }
  | { kind: "ignored"; name: string };

export type ParsedWebhook = { ok: true; event: GatewayEvent } | { ok: false; problem: "signature" | "body" };

export interface PaymentProvider {
  readonly name: string;
  /** the public key id the browser checkout needs */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  refund(input: { providerPaymentId: string; amountPaise: number; receipt?: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
  /** the browser checkout's callback (the gateway's own fields): the ids it proves, or null when its signature does not match (never throws) */
  verifyCheckout(callback: Record<string, unknown>): CheckoutProof | null;
  /** a webhook: its signature over the exact body bytes (from the request's headers, names in lower case as Node gives them), then its event (never throws) */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ParsedWebhook;
}

/** The gateway refused or could not be reached; `status` is its HTTP status when it answered. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}
