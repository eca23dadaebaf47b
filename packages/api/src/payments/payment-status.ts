// The one place an order's payment status changes: the order row is locked, the change re-checked,
// its lines show the same word, and the change is recorded (who, when, from, to, why).
import type { Prisma } from "@store/db";
import type { PaymentStatus } from "@store/domain";
import type { AuthUser } from "../context.ts";
import { queueOrderMail, type MailSettings } from "../messaging/outbox.ts";
import type { MailInput } from "../messaging/messages.ts";
import { messageAmount, queueOrderMessage } from "../messaging/buyer-messages.ts";
import { StoreError } from "../platform/errors.ts";
import { couponFollowsPayment } from "../offers/coupon-uses.ts";

type Tx = Prisma.TransactionClient;

/** "admin 1", "customer 12": who did it, for the history. */
export const actorOf = (auth: AuthUser | null): string => (!auth ? "guest" : auth.role === "admin" ? `admin ${auth.adminId}` : `customer ${auth.customerId}`);

export async function recordPaymentEvent(tx: Tx, e: { productOrderId: string; actor: string; from: string; to: string; reason?: string | undefined }) {
  await tx.paymentEvent.create({
    data: { productOrderId: e.productOrderId, actor: e.actor, fromStatus: e.from, toStatus: e.to, reason: e.reason?.slice(0, 300) ?? null },
  });
}

/** The order's header, locked for this transaction (FOR UPDATE), or a 404. */
export async function lockOrder(tx: Tx, productOrderId: string) {
  const [locked] = await tx.$queryRaw<{ productOrderId: string }[]>`SELECT "productOrderId" FROM "Order" WHERE "productOrderId" = ${productOrderId} FOR UPDATE`;
  if (!locked) throw new StoreError(404, "NOT_FOUND", `Order ${productOrderId} was not found.`);
  return tx.order.findUniqueOrThrow({ where: { productOrderId } });
}

export interface PaymentMove {
  to: PaymentStatus;
  actor: string;
  reason?: string | undefined;
  /** other header fields changed with it (UTR, provider ids, note) */
  data?: Prisma.OrderUpdateInput;
  /** tell the customer by mail (issue 16): Paid, Failed, or a rejected UTR back to Pending */
  tell?: MailSettings;
}

/** The customer's message for a payment change, if it is one they are told about (a payment received on WhatsApp too). */
async function tellCustomer(
  tx: Tx,
  mail: MailSettings,
  order: { productOrderId: string; paymentStatus: string; grandTotal: number; utr: string | null },
  move: PaymentMove,
) {
  const why = move.reason ?? "";
  await queueOrderMail(tx, { mail }, order.productOrderId, (o): MailInput | null => {
    if (move.to === "Paid") return { kind: "payment-confirmed", ...o, amountPaise: order.grandTotal };
    if (move.to === "Failed") return { kind: "payment-failed", ...o, amountPaise: order.grandTotal, reason: why };
    if (move.to === "Pending" && order.paymentStatus === "Awaiting verification" && order.utr)
      return { kind: "utr-rejected", ...o, utr: order.utr, reason: why };
    return null;
  });
  if (move.to === "Paid") {
    await queueOrderMessage(tx, { mail }, order.productOrderId, { kind: "payment_confirmed", values: { grandTotal: messageAmount(order.grandTotal) } });
  }
}

/** Sets the locked order's payment status, on its lines too, and records it. */
export async function setPaymentStatus(
  tx: Tx,
  order: { productOrderId: string; paymentStatus: string; grandTotal: number; utr: string | null },
  move: PaymentMove,
): Promise<void> {
  if (move.tell && move.to !== order.paymentStatus) await tellCustomer(tx, move.tell, order, move);
  await tx.order.update({ where: { productOrderId: order.productOrderId }, data: { ...move.data, paymentStatus: move.to } });
  if (move.to !== order.paymentStatus) {
    await tx.productOrder.updateMany({ where: { productOrderId: order.productOrderId }, data: { paymentStatus: move.to } });
  }
  await recordPaymentEvent(tx, { productOrderId: order.productOrderId, actor: move.actor, from: order.paymentStatus, to: move.to, reason: move.reason });
  // issue 26: a failed payment (gateway failure, expired UPI order) gives the coupon's use back
  await couponFollowsPayment(tx, order.productOrderId, order.paymentStatus, move.to);
}
