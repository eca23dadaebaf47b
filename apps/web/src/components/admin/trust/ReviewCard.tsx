// One review in the moderation queue (issue 31): its stars and words exactly as the buyer wrote them
// (as text), who wrote it, whether they bought it, the product and pack, and what the store may do.
import { REVIEW_REJECT_REASON_WORDS, type ReviewRejectReason } from "@store/domain";
import { formatDateTime } from "../../../lib/format";
import { ReviewActions } from "./ReviewActions";
import { useReviewFilter } from "./ReviewFilters";
import { Stars } from "./Stars";
import { TrustBadge } from "./TrustBadge";
import type { AdminReview } from "./trustText";

export function ReviewCard({ review: r }: { review: AdminReview }) {
  const filter = useReviewFilter();
  const titleId = `review-${r.reviewId}-title`;
  return (
    <li>
      <article className="card trust-review" aria-labelledby={titleId} data-review={r.reviewId} data-status={r.status}>
        <header className="trust-review-head">
          <Stars rating={r.rating} />
          <h2 id={titleId} className="trust-text">
            {r.title || "(no title)"}
          </h2>
          <TrustBadge status={r.status} />
        </header>
        <p className="trust-text" data-testid="review-body">
          {r.body}
        </p>
        <p className="trust-review-meta">
          By <strong>{r.authorName}</strong>
          {r.verifiedPurchase ? <span className="badge ok">Verified purchase</span> : <span className="badge">Not a verified purchase</span>}
          {" · "}
          <button type="button" className="link-button" onClick={() => filter({ productId: r.productId })} title="Show only this product's reviews">
            {r.productName}
          </button>
          {r.variantLabel ? ` · ${r.variantLabel}` : ""}
          {" · "}
          <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt)}</time>
        </p>
        {r.status === "Rejected" && r.rejectReason && (
          <p className="hint" data-testid="reject-reason">
            Rejected: {REVIEW_REJECT_REASON_WORDS[r.rejectReason as ReviewRejectReason] ?? r.rejectReason}
          </p>
        )}
        {r.reply && (
          <div className="trust-reply-shown">
            <strong>The store&apos;s reply</strong> <time dateTime={new Date(r.reply.at).toISOString()}>{formatDateTime(r.reply.at)}</time>
            <p className="trust-text">{r.reply.text}</p>
          </div>
        )}
        <ReviewActions key={`${r.status}-${r.reply?.text ?? ""}`} review={r} />
      </article>
    </li>
  );
}
