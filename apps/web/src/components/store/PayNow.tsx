import { useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { formatDateTime } from "../../lib/format";
import { useHydrated } from "../../lib/hydration";
import { useServerRender } from "../../lib/server-render";
import { timeLeft } from "./timeLeft";
import "../../styles/order-confirmation.css";

/**
 * The clock, re-read every half minute, for a countdown that stays right while the page is open.
 * A screen the server rendered with the customer's data (issue 23) is rendered, and hydrated, at
 * the server's time of rendering, so both make the same text; the browser's own clock takes over
 * once it has hydrated.
 */
export function useNow(everyMs = 30_000): number {
  const renderedAt = useServerRender()?.renderedAt;
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => (hydrated ? Date.now() : (renderedAt ?? Date.now())));
  useEffect(() => {
    const read = () => setNow(Date.now());
    // the server's time was only for the first render
    const first = window.setTimeout(read, 0);
    const timer = window.setInterval(read, everyMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}

/** "Pay within 1 h 20 min" for an order still to be paid by UPI, or that its time has run out. */
export function PayWithin({ payBefore, now }: { payBefore: Date; now: number }) {
  const left = timeLeft(payBefore, now);
  if (!left) {
    return <span className="pay-left expired">The time to pay has run out: this order is being cancelled.</span>;
  }
  return (
    <span className="pay-left">
      Pay within <strong>{left}</strong> <span className="hint">(by {formatDateTime(payBefore)})</span>
    </span>
  );
}

/**
 * My Orders and the tracker: an unpaid UPI order's "Pay now", to its order page where paying is the
 * first thing on the screen, with the time left; once that has passed, only the notice.
 */
export function PayNow({ customerId, productOrderId, payBefore }: { customerId: number; productOrderId: string; payBefore: Date }) {
  const now = useNow();
  const open = timeLeft(payBefore, now) !== null;
  return (
    <div className={`pay-now${open ? "" : " expired"}`} role={open ? undefined : "status"}>
      {open && (
        <Link
          to="/myOrder/$customerId/$productOrderId"
          params={{ customerId: String(customerId), productOrderId }}
          className="btn"
          aria-label={`Pay now for order ${productOrderId}`}
        >
          Pay now
        </Link>
      )}
      <PayWithin payBefore={payBefore} now={now} />
    </div>
  );
}
