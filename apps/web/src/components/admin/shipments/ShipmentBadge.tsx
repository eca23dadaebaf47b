// A shipment's status as a badge, toned by what it asks of the store: a failed delivery or a parcel
// on its way back wants attention, a delivered one is done.
import type { ShipmentStatus } from "@store/domain";

const TONE: Partial<Record<ShipmentStatus, string>> = {
  Delivered: "ok",
  NDR: "warn",
  "RTO initiated": "warn",
  "RTO delivered": "danger",
  Cancelled: "danger",
};

export function ShipmentBadge({ status }: { status: ShipmentStatus }) {
  return <span className={`badge ${TONE[status] ?? ""}`}>{status}</span>;
}
