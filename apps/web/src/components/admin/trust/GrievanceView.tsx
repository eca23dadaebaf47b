// One complaint (issue 31): the ticket with its two clocks, the order it is about, the answer given,
// the conversation and the status moves.
import { Link } from "@tanstack/react-router";
import { GRIEVANCE_CATEGORY_WORDS } from "@store/domain";
import { formatDateTime } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../QueryState";
import { DetailFrame } from "../ReadOnlyFields";
import { ticketClocks } from "./Clock";
import { GrievanceConversation } from "./GrievanceConversation";
import { GrievanceMoves } from "./GrievanceMoves";
import { TrustBadge } from "./TrustBadge";
import { useNow, type GrievanceDetail } from "./trustText";

export function GrievanceView({ ticketNumber }: { ticketNumber: string }) {
  const query = trpc.grievances.byTicket.useQuery({ ticketNumber });
  return (
    <DetailFrame
      title={`Complaint ${ticketNumber}`}
      back={
        <Link to="/grievances" className="btn secondary">
          Back to complaints
        </Link>
      }
    >
      <QueryState query={query}>
        {(t) => (
          <>
            <TicketCard ticket={t} />
            <GrievanceConversation ticket={t} />
          </>
        )}
      </QueryState>
    </DetailFrame>
  );
}

function TicketCard({ ticket: t }: { ticket: GrievanceDetail }) {
  const now = useNow();
  const clocks = ticketClocks(t, now);
  return (
    <section className="card" aria-labelledby="ticket-title" data-testid="ticket" data-status={t.status}>
      <h2 id="ticket-title" className="trust-ticket-title">
        <span className="trust-text">{t.subject}</span> <TrustBadge status={t.status} />
      </h2>
      <dl className="details-grid">
        <dt>Category</dt>
        <dd>{GRIEVANCE_CATEGORY_WORDS[t.category]}</dd>
        <dt>Filed</dt>
        <dd>{formatDateTime(t.createdAt)}</dd>
        <dt>Acknowledge by</dt>
        <dd data-clock="acknowledge">{clocks.acknowledge}</dd>
        <dt>Resolve by</dt>
        <dd data-clock="resolve">{clocks.resolve}</dd>
        <dt>Complainant</dt>
        <dd>
          {t.name}
          {t.email && (
            <>
              {" · "}
              <a href={`mailto:${t.email}`}>{t.email}</a>
            </>
          )}
          {t.phone && (
            <>
              {" · "}
              <a href={`tel:+91${t.phone}`}>{t.phone}</a>
            </>
          )}
        </dd>
        <dt>Order</dt>
        <dd>
          {t.productOrderId ? (
            <Link to="/orders/$productOrderId" params={{ productOrderId: t.productOrderId }}>
              {t.productOrderId}
            </Link>
          ) : (
            "None named"
          )}
        </dd>
        {t.resolution && (
          <>
            <dt>Resolution</dt>
            <dd className="trust-text">{t.resolution}</dd>
          </>
        )}
        {t.rejectReason && (
          <>
            <dt>Reason for rejecting</dt>
            <dd className="trust-text">{t.rejectReason}</dd>
          </>
        )}
        {t.closedAt && (
          <>
            <dt>Closed</dt>
            <dd>{formatDateTime(t.closedAt)}</dd>
          </>
        )}
      </dl>
      <h3>Complaint</h3>
      <p className="trust-text" data-testid="ticket-description">
        {t.description}
      </p>
      <h3>Status</h3>
      <GrievanceMoves ticket={t} />
    </section>
  );
}
