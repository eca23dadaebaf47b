// A payment as its payer sees it (GET /api/v1/payments/{productOrderId}) and the UPI flow: the
// customer pays to the shop's VPA, sends the UTR, and the admin confirms it against the bank.
import { toRupees, upiLink } from "@store/domain";
import type { Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { qrPng } from "./qr.ts";
import { loadSettings } from "../back-office/settings.ts";
import { actorOf, lockOrder, setPaymentStatus } from "./payment-status.ts";
import { ownOrder } from "../orders/order-view.ts";
import { orderReader } from "../guest/order-access.ts";
import { ensureProviderOrder } from "./gateway-payments.ts";
import type { AuthedContext } from "../platform/context-guards.ts";
import { putBackStock, STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { creditCancelledLine } from "../invoices/invoices.ts";
import { cancelHeldMail, queueOrderMail, type MailSettings } from "../messaging/outbox.ts";
import { messageAmount, queueOrderMessage } from "../messaging/buyer-messages.ts";
import { StoreError } from "../platform/errors.ts";

type Order = Awaited<ReturnType<typeof ownOrder>>;

export const upiQrPath = (productOrderId: string) => `/api/v1/payments/${encodeURIComponent(productOrderId)}/qr.png`;

async function upiLinkOf(ctx: Pick<Context, "db">, order: Order): Promise<string> {
  const settings = await loadSettings(ctx.db);
  if (!settings.upiVpa) throw new StoreError(400, "BAD_REQUEST", "UPI payment is not set up by the store yet. Please contact the store.");
  return upiLink({
    vpa: settings.upiVpa,
    payeeName: settings.upiPayeeName,
    amountPaise: order.grandTotal,
    reference: order.productOrderId,
    note: `Order ${order.productOrderId}`,
  });
}

/** For its customer, an admin, or the holder of its X-Order-Token. */
export async function paymentView(ctx: Context, productOrderId: string) {
  const order = await orderReader(ctx, productOrderId);
  const base = {
    productOrderId: order.productOrderId,
    method: order.paymentMethod,
    status: order.paymentStatus,
    amount: toRupees(order.grandTotal),
    note: order.paymentNote,
    utr: order.utr,
  };
  if (order.paymentMethod === "UPI") return { ...base, upiLink: await upiLinkOf(ctx, order), upiQr: upiQrPath(order.productOrderId) };
  if (order.paymentMethod === "ONLINE") {
    const unpaid = order.paymentStatus === "Pending" || order.paymentStatus === "Failed";
    const providerOrderId = unpaid ? await ensureProviderOrder(ctx, order.productOrderId) : order.providerOrderId;
    return { ...base, providerOrderId, keyId: ctx.services.paymentProvider?.keyId ?? null };
  }
  return base;
}

/** The PNG behind `upiQr`: the very upiLink string as a QR code. */
export async function upiQr(ctx: AuthedContext, productOrderId: string): Promise<Buffer> {
  const order = await ownOrder(ctx, productOrderId);
  if (order.paymentMethod !== "UPI") throw new StoreError(404, "NOT_FOUND", `Order ${productOrderId} is not paid by UPI.`);
  return qrPng(await upiLinkOf(ctx, order));
}

const notUpi = (id: string) => new StoreError(400, "BAD_REQUEST", `Order ${id} is not paid by UPI.`);

/** The customer paid by UPI and sends the 12-digit UTR: the admin then checks it against the bank. */
export async function submitUtr(ctx: Context, input: { productOrderId: string; utr: string }) {
  // its customer, or a guest with the order's X-Order-Token (issue 29); the admin checks UTRs, never sends them
  if (ctx.auth?.role === "admin") throw new StoreError(403, "FORBIDDEN", "The customer sends the UTR from the order page; an admin confirms or rejects it.");
  await orderReader(ctx, input.productOrderId);
  await ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.productOrderId);
    if (order.paymentMethod !== "UPI") throw notUpi(order.productOrderId);
    if (order.paymentStatus !== "Pending") {
      throw new StoreError(409, "CONFLICT", `This order's payment is ${order.paymentStatus}; a UTR can be sent only while it is Pending.`);
    }
    const usedBy = await tx.order.findUnique({ where: { utr: input.utr }, select: { productOrderId: true } });
    if (usedBy) throw new StoreError(409, "CONFLICT", "This UTR was already sent for another order. Please check the number in your UPI app.");
    await setPaymentStatus(tx, order, {
      to: "Awaiting verification",
      actor: actorOf(ctx.auth),
      reason: `UTR ${input.utr}`,
      data: { utr: input.utr, paymentNote: null },
    });
  }, STOCK_TX_OPTIONS);
  return { success: true, message: "Thank you! We will confirm your payment once it reaches our bank account (usually within a few hours)." };
}

type Tx = Prisma.TransactionClient;

async function decideUtr(
  ctx: AuthedContext,
  productOrderId: string,
  decision: { to: "Paid" | "Pending"; reason: string; data: Prisma.OrderUpdateInput; tell?: MailSettings },
  andThen?: (tx: Tx, order: Awaited<ReturnType<typeof lockOrder>>) => Promise<void>,
) {
  await ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, productOrderId);
    if (order.paymentStatus !== "Awaiting verification") {
      throw new StoreError(409, "CONFLICT", `Order ${productOrderId}'s payment is ${order.paymentStatus}, not Awaiting verification.`);
    }
    await setPaymentStatus(tx, order, { to: decision.to, actor: actorOf(ctx.auth), reason: decision.reason, data: decision.data, tell: decision.tell });
    await andThen?.(tx, order);
  }, STOCK_TX_OPTIONS);
}

/** How long the owner may take a UPI confirmation back (issue 24); its mail to the customer waits as long. */
export const CONFIRM_UNDO_MINUTES = 10;
const UNDO_MS = CONFIRM_UNDO_MINUTES * 60_000;
/** Until when a confirmation made at `confirmedAt` may be undone (and its mail waits). */
export const confirmationUndoUntil = (confirmedAt: Date) => new Date(confirmedAt.getTime() + UNDO_MS);
const confirmationMail = (productOrderId: string) => `payment-confirmed:${productOrderId}`;
const istTime = (at: Date) => at.toLocaleTimeString("en-IN", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit" });

/** The UTR is in the bank statement: Paid. The customer's mail (and WhatsApp message) waits out the undo window in the outbox. */
export async function confirmUtr(ctx: AuthedContext, input: { productOrderId: string }) {
  const at = new Date();
  const undoUntil = confirmationUndoUntil(at);
  await decideUtr(
    ctx,
    input.productOrderId,
    { to: "Paid", reason: "UTR found in the bank statement", data: { paymentNote: null, utrConfirmedAt: at } },
    async (tx, order) => {
      const held = { notBefore: undoUntil, undoKey: confirmationMail(order.productOrderId) };
      await queueOrderMail(tx, ctx.services, order.productOrderId, (o) => ({ kind: "payment-confirmed", ...o, amountPaise: order.grandTotal }), held);
      await queueOrderMessage(tx, ctx.services, order.productOrderId, {
        kind: "payment_confirmed",
        values: { grandTotal: messageAmount(order.grandTotal) },
        ...held,
      });
    },
  );
  return {
    success: true,
    message: `Payment of order ${input.productOrderId} confirmed. You can undo it until ${istTime(undoUntil)}; the customer is told after that.`,
    undoUntil,
  };
}

/**
 * A confirmation taken back within CONFIRM_UNDO_MINUTES: the payment is Awaiting verification again
 * and its held mail is cancelled, so the customer hears nothing. Later: 409 UNDO_EXPIRED.
 */
export async function undoConfirmation(ctx: AuthedContext, input: { productOrderId: string }) {
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.productOrderId);
    const id = order.productOrderId;
    if (order.paymentMethod !== "UPI" || order.paymentStatus !== "Paid" || !order.utrConfirmedAt) {
      throw new StoreError(409, "CONFLICT", `Order ${id}'s payment is ${order.paymentStatus}: only a confirmed UPI payment can be undone.`);
    }
    const expired = new StoreError(
      409,
      "UNDO_EXPIRED",
      `The payment of order ${id} was confirmed at ${istTime(order.utrConfirmedAt)}: a confirmation can be undone only within ${CONFIRM_UNDO_MINUTES} minutes, and the customer has been told.`,
    );
    if (now >= confirmationUndoUntil(order.utrConfirmedAt)) throw expired;
    if ((await tx.refund.count({ where: { productOrderId: id } })) > 0) {
      throw new StoreError(409, "CONFLICT", `Order ${id} already has a refund, so its payment can no longer be undone.`);
    }
    if (!(await cancelHeldMail(tx, confirmationMail(id), now))) throw expired;
    await setPaymentStatus(tx, order, { to: "Awaiting verification", actor: actorOf(ctx.auth), reason: "confirmation undone", data: { utrConfirmedAt: null } });
  }, STOCK_TX_OPTIONS);
  return {
    success: true,
    message: `Confirmation of order ${input.productOrderId} undone: its payment is Awaiting verification again, and the customer was not told.`,
  };
}

/** Back to Pending with the reason shown to the customer; the UTR is freed so the right one can be sent. */
export async function rejectUtr(ctx: AuthedContext, input: { productOrderId: string; reason: string }) {
  await decideUtr(ctx, input.productOrderId, {
    to: "Pending",
    reason: input.reason,
    data: { paymentNote: `UTR not accepted: ${input.reason}`, utr: null },
    tell: ctx.services.mail,
  });
  return { success: true, message: `Payment of order ${input.productOrderId} sent back to the customer.` };
}

/** The admin's Payments screen: UPI payments waiting for a look at the bank statement, oldest first. */
export async function paymentsAwaitingVerification(ctx: Context) {
  const orders = await ctx.db.order.findMany({ where: { paymentStatus: "Awaiting verification" }, orderBy: { updatedAt: "asc" }, take: 500 });
  return orders.map((o) => ({
    productOrderId: o.productOrderId,
    customerId: o.customerId,
    customerName: o.customerName,
    method: o.paymentMethod,
    amount: toRupees(o.grandTotal),
    utr: o.utr,
    placedAt: o.createdAt,
    sentAt: o.updatedAt,
  }));
}

/**
 * Unpaid UPI orders past their `expiresAt` are cancelled and their stock returned. Each order is
 * taken with SKIP LOCKED, so several server instances sweeping at once never cancel one twice.
 */
export async function expireUnpaidUpiOrders(db: Context["db"], mail: MailSettings, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      const [next] = await tx.$queryRaw<{ productOrderId: string }[]>`
        SELECT "productOrderId" FROM "Order"
        WHERE "paymentMethod" = 'UPI' AND "paymentStatus" = 'Pending' AND "expiresAt" < ${now}::timestamp(3)
        ORDER BY "expiresAt" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!next) return true;
      const order = await tx.order.findUniqueOrThrow({ where: { productOrderId: next.productOrderId } });
      const open = await tx.productOrder.findMany({ where: { productOrderId: order.productOrderId, orderStatus: { notIn: ["Completed", "Cancelled"] } } });
      const settings = await loadSettings(tx);
      // the packs first, in variantId order (as a checkout takes them), then the lines' documents
      await putBackStock(tx, open);
      for (const line of open) {
        await tx.productOrder.update({ where: { orderId: line.orderId }, data: { orderStatus: "Cancelled", endDate: now } });
        await creditCancelledLine(tx, order.productOrderId, line.orderId, "UPI payment not received in time", settings, now);
      }
      await setPaymentStatus(tx, order, {
        to: "Failed",
        actor: "system",
        reason: "UPI payment not received in time; order cancelled",
        data: { paymentNote: "The UPI payment was not received in time, so the order was cancelled.", expiresAt: null },
        tell: mail,
      });
      expired++;
      return false;
    }, STOCK_TX_OPTIONS);
    if (done) return expired;
  }
}
