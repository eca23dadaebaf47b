// Paying through the gateway (Razorpay): its order is created for ours, the browser's checkout
// callback is verified by its signature, and the webhook is the gateway's own word on a payment.
import { createHash } from "node:crypto";
import type { Db } from "@store/db";
import { formatRupees, isPaidStatus, type PaymentMethod } from "@store/domain";
import type { Context, Services } from "../context.ts";
import { PaymentProviderError, type PaymentProvider } from "./gateway.ts";
import { lockOrder, setPaymentStatus, actorOf } from "./payment-status.ts";
import { ownOrder } from "../orders/order-view.ts";
import type { AuthedContext } from "../platform/context-guards.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";

const NOT_CONFIGURED = "Online payment is not set up by the store yet. Please choose another way to pay.";

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
    created = await provider(ctx.services).createOrder({ amountPaise: order.grandTotal, receipt: productOrderId, notes: { productOrderId } });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw gatewayDown(error);
    throw error;
  }
  await ctx.db.order.updateMany({ where: { productOrderId, providerOrderId: null }, data: { providerOrderId: created.id } });
  const kept = await ctx.db.order.findUniqueOrThrow({ where: { productOrderId }, select: { providerOrderId: true } });
  return kept.providerOrderId ?? created.id;
}

/** After an order is placed: an ONLINE one gets its gateway order now if the gateway answers (else on the next look). */
export async function afterPlacing(ctx: Pick<Context, "db" | "services">, productOrderId: string, method: PaymentMethod): Promise<void> {
  if (method !== "ONLINE") return;
  await ensureProviderOrder(ctx, productOrderId).catch(() => undefined);
}

export interface CheckoutCallback {
  productOrderId: string;
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The browser's checkout callback: Paid only when the signature proves the gateway sent it, for this order. */
export async function verifyGatewayPayment(ctx: AuthedContext, input: CheckoutCallback) {
  const gateway = provider(ctx.services);
  await ownOrder(ctx, input.productOrderId);
  const refused =
    "The payment could not be verified (its signature does not match). If money left your account, it will be matched by the store or returned by your bank.";
  await ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.productOrderId);
    if (order.paymentMethod !== "ONLINE") throw new StoreError(400, "BAD_REQUEST", `Order ${order.productOrderId} is not paid online.`);
    if (!order.providerOrderId || order.providerOrderId !== input.razorpay_order_id) throw new StoreError(400, "BAD_REQUEST", refused);
    const signed = gateway.verifyPaymentSignature({
      orderId: input.razorpay_order_id,
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
    });
    if (!signed) throw new StoreError(400, "BAD_REQUEST", refused);
    if (isPaidStatus(order.paymentStatus) || order.paymentStatus === "Refunded") return;
    await setPaymentStatus(tx, order, {
      to: "Paid",
      actor: actorOf(ctx.auth),
      reason: `checkout callback, payment ${input.razorpay_payment_id}`,
      data: { providerPaymentId: input.razorpay_payment_id, paymentNote: null },
      tell: ctx.services.mail,
    });
  }, STOCK_TX_OPTIONS);
  return { success: true, message: "Payment received. Thank you!" };
}

interface WebhookPayment {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  error_description?: unknown;
}

export interface WebhookResult {
  status: number;
  message: string;
}

/**
 * `POST /api/v1/payments/webhook/razorpay`: checked by `X-Razorpay-Signature` over the exact body
 * bytes. An event is handled once (its `X-Razorpay-Event-Id`, else the body's hash, is recorded in
 * the same transaction as its effect); out-of-order events never undo a payment.
 */
export async function handleGatewayWebhook(
  db: Db,
  services: Pick<Services, "paymentProvider" | "mail">,
  request: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<WebhookResult> {
  const gateway = services.paymentProvider;
  if (!gateway) return { status: 400, message: NOT_CONFIGURED };
  if (!gateway.verifyWebhookSignature(request.rawBody, request.signature)) return { status: 400, message: "The webhook signature does not match." };
  let event: { event?: unknown; payload?: { payment?: { entity?: WebhookPayment } } };
  try {
    event = JSON.parse(request.rawBody.toString("utf8")) as typeof event;
  } catch {
    return { status: 400, message: "The webhook body is not JSON." };
  }
  const payment = event.payload?.payment?.entity;
  const kind = event.event;
  if ((kind !== "payment.captured" && kind !== "payment.failed") || !payment || typeof payment.order_id !== "string") {
    return { status: 200, message: `Event ${String(kind)} ignored.` };
  }
  const eventId = (request.eventId?.trim() || createHash("sha256").update(request.rawBody).digest("hex")).slice(0, 120);
  return db.$transaction(async (tx) => {
    const seen = await tx.webhookEvent.createMany({ data: [{ eventId }], skipDuplicates: true });
    if (seen.count === 0) return { status: 200, message: "Event already handled." };
    const header = await tx.order.findUnique({ where: { providerOrderId: payment.order_id as string }, select: { productOrderId: true } });
    if (!header) return { status: 200, message: "No order of this store has that gateway order; ignored." };
    const order = await lockOrder(tx, header.productOrderId);
    const paymentId = typeof payment.id === "string" ? payment.id.slice(0, 60) : null;
    if (kind === "payment.failed") {
      if (order.paymentStatus !== "Pending") return { status: 200, message: `Payment is ${order.paymentStatus}; a failed attempt changes nothing.` };
      const why = typeof payment.error_description === "string" ? payment.error_description.slice(0, 200) : "the payment did not go through";
      await setPaymentStatus(tx, order, {
        to: "Failed",
        actor: "razorpay webhook",
        reason: why,
        data: { paymentNote: `Payment failed: ${why}. You can try again.` },
        tell: services.mail,
      });
      return { status: 200, message: "Payment marked Failed." };
    }
    if (isPaidStatus(order.paymentStatus) || order.paymentStatus === "Refunded") return { status: 200, message: "Already paid." };
    if (payment.amount !== order.grandTotal) {
      const flag = `Gateway captured ${typeof payment.amount === "number" ? formatRupees(payment.amount) : String(payment.amount)} (payment ${paymentId}) but the order total is ${formatRupees(order.grandTotal)}: check before dispatch.`;
      await tx.order.update({ where: { productOrderId: order.productOrderId }, data: { paymentFlag: flag.slice(0, 300) } });
      return { status: 200, message: "Amount does not match the order; flagged for the admin." };
    }
    await setPaymentStatus(tx, order, {
      to: "Paid",
      actor: "razorpay webhook",
      reason: `payment.captured ${paymentId}`,
      data: { providerPaymentId: paymentId, paymentNote: null },
      tell: services.mail,
    });
    return { status: 200, message: "Payment marked Paid." };
  }, STOCK_TX_OPTIONS);
}
