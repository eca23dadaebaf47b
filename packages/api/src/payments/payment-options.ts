// Which payment methods the store offers right now, with their fees: the checkout screen lists
// them and placing an order refuses one that is not offered.
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "@store/domain";
import type { Context, Services } from "../context.ts";
import { loadSettings, type Settings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";

export interface PaymentOption {
  method: PaymentMethod;
  label: string;
  offered: boolean;
  /** rupees added to the order when paying this way */
  fee: number;
  /** why it is not offered, for the shopper */
  unavailableReason: string | null;
}

function whyNotOffered(method: PaymentMethod, settings: Settings, services: Pick<Services, "paymentProvider">): string | null {
  if (method === "COD") return settings.codEnabled ? null : "Cash on delivery is not available at the moment. Please pay by UPI or online.";
  if (method === "UPI") return settings.upiVpa ? null : "UPI payment is not set up by the store yet. Please choose another way to pay.";
  return services.paymentProvider ? null : "Online payment is not set up by the store yet. Please choose another way to pay.";
}

export const paymentOptions = (settings: Settings, services: Pick<Services, "paymentProvider">): PaymentOption[] =>
  PAYMENT_METHODS.map((method) => {
    const unavailableReason = whyNotOffered(method, settings, services);
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method],
      offered: unavailableReason === null,
      fee: method === "COD" ? settings.codFee : 0,
      unavailableReason,
    };
  });

export function assertOffered(method: PaymentMethod, settings: Settings, services: Pick<Services, "paymentProvider">): void {
  const reason = whyNotOffered(method, settings, services);
  if (reason) throw new StoreError(400, "BAD_REQUEST", reason);
}

/** For the checkout screen. */
export const checkoutPaymentOptions = async (ctx: Pick<Context, "db" | "services">) => paymentOptions(await loadSettings(ctx.db), ctx.services);
