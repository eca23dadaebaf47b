// A shipment's events as the order view shows them (issue 28): newest first, each with its time in
// India, the status (or the courier's own word when the store's table does not know it), where, the
// remark and who reported it.
import { isShipmentStatus } from "@store/domain";
import { ShipmentBadge } from "./ShipmentBadge";
import { formatIst, type ShipmentEvent } from "./shipmentText";

const SOURCE: Record<ShipmentEvent["source"], string> = { admin: "Recorded by the store", courier: "Courier scan", webhook: "Courier update" };

export function ShipmentTimeline({ events, awb }: { events: ShipmentEvent[]; awb: string }) {
  if (events.length === 0) return <p className="hint">No events yet.</p>;
  return (
    <ol className="shipment-timeline" aria-label={`Events of shipment ${awb}, newest first`}>
      {events.map((e, i) => (
        <li key={`${e.at}-${e.status}-${i}`} data-event-status={e.status}>
          <time dateTime={e.at}>{formatIst(e.at)}</time>
          <span>
            {e.mapped && isShipmentStatus(e.status) ? (
              <ShipmentBadge status={e.status} />
            ) : (
              <span title="The courier's word; it did not change the status">{e.status}</span>
            )}
            {e.location && <span className="event-where"> · {e.location}</span>}
          </span>
          {e.remark && <span className="event-remark">{e.remark}</span>}
          <span className="hint">{SOURCE[e.source]}</span>
        </li>
      ))}
    </ol>
  );
}
