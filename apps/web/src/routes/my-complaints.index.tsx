import { useState } from "react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { Loading, QueryState } from "../components/QueryState";
import { NoIndex } from "../components/store/Seo";
import { StoreLayout } from "../components/store/StoreLayout";
import { requireSignedIn } from "../components/store/trust/signedIn";
import { formatDate } from "../lib/format";
import { useHydrated } from "../lib/hydration";
import { trpc } from "../lib/trpc";
import "../styles/trust.css";

/** The customer's complaints, newest first, with their status and the rule's two dates. */
export const Route = createFileRoute("/my-complaints/")({
  beforeLoad: requireSignedIn,
  component: MyComplaints,
});

function MyComplaints() {
  // the customer's token is in this browser only: the server renders the heading and waits
  const hydrated = useHydrated();
  return (
    <StoreLayout title="My complaints">
      <NoIndex />
      <div className="section-head">
        <h1>My complaints</h1>
        <Link to="/complaint" className="btn secondary">
          Raise a complaint
        </Link>
      </div>
      {hydrated ? <TicketList /> : <Loading />}
    </StoreLayout>
  );
}

function TicketList() {
  const [page, setPage] = useState(1);
  const tickets = trpc.grievances.list.useQuery({ page }, { placeholderData: keepPreviousData });
  return (
    <QueryState query={tickets} empty="You have not raised a complaint." isEmpty={(d) => d.total === 0}>
      {(d) => {
        const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
        return (
          <>
            <ul className="ticket-list">
              {d.items.map((t) => (
                <li key={t.ticketNumber} className="card ticket-row">
                  <p className="ticket-head">
                    <Link to="/my-complaints/$ticketNumber" params={{ ticketNumber: t.ticketNumber }}>
                      {t.ticketNumber}
                    </Link>{" "}
                    <span className="ticket-status">{t.status}</span>
                  </p>
                  <p className="ticket-subject">{t.subject}</p>
                  <p className="hint">
                    Raised {formatDate(t.createdAt)} ·{" "}
                    {t.acknowledgedAt ? `Acknowledged ${formatDate(t.acknowledgedAt)}` : `Acknowledge by ${formatDate(t.acknowledgeBy)}`} ·{" "}
                    {t.resolvedAt ? `Answered ${formatDate(t.resolvedAt)}` : `Resolve by ${formatDate(t.resolveBy)}`}
                    {t.productOrderId && <> · Order {t.productOrderId}</>}
                  </p>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="review-pager" aria-label="Complaint pages">
                <button type="button" className="btn secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {d.page} of {pages}
                </span>
                <button type="button" className="btn secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
