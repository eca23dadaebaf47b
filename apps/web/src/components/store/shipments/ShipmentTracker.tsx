// The order tracker's four steps of the spec (Order confirmed, Dispatched, On the way, Ready for
// pickup) driven by the line's shipment (trackerSteps, issue 28), with the date each was reached;
// OrderTracker draws them from the line's status when it has no shipment. Same markup and styles.
import { Link } from "@tanstack/react-router";
import { trackerSteps } from "@store/domain";
import { formatDate } from "../../../lib/format";
import { formatDay, formatIst, type OrderShipment } from "./shipmentView";

type Steps = ReturnType<typeof trackerSteps>;

const STEPS: { label: string; doneWhen: keyof Steps; reachedOn: readonly string[] }[] = [
  { label: "Order confirmed", doneWhen: "confirmed", reachedOn: [] },
  { label: "Dispatched", doneWhen: "dispatched", reachedOn: ["Created"] },
  { label: "On the way", doneWhen: "onTheWay", reachedOn: ["Picked up", "In transit"] },
  { label: "Ready for pickup", doneWhen: "outForDelivery", reachedOn: ["Out for delivery"] },
];

/** When the shipment first reached one of `statuses` (events come newest first). */
const firstReached = (shipment: OrderShipment, statuses: readonly string[]) => shipment.events.findLast((e) => e.mapped && statuses.includes(e.status))?.at;

export function ShipmentTracker({
  shipment,
  orderedAt,
  orderPage,
}: {
  shipment: OrderShipment;
  orderedAt: Date;
  /** the order page's address parts, where a failed delivery is answered */
  orderPage: { customerId: string; productOrderId: string };
}) {
  const steps = trackerSteps(shipment.status);
  const current = steps.delivered ? -1 : STEPS.findLastIndex((s) => steps[s.doneWhen]);
  const dateOf = (i: number): string | null => {
    if (i === 0) return formatDate(orderedAt);
    const step = STEPS[i]!;
    const at = steps[step.doneWhen] ? (firstReached(shipment, step.reachedOn) ?? (i === 1 ? shipment.createdAt : undefined)) : undefined;
    if (at) return formatDate(at);
    return i === 3 && shipment.expectedDeliveryDate && !steps[step.doneWhen] ? `Expected ${formatDay(shipment.expectedDeliveryDate)}` : null;
  };
  return (
    <section className="tracker card" aria-labelledby="tracker-heading">
      <h2 id="tracker-heading">Track your order</h2>
      {steps.delivered && (
        <p className="tracker-done" role="status">
          <strong>Delivered</strong>
          {shipment.events[0] ? ` on ${formatIst(shipment.events[0].at)}` : ""}.
        </p>
      )}
      {shipment.status === "NDR" && (
        <p className="tracker-cancelled" role="status">
          <strong>Delivery attempt failed.</strong>{" "}
          <Link to="/myOrder/$customerId/$productOrderId" params={orderPage} hash="delivery">
            Choose a day for another attempt
          </Link>
        </p>
      )}
      {shipment.status.startsWith("RTO") && (
        <p className="tracker-cancelled" role="status">
          <strong>{shipment.status === "RTO delivered" ? "Returned to the seller." : "On its way back to the seller."}</strong> The courier could not deliver
          this parcel.
        </p>
      )}
      <ol className="steps">
        {STEPS.map((s, i) => {
          const done = steps[s.doneWhen];
          const date = dateOf(i);
          return (
            <li key={s.label} className={done ? (i === current ? "step current" : "step done") : "step"} aria-current={i === current ? "step" : undefined}>
              <span className="step-dot" aria-hidden="true">
                {done ? "✓" : i + 1}
              </span>
              <span className="step-label">{s.label}</span>
              <span className="visually-hidden"> ({i === current ? "Current step" : done ? "Done" : "Not yet"})</span>
              {date && <span className="step-date">{date}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
