import { trackerFlags } from "@store/domain";
import { formatDate } from "../../lib/format";

export function StatusBadge({ status }: { status: string }) {
  const tone = status === "Completed" ? "ok" : status === "Cancelled" ? "danger" : "warn";
  return <span className={`badge ${tone}`}>{status === "Completed" ? "Delivered" : status}</span>;
}

type TrackerFlags = ReturnType<typeof trackerFlags>;

/** The tracker's steps and the flag of the order-lifecycle rule that marks each done. */
const STEPS: { label: string; doneWhen: keyof TrackerFlags }[] = [
  { label: "Order confirmed", doneWhen: "confirmOrder" },
  { label: "Dispatched", doneWhen: "confirmOrder" },
  { label: "On the way", doneWhen: "onTheWay" },
  { label: "Ready for pickup", doneWhen: "pickUp" },
];

/**
 * The four steps of spec §2 driven by the order's status: Shipped = confirmed and dispatched,
 * On the way = + on the way, Ready for pickup = + ready, Completed = all done (delivered).
 * A cancelled order shows no progress but a clear Cancelled notice.
 */
export function OrderTracker({ order }: { order: { orderStatus: string; orderAddDateTime: Date; deliveryDate: Date; endDate: Date | null } }) {
  const flags = trackerFlags(order.orderStatus);
  const cancelled = order.orderStatus === "Cancelled";
  const completed = order.orderStatus === "Completed";
  const current = cancelled || completed ? -1 : STEPS.findLastIndex((s) => flags[s.doneWhen]);
  return (
    <section className="tracker card" aria-labelledby="tracker-heading">
      <h2 id="tracker-heading">Track your order</h2>
      {cancelled && (
        <p className="tracker-cancelled" role="status">
          <strong>Cancelled</strong> — this order was cancelled{order.endDate ? ` on ${formatDate(order.endDate)}` : ""}. Nothing will be delivered and you will
          not be charged.
        </p>
      )}
      {completed && (
        <p className="tracker-done" role="status">
          <strong>Delivered</strong>
          {order.endDate ? ` on ${formatDate(order.endDate)}` : ""}.
        </p>
      )}
      <ol className={`steps${cancelled ? " cancelled" : ""}`}>
        {STEPS.map((s, i) => {
          const done = flags[s.doneWhen];
          const state = cancelled ? "Cancelled" : i === current ? "Current step" : done ? "Done" : "Not yet";
          return (
            <li key={s.label} className={done ? (i === current ? "step current" : "step done") : "step"} aria-current={i === current ? "step" : undefined}>
              <span className="step-dot" aria-hidden="true">
                {done ? "✓" : i + 1}
              </span>
              <span className="step-label">{s.label}</span>
              <span className="visually-hidden"> ({state})</span>
              {i === 0 && <span className="step-date">{formatDate(order.orderAddDateTime)}</span>}
              {i === 3 && !cancelled && <span className="step-date">{completed ? "Delivered" : `Expected ${formatDate(order.deliveryDate)}`}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
