// A shipment's status and the order it moves in (issue 28, contracts/shipments.md), what each status
// does to the order's lines, and the couriers' words for them. Server (applying courier events,
// admin steps) and browser (the tracker, the Ship dialog) read the rule here.
import type { OrderStatus } from "./statuses.ts";

export const SHIPMENT_STATUSES = [
  "Created",
  "Picked up",
  "In transit",
  "Out for delivery",
  "Delivered",
  "NDR",
  "RTO initiated",
  "RTO delivered",
  "Cancelled",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const isShipmentStatus = (value: string): value is ShipmentStatus => (SHIPMENT_STATUSES as readonly string[]).includes(value);

/** Nothing follows these. */
export const FINAL_SHIPMENT_STATUSES = ["Delivered", "RTO delivered", "Cancelled"] as const satisfies readonly ShipmentStatus[];
export const isFinalShipmentStatus = (status: string): boolean => (FINAL_SHIPMENT_STATUSES as readonly string[]).includes(status);

/** The couriers the store can hand a box to: `manual` (the owner types the AWB) and the adapters. */
export const COURIERS = ["manual", "shiprocket"] as const;
export type Courier = (typeof COURIERS)[number];

/**
 * How far along the road a status is. A move must not go to a lower rank; NDR sits beside "Out for
 * delivery" (a failed attempt), so a re-attempt goes back to "Out for delivery" and a new failure
 * to NDR again; the return leg ranks above every forward step but Delivered.
 */
const RANK: Record<ShipmentStatus, number> = {
  Created: 0,
  "Picked up": 1,
  "In transit": 2,
  "Out for delivery": 3,
  NDR: 3,
  "RTO initiated": 4,
  "RTO delivered": 5,
  Delivered: 5,
  Cancelled: 5,
};

export type ShipmentMoveCheck = { ok: true } | { ok: false; reason: string };

/** Whether a shipment at `from` may move to `to` (a courier event or an admin's step). */
export function checkShipmentMove(from: ShipmentStatus, to: ShipmentStatus): ShipmentMoveCheck {
  if (from === to) return { ok: false, reason: `is already ${from}` };
  if (isFinalShipmentStatus(from)) return { ok: false, reason: `is ${from} and can no longer change` };
  if (to === "Cancelled") {
    return from === "Created" ? { ok: true } : { ok: false, reason: `was picked up by the courier (${from}) and can no longer be cancelled` };
  }
  // the return leg: once a parcel is on its way back, it can only arrive back
  if (from === "RTO initiated")
    return to === "RTO delivered" ? { ok: true } : { ok: false, reason: `is on its way back to the seller and cannot move to ${to}` };
  // a parcel goes back to the seller only after it left
  if ((to === "RTO initiated" || to === "RTO delivered") && from === "Created")
    return { ok: false, reason: `was never picked up, so it cannot be returned (${to})` };
  // a failed attempt and the next attempt follow each other as often as the courier tries
  const attemptLoop = (from === "NDR" && to === "Out for delivery") || (from === "Out for delivery" && to === "NDR");
  if (!attemptLoop && RANK[to] <= RANK[from]) return { ok: false, reason: `cannot go back from ${from} to ${to}` };
  return { ok: true };
}

/** The statuses an admin may record next on a shipment at `from`. */
export function nextShipmentStatuses(from: ShipmentStatus): ShipmentStatus[] {
  return SHIPMENT_STATUSES.filter((to) => checkShipmentMove(from, to).ok);
}

/**
 * The order-line status a shipment status leads to (the spec's words and their side effects), or
 * null when it leaves the lines alone. "Out for delivery" is the tracker's fourth step, "Ready for
 * pickup"; "RTO delivered" cancels the lines ("Returned to origin": stock back, credit note, refund
 * of a prepaid order).
 */
export function lineStatusOf(status: ShipmentStatus): OrderStatus | null {
  switch (status) {
    case "Picked up":
    case "In transit":
      return "On the way";
    case "Out for delivery":
      return "Ready for pickup";
    case "Delivered":
      return "Completed";
    case "RTO delivered":
      return "Cancelled";
    default:
      return null;
  }
}

/** The reason a line cancelled by a return to origin carries (credit note, refund, messages). */
export const RTO_REASON = "Returned to origin";

/** Statuses the buyer gets a message for. */
export const MESSAGED_SHIPMENT_STATUSES = ["Picked up", "Out for delivery", "NDR", "Delivered"] as const satisfies readonly ShipmentStatus[];

/**
 * The spec's four tracker steps (Order confirmed, Dispatched, On the way, Ready for pickup), driven
 * by the shipment: Dispatched once the box is made, On the way once the courier has it, the last
 * step once it is out for delivery (or delivered).
 */
export function trackerSteps(status: ShipmentStatus | null): {
  confirmed: boolean;
  dispatched: boolean;
  onTheWay: boolean;
  outForDelivery: boolean;
  delivered: boolean;
} {
  const rank = status === null || status === "Cancelled" ? -1 : RANK[status];
  return {
    confirmed: true,
    dispatched: rank >= 0,
    onTheWay: rank >= 1,
    outForDelivery: rank >= 3 && status !== "RTO initiated" && status !== "RTO delivered",
    delivered: status === "Delivered",
  };
}

/**
 * Shiprocket's tracking words (its shipment status list and the `current_status` of its webhooks,
 * upper-cased) to the store's statuses. A word not here is kept as an event that changes nothing.
 */
export const SHIPROCKET_STATUS_MAP: Readonly<Record<string, ShipmentStatus>> = {
  "AWB ASSIGNED": "Created",
  "LABEL GENERATED": "Created",
  "PICKUP SCHEDULED": "Created",
  "PICKUP GENERATED": "Created",
  "PICKUP QUEUED": "Created",
  "OUT FOR PICKUP": "Created",
  "PICKED UP": "Picked up",
  SHIPPED: "In transit",
  "IN TRANSIT": "In transit",
  "REACHED AT DESTINATION HUB": "In transit",
  "REACHED DESTINATION HUB": "In transit",
  MISROUTED: "In transit",
  "OUT FOR DELIVERY": "Out for delivery",
  DELIVERED: "Delivered",
  UNDELIVERED: "NDR",
  "DELIVERY DELAYED": "NDR",
  "RTO INITIATED": "RTO initiated",
  "RTO IN TRANSIT": "RTO initiated",
  "RTO OFD": "RTO initiated",
  "RTO NDR": "RTO initiated",
  "RTO DELIVERED": "RTO delivered",
  CANCELED: "Cancelled",
  CANCELLED: "Cancelled",
};

/** Shiprocket's numeric `current_status_id` / `shipment_status` codes, for bodies that carry only the number. */
export const SHIPROCKET_STATUS_ID_MAP: Readonly<Record<number, ShipmentStatus>> = {
  6: "In transit",
  7: "Delivered",
  8: "Cancelled",
  9: "RTO initiated",
  10: "RTO delivered",
  17: "Out for delivery",
  18: "In transit",
  19: "Created",
  20: "Created",
  21: "NDR",
  42: "Picked up",
};

/** A courier's word (and code) for a status, as the store's status, or null when the table does not know it. */
export function mapCourierStatus(courier: Courier, word: string | null | undefined, code?: number | null): ShipmentStatus | null {
  if (courier === "manual") return word && isShipmentStatus(word) ? word : null;
  const byWord = word ? SHIPROCKET_STATUS_MAP[word.trim().toUpperCase().replace(/\s+/g, " ")] : undefined;
  if (byWord) return byWord;
  return code !== null && code !== undefined ? (SHIPROCKET_STATUS_ID_MAP[code] ?? null) : null;
}
