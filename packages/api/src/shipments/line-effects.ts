// What a shipment's new status does beyond the box (contracts/shipments.md "What each status does to
// the order lines"): the lines in the box move to the status it leads to (@store/domain lineStatusOf),
// with the per-line side effects of order-status.ts moveLine (stock, credit note, refund, cash
// collected), and the buyer hears of the steps they care about. Both run inside the transaction that
// locked the order's header and the shipment.
import {
  checkStatusChange,
  courierTrackingPage,
  effectsOf,
  lineStatusOf,
  MESSAGED_SHIPMENT_STATUSES,
  RETURN_WINDOW_DAYS,
  RTO_REASON,
  storeTrackingPage,
  type MessageTemplateKind,
  type ShipmentStatus,
  type WhatsAppKind,
} from "@store/domain";
import type { Prisma } from "@store/db";
import type { Services } from "../context.ts";
import type { lockOrder } from "../payments/payment-status.ts";
import type { RoleAwareContext } from "../payments/money-owner.ts";
import { putBackStock } from "../catalogue/stock.ts";
import { guestOrderUrl, queueOrderMail } from "../messaging/outbox.ts";
import { messageDate, queueOrderMessage } from "../messaging/buyer-messages.ts";
import { moveLine } from "../orders/order-status.ts";

type Tx = Prisma.TransactionClient;
type Header = Awaited<ReturnType<typeof lockOrder>>;

export interface LineEffects {
  /** the order's header as it is after the moves (a COD order may have become Paid) */
  header: Header;
  restocked: boolean;
  /** refunds made by the moves, sent after the transaction (refund-actions.ts sendNewRefund) */
  refundIds: number[];
}

/**
 * The box's lines to the status `status` leads to. A line already there, or one that can no longer
 * move (Completed, Cancelled), is left alone. The buyer is told by the shipment's own message, so
 * moveLine does not mail. `actor` names who moved them in the payment history ("shiprocket webhook").
 */
export async function moveBoxLines(
  ctx: RoleAwareContext,
  tx: Tx,
  header: Header,
  shipmentId: number,
  status: ShipmentStatus,
  actor: string,
): Promise<LineEffects> {
  const next = lineStatusOf(status);
  if (!next) return { header, restocked: false, refundIds: [] };
  const lines = await tx.productOrder.findMany({ where: { shipmentId, productOrderId: header.productOrderId }, orderBy: { orderId: "asc" } });
  const moving = lines.filter((l) => l.orderStatus !== next && checkStatusChange(l.orderStatus, next).ok);
  let restocked = false;
  const refundIds: number[] = [];
  // the units of every line go back at once, packs then products, as a whole order's cancel does
  const stockPutBack = effectsOf(next).restock && moving.length > 0;
  if (stockPutBack) await putBackStock(tx, moving);
  for (const line of moving) {
    const moved = await moveLine(ctx, tx, header, line, next, { tell: false, stockPutBack, reason: RTO_REASON, actor });
    header = moved.header;
    restocked ||= moved.restocked;
    if (moved.refundId !== null) refundIds.push(moved.refundId);
  }
  return { header, restocked, refundIds };
}

/** Whether the buyer gets a message when the parcel reaches `status`. */
export const isMessaged = (status: ShipmentStatus): status is (typeof MESSAGED_SHIPMENT_STATUSES)[number] =>
  (MESSAGED_SHIPMENT_STATUSES as readonly string[]).includes(status);

/** Where the buyer follows the parcel: the courier's link, its public page, or the store's tracking page. */
export function trackingLink(mail: Services["mail"], shipment: { trackingUrl: string | null; courierName: string; awb: string }): string {
  return shipment.trackingUrl ?? courierTrackingPage(shipment.courierName, shipment.awb) ?? storeTrackingPage(mail.publicUrl, shipment.awb);
}

/** The SMS kind (issue 29) and WhatsApp kind (issue 30) of each status the buyer hears about: the same words. */
const MESSAGE_KIND_OF: Record<(typeof MESSAGED_SHIPMENT_STATUSES)[number], MessageTemplateKind & WhatsAppKind> = {
  "Picked up": "shipped",
  "Out for delivery": "out_for_delivery",
  Delivered: "delivered",
  NDR: "ndr",
};

function smsVariables(kind: MessageTemplateKind, v: { productOrderId: string; awb: string; trackingUrl: string; reattemptUrl: string }): string[] {
  if (kind === "shipped") return [v.productOrderId, v.awb, v.trackingUrl];
  if (kind === "out_for_delivery") return [v.productOrderId, v.awb];
  if (kind === "ndr") return [v.productOrderId, v.reattemptUrl];
  return [v.productOrderId];
}

/**
 * The buyer's message for a status they hear about (Picked up with the AWB, Out for delivery, NDR
 * with the re-attempt link, Delivered with the return window); other statuses send nothing. Beside
 * the mail, a WhatsApp message when the buyer opted in (buyer-messages.ts), else an SMS to the order's
 * phone (skipped in the outbox while its kind has no DLT template).
 */
export async function queueShipmentMail(
  tx: Tx,
  services: Pick<Services, "mail">,
  header: { productOrderId: string; customerId: number; phone?: string | null },
  shipment: { awb: string; courierName: string; trackingUrl: string | null; ndrReason: string | null; expectedDeliveryDate?: Date | null },
  status: ShipmentStatus,
): Promise<void> {
  if (!isMessaged(status)) return;
  const { mail } = services;
  // the order page shows the re-attempt form under its delivery section
  // a guest (customerId 0) follows the order on the guest order page
  const reattemptUrl =
    header.customerId > 0
      ? `${mail.publicUrl}/myOrder/${header.customerId}/${encodeURIComponent(header.productOrderId)}#delivery`
      : `${guestOrderUrl(mail, header.productOrderId)}#delivery`;
  const trackingUrl = trackingLink(mail, shipment);
  await queueOrderMail(tx, services, header.productOrderId, (o) => ({
    kind: "shipment-update",
    ...o,
    status,
    awb: shipment.awb,
    courierName: shipment.courierName,
    trackingUrl,
    ...(status === "NDR" ? { reason: shipment.ndrReason, reattemptUrl } : {}),
    ...(status === "Delivered" ? { returnDays: RETURN_WINDOW_DAYS } : {}),
  }));
  const kind = MESSAGE_KIND_OF[status];
  const deliverBy = kind === "shipped" ? await expectedBy(tx, header.productOrderId, shipment) : null;
  await queueOrderMessage(tx, services, header.productOrderId, {
    kind,
    values: {
      awb: shipment.awb,
      courierName: shipment.courierName,
      trackingUrl: kind === "ndr" ? reattemptUrl : trackingUrl,
      ...(deliverBy ? { deliverBy: messageDate(deliverBy) } : {}),
    },
    // as before issue 30: the SMS goes to the phone on the order, and only when it has one
    ...(header.phone
      ? {
          sms: {
            kind,
            phone: header.phone,
            variables: smsVariables(kind, { productOrderId: header.productOrderId, awb: shipment.awb, trackingUrl, reattemptUrl }),
          },
        }
      : {}),
  });
}

/** When the parcel should arrive: the courier's date, else the lines' promised delivery date. */
async function expectedBy(tx: Tx, productOrderId: string, shipment: { expectedDeliveryDate?: Date | null }): Promise<Date | null> {
  if (shipment.expectedDeliveryDate) return shipment.expectedDeliveryDate;
  const line = await tx.productOrder.findFirst({ where: { productOrderId }, orderBy: { orderId: "asc" }, select: { deliveryDate: true } });
  return line?.deliveryDate ?? null;
}
