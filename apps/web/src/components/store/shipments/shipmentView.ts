// The buyer's shipment as the API answers it (issue 28), the words the customer's screens use for
// its statuses, and its times in India. Shared by the order page, the tracker, My Orders and /track.
import type { ShipmentStatus } from "@store/domain";
import type { RouterOutputs } from "../../../lib/trpc";

export type OrderShipment = RouterOutputs["shipments"]["forOrder"]["shipments"][number];
export type ShipmentEvent = OrderShipment["events"][number];
/** What the order page and the public tracking page both show of a parcel. */
export type TrackedParcel = Pick<OrderShipment, "courierName" | "awb" | "trackingUrl" | "status" | "expectedDeliveryDate" | "events">;

/** The statuses in a shopper's words (the contract's names are the owner's). */
export const STATUS_WORDS: Record<ShipmentStatus, string> = {
  Created: "Packed, waiting for the courier",
  "Picked up": "Picked up by the courier",
  "In transit": "In transit",
  "Out for delivery": "Out for delivery",
  Delivered: "Delivered",
  NDR: "Delivery attempt failed",
  "RTO initiated": "Returning to the seller",
  "RTO delivered": "Returned to the seller",
  Cancelled: "Shipment cancelled",
};

/** An event's status in the shopper's words; a courier's own word (not mapped) as it came. */
export const eventWord = (event: Pick<ShipmentEvent, "status" | "mapped">): string =>
  event.mapped && event.status in STATUS_WORDS ? STATUS_WORDS[event.status as ShipmentStatus] : event.status;

export function statusTone(status: ShipmentStatus): "ok" | "warn" | "danger" {
  if (status === "Delivered") return "ok";
  return status === "NDR" || status.startsWith("RTO") || status === "Cancelled" ? "danger" : "warn";
}

/** A cancelled shipment's lines wait for another box: the shopper follows the others only. */
export const liveShipments = <S extends { status: ShipmentStatus }>(shipments: readonly S[]): S[] => shipments.filter((s) => s.status !== "Cancelled");

const istDateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** "26 Nov, 9:41 am IST": a courier scan's time, in India whatever the phone's zone. */
export const formatIst = (iso: string) => `${istDateTime.format(new Date(iso))} IST`;

/** A calendar day (YYYY-MM-DD, India) as "Sat, 28 Nov": the courier's date, not an instant. */
export { formatDeliverBy as formatDay } from "../../delivery/deliveryText";
