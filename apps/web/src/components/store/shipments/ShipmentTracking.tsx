// One parcel as the shopper follows it (issue 28): the courier, the AWB with the courier's own
// tracking page, the expected day and the courier's scans, newest first, in India time. The order
// page, the order tracker and the public /track page show it.
import { isFinalShipmentStatus } from "@store/domain";
import { formatDay, formatIst, eventWord, STATUS_WORDS, statusTone, type TrackedParcel } from "./shipmentView";
import "./shipments.css";

export function ShipmentTracking({ parcel, heading: Heading = "h3", title }: { parcel: TrackedParcel; heading?: "h2" | "h3"; title?: string }) {
  // a parcel on its way back, or that arrived, expects no delivery
  const arriving = parcel.expectedDeliveryDate && !isFinalShipmentStatus(parcel.status) && parcel.status !== "RTO initiated";
  return (
    <div className="parcel">
      <div className="parcel-head">
        <Heading className="parcel-title">{title ?? `Shipped with ${parcel.courierName}`}</Heading>
        <span className={`badge ${statusTone(parcel.status)}`} data-testid="shipment-status">
          {STATUS_WORDS[parcel.status]}
        </span>
      </div>
      <dl className="parcel-facts">
        <div>
          <dt>Courier</dt>
          <dd>{parcel.courierName}</dd>
        </div>
        <div>
          <dt>AWB (tracking number)</dt>
          <dd className="parcel-awb">
            {parcel.trackingUrl ? (
              <a href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer">
                {parcel.awb}
                <span className="visually-hidden"> — track on the courier&apos;s site (opens in a new tab)</span>
              </a>
            ) : (
              parcel.awb
            )}
          </dd>
        </div>
        {arriving && (
          <div>
            <dt>Expected delivery</dt>
            <dd>{formatDay(parcel.expectedDeliveryDate!)}</dd>
          </div>
        )}
      </dl>
      <ShipmentEvents events={parcel.events} />
    </div>
  );
}

/** The courier's scans and the shop's steps as a timeline, newest first (as the API orders them). */
function ShipmentEvents({ events }: { events: TrackedParcel["events"] }) {
  if (events.length === 0) return <p className="hint">No scans yet: the courier&apos;s updates appear here once the parcel is picked up.</p>;
  return (
    <ol className="parcel-events" aria-label="Tracking updates, newest first">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className={i === 0 ? "parcel-event latest" : "parcel-event"}>
          <span className="parcel-event-status">{eventWord(e)}</span>
          <time dateTime={e.at}>{formatIst(e.at)}</time>
          {e.location && <span className="parcel-event-place">{e.location}</span>}
          {e.remark && <span className="parcel-event-remark">{e.remark}</span>}
        </li>
      ))}
    </ol>
  );
}
