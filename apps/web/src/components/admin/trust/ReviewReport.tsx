// The owner's monthly moderation report (issue 31): how many reviews came, were published and were
// rejected — by reason and by stars, so that rejecting the unhappy ones would show.
import { useState } from "react";
import { REVIEW_REJECT_REASON_WORDS, type ReviewRejectReason } from "@store/domain";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../QueryState";
import { MonthPicker } from "./MonthPicker";
import { istMonth } from "./trustText";

export function ReviewReport() {
  const [month, setMonth] = useState(() => istMonth());
  const query = trpc.reviews.report.useQuery({ month });
  return (
    <section className="card trust-report" aria-labelledby="review-report-title" data-testid="review-report">
      <h2 id="review-report-title">Monthly moderation report</h2>
      <div className="trust-report-head">
        <MonthPicker month={month} max={istMonth()} onChange={setMonth} />
      </div>
      <QueryState query={query}>
        {(r) => (
          <>
            <dl className="details-grid">
              <dt>Received</dt>
              <dd data-figure="received">{r.received}</dd>
              <dt>Published</dt>
              <dd data-figure="published">{r.published}</dd>
              <dt>Rejected</dt>
              <dd data-figure="rejected">{r.rejected}</dd>
              <dt>Waiting</dt>
              <dd data-figure="pending">{r.pending}</dd>
            </dl>
            <div className="trust-report-split">
              <div>
                <h3>Rejected by reason</h3>
                <ul className="trust-counts">
                  {Object.entries(r.rejectedByReason).map(([reason, n]) => (
                    <li key={reason}>
                      {REVIEW_REJECT_REASON_WORDS[reason as ReviewRejectReason] ?? reason} <strong>{n}</strong>
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>Rejected by stars</h3>
                <ul className="trust-counts">
                  {Object.entries(r.rejectedByRating).map(([stars, n]) => (
                    <li key={stars}>
                      {stars} {stars === "1" ? "star" : "stars"}: <strong>{n}</strong>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
