// Paying through the gateway (the port: gateway.ts): its order is created for ours and the
// browser's checkout callback is verified by its signature (the webhook: gateway-webhook.ts). Only
// the port's neutral words here; the wire format is the adapter's.
import { isPaidStatus, type PaymentMethod } from "@store/domain";
import type { Context, Services } from "../context.ts";
import { PaymentProviderError, type PaymentProvider } from "./gateway.ts";
import { lockOrder, setPaymentStatus, actorOf } from "./payment-status.ts";
import { orderReader } from "../guest/order-access.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";

export const NOT_CONFIGURED = "Online payment is not set up by the store yet. Please choose another way to pay.";

function provider(services: Pick<Services, "paymentProvider">): PaymentProvider {
  if (!services.paymentProvider) throw new StoreError(400, "BAD_REQUEST", NOT_CONFIGURED);
  return services.paymentProvider;
}

const gatewayDown = (error: unknown) =>
  new StoreError(503, "SERVICE_UNAVAILABLE", "The payment gateway could not be reached. Your order is saved: please try paying again in a minute.", {
    cause: error,
  });

/**
 * The gateway's order for ours, created once: at order time, or on the next look at the payment
 * when the gateway could not be reached then. Two lookers at once may both create one; only the
 * first is kept (the other is never paid: the browser only ever gets the kept one).
 */
export async function ensureProviderOrder(ctx: Pick<Context, "db" | "services">, productOrderId: string): Promise<string> {
  const order = await ctx.db.order.findUniqueOrThrow({ where: { productOrderId }, select: { providerOrderId: true, grandTotal: true } });
  if (order.providerOrderId) return order.providerOrderId;
  let created;
  try {
    created = (await provider(ctx.services).createOrder({ amountPaise: order.grandTotal, receipt: productOrderId, notes: { productOrderId } })).providerOrderId;
  } catch (error) {
    if (error instanceof PaymentProviderError) throw gatewayDown(error);
    throw error;
  }
  await ctx.db.order.updateMany({ where: { productOrderId, providerOrderId: null }, data: { providerOrderId: created } });
  const kept = await ctx.db.order.findUniqueOrThrow({ where: { productOrderId }, select: { providerOrderId: true } });
  return kept.providerOrderId ?? created;
}

/** After an order is placed: an ONLINE one gets its gateway order now if the gateway answers (else on the next look). */
export async function afterPlacing(ctx: Pick<Context, "db" | "services">, productOrderId: string, method: PaymentMethod): Promise<void> {
  if (method !== "ONLINE") return;
  await ensureProviderOrder(ctx, productOrderId).catch(() => undefined);
}

/** The browser's checkout callback (the gateway's own fields): Paid only when its signature proves the gateway sent it, for this order. */
export async function verifyGatewayPayment(ctx: Context, input: { productOrderId: string; callback: Record<string, unknown> }) {
  const gateway = provider(ctx.services);
  // its customer, an admin, or a guest with the order's X-Order-Token (issue 29)
  await orderReader(ctx, input.productOrderId);
  const refused =
    "The payment could not be verified (its signature does not match). If money left your account, it will be matched by the store or returned by your bank.";
  await ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.productOrderId);
    if (order.paymentMethod !== "ONLINE") throw new StoreError(400, "BAD_REQUEST", `Order ${order.productOrderId} is not paid online.`);
    const proof = gateway.verifyCheckout(input.callback);
    if (!proof || !order.providerOrderId || order.providerOrderId !== proof.providerOrderId) throw new StoreError(400, "BAD_REQUEST", refused);
    if (isPaidStatus(order.paymentStatus) || order.paymentStatus === "Refunded") return;
    await setPaymentStatus(tx, order, {
      to: "Paid",
      actor: actorOf(ctx.auth),
      reason: `checkout callback, payment ${proof.providerPaymentId}`,
      data: { providerPaymentId: proof.providerPaymentId, paymentNote: null },
      tell: ctx.services.mail,
    });
  }, STOCK_TX_OPTIONS);
  return { success: true, message: "Payment received. Thank you!" };
}
