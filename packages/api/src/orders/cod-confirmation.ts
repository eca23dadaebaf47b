// COD confirmation (issue 29, contracts/otp-and-sms.md "COD confirmation"): with Setting codConfirmation
// "otp" a new cash-on-delivery order waits, Pending, for the buyer's SMS code (or an admin's word after
// a phone call) before it may be shipped; the job cod-confirm-expiry cancels it when nobody confirms.
import type { Db, Prisma } from "@store/db";
import type { CodConfirmInput, CodConfirmationState } from "@store/validators";
import type { Context, Services } from "../context.ts";
import type { Settings } from "../back-office/settings.ts";
import { consumeOtp, issueOtp } from "../accounts/otp/otp.ts";
import { orderReader } from "../guest/order-access.ts";
import { lockOrder } from "../payments/payment-status.ts";
import { StoreError } from "../platform/errors.ts";

type Tx = Prisma.TransactionClient;
type Reader = Tx | Db;

export const COD_CONFIRMATION = { pending: "Pending", confirmed: "Confirmed", expired: "Expired" } as const;
export type CodConfirmation = (typeof COD_CONFIRMATION)[keyof typeof COD_CONFIRMATION];

export interface PlacedCodOrder {
  productOrderId: string;
  paymentMethod: string;
  /** the buyer's 10-digit phone snapshot on the order */
  phone: string | null;
  /** paise */
  grandTotal: number;
}

/**
 * Right after placing, in the checkout's transaction: a COD order under codConfirmation "otp" becomes
 * Pending until now + codConfirmHours and its buyer is sent a code (otp.ts queues the cod_confirm SMS).
 * Anything else is left as it was (codConfirmation null).
 */
export async function startCodConfirmation(
  tx: Tx,
  services: Services,
  order: PlacedCodOrder,
  settings: Pick<Settings, "codConfirmation" | "codConfirmHours">,
): Promise<void> {
  if (order.paymentMethod !== "COD" || settings.codConfirmation !== "otp") return;
  // every checkout snapshots the buyer's phone; an order without one has nobody to send a code to (or call)
  if (!order.phone) return;
  const codConfirmBy = new Date(Date.now() + settings.codConfirmHours * 3_600_000);
  await tx.order.update({ where: { productOrderId: order.productOrderId }, data: { codConfirmation: COD_CONFIRMATION.pending, codConfirmBy } });
  await issueOtp(tx, services, { phone: order.phone, purpose: "COD_CONFIRM", productOrderId: order.productOrderId, clientIp: "checkout" });
}

/** Why a COD order cannot be confirmed now, or null when it is Pending. */
export function whyNotConfirmable(order: { productOrderId: string; paymentMethod: string; codConfirmation: string | null }): StoreError | null {
  const id = order.productOrderId;
  if (order.paymentMethod !== "COD" || order.codConfirmation === null) {
    return new StoreError(409, "COD_NOT_PENDING", `Order ${id} does not need a cash-on-delivery confirmation.`);
  }
  if (order.codConfirmation === COD_CONFIRMATION.confirmed) return new StoreError(409, "COD_ALREADY_CONFIRMED", `Order ${id} is already confirmed.`);
  if (order.codConfirmation === COD_CONFIRMATION.expired) {
    return new StoreError(409, "COD_CONFIRM_EXPIRED", `Order ${id} was not confirmed in time and has been cancelled. Please place it again.`);
  }
  return null;
}

/** A Pending order whose lines are not all cancelled (the back office may have cancelled it meanwhile), else the 409. */
async function assertConfirmable(db: Reader, order: { productOrderId: string; paymentMethod: string; codConfirmation: string | null }): Promise<void> {
  const refusal = whyNotConfirmable(order);
  if (refusal) throw refusal;
  const { productOrderId } = order;
  const open = await db.productOrder.count({ where: { productOrderId, orderStatus: { not: "Cancelled" } } });
  if (open === 0) throw new StoreError(409, "COD_NOT_PENDING", `Order ${productOrderId} is cancelled, so there is nothing to confirm.`);
}

/**
 * Pending → Confirmed, behind the order's lock: by the buyer's code (`{ otp: true }`, the caller has
 * consumed it) or by an admin after a phone call (their name and note are kept). A cancelled order,
 * one already confirmed or expired, or one that never needed it → 409.
 */
export async function confirmCod(tx: Tx, productOrderId: string, by: { otp: true } | { adminName: string; note: string }): Promise<void> {
  await assertConfirmable(tx, await lockOrder(tx, productOrderId));
  await tx.order.update({
    where: { productOrderId },
    data: {
      codConfirmation: COD_CONFIRMATION.confirmed,
      codConfirmedAt: new Date(),
      codConfirmedBy: "otp" in by ? "otp" : by.adminName.slice(0, 60),
      codConfirmNote: "otp" in by ? null : by.note.slice(0, 300),
    },
  });
}

/** Shipping waits for the buyer's confirmation (contracts/shipments.md): a Pending or Expired COD order → 409 COD_NOT_CONFIRMED. */
export function assertCodConfirmed(order: { paymentMethod: string; codConfirmation: string | null }): void {
  if (order.paymentMethod !== "COD") return;
  if (order.codConfirmation === COD_CONFIRMATION.pending) {
    throw new StoreError(
      409,
      "COD_NOT_CONFIRMED",
      "This cash-on-delivery order is not confirmed yet: the buyer confirms it with the SMS code, or confirm it after a call.",
    );
  }
  if (order.codConfirmation === COD_CONFIRMATION.expired) {
    throw new StoreError(409, "COD_NOT_CONFIRMED", "This cash-on-delivery order was not confirmed in time and has been cancelled, so it cannot be shipped.");
  }
}

/**
 * POST /orders/{productOrderId}/cod-confirm. The buyer (its customer, or a guest with the order's
 * X-Order-Token) sends the code of the order's latest COD_CONFIRM request, checked by consumeOtp so the
 * same tries and expiry apply (a wrong try stays counted: it runs outside the confirming transaction).
 * An admin who confirmed with the buyer by phone sends byAdmin and a note. Anyone else: 404.
 */
export async function confirmCodRequest(ctx: Pick<Context, "db" | "services" | "auth" | "orderToken">, input: CodConfirmInput) {
  const { productOrderId } = input;
  const order = await orderReader(ctx, productOrderId);
  if (input.byAdmin === true) {
    if (ctx.auth?.role !== "admin")
      throw new StoreError(403, "FORBIDDEN", "Only the store's staff can confirm an order by hand. Please enter the code sent by SMS.");
    const adminId = ctx.auth.adminId;
    const admin = await ctx.db.admin.findUnique({ where: { adminId }, select: { name: true } });
    await ctx.db.$transaction((tx) => confirmCod(tx, productOrderId, { adminName: admin?.name ?? `admin ${adminId}`, note: input.note ?? "" }));
  } else {
    // refuse before the code is looked at, so a confirmation that cannot happen does not use up a try
    await assertConfirmable(ctx.db, order);
    const request = await ctx.db.otpRequest.findFirst({
      where: { productOrderId, purpose: "COD_CONFIRM" },
      orderBy: [{ createdAt: "desc" }, { requestId: "desc" }],
      select: { requestId: true },
    });
    if (!request) throw new StoreError(400, "OTP_INVALID", "No code was sent for this order. Please ask for a new one.");
    await consumeOtp(ctx.db, { requestId: request.requestId, code: input.code ?? "" }, ctx.services.otpSecret);
    await ctx.db.$transaction((tx) => confirmCod(tx, productOrderId, { otp: true }));
  }
  const done = await ctx.db.order.findUniqueOrThrow({
    where: { productOrderId },
    select: { codConfirmation: true, codConfirmedAt: true, codConfirmedBy: true },
  });
  return {
    success: true,
    message: `Order ${productOrderId} is confirmed: it will be packed and sent.`,
    productOrderId,
    codConfirmation: done.codConfirmation as CodConfirmationState,
    codConfirmedAt: done.codConfirmedAt,
    codConfirmedBy: done.codConfirmedBy,
  };
}
