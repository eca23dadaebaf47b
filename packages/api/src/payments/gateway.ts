// What the store needs from a card/UPI payment gateway; razorpay.ts is the one adapter.

export interface ProviderOrder {
  id: string;
  /** paise */
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  /** paise */
  amount: number;
  status: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** the public key id the browser checkout needs */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  refund(input: { paymentId: string; amountPaise: number; receipt?: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
  /** the checkout callback's signature over `orderId|paymentId` (never throws) */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** a webhook's signature over the exact body bytes (never throws) */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined): boolean;
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
