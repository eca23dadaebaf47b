import { useEffect, useRef } from "react";
import { Link } from "@tanstack/react-router";
import { formatDateTime } from "../../../lib/format";
import type { Filed } from "./ComplaintForm";

/** The ticket just filed: its number, the two dates the rule sets, and where to follow it. */
export function ComplaintFiled({ filed }: { filed: Filed }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card complaint-filed" aria-labelledby="complaint-filed-heading">
      <h2 id="complaint-filed-heading" ref={heading} tabIndex={-1}>
        Complaint received
      </h2>
      <p>
        Your ticket number is <strong data-testid="ticket-number">{filed.ticketNumber}</strong>. Keep it: we quote it in every message.
      </p>
      <dl className="details-grid">
        <dt>Acknowledged</dt>
        <dd>{filed.acknowledgedAt ? formatDateTime(filed.acknowledgedAt) : `by ${formatDateTime(filed.acknowledgeBy)}`}</dd>
        <dt>Acknowledge by</dt>
        <dd>{formatDateTime(filed.acknowledgeBy)}</dd>
        <dt>Resolve by</dt>
        <dd>{formatDateTime(filed.resolveBy)}</dd>
      </dl>
      <p>
        <Link to="/my-complaints/$ticketNumber" params={{ ticketNumber: filed.ticketNumber }} search={filed.email ? { email: filed.email } : {}}>
          Open ticket {filed.ticketNumber}
        </Link>
      </p>
    </section>
  );
}
