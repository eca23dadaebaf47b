import { formatDate } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";
import { Stars } from "./Stars";

type Review = RouterOutputs["reviews"]["forProduct"]["items"][number];

/** One published review: stars, title, who and when, the pack, the text and the store's reply. Text is shown as text. */
export function ReviewItem({ review: r }: { review: Review }) {
  return (
    <article className="review" aria-labelledby={`review-${r.reviewId}`} data-testid="review">
      <header>
        <Stars rating={r.rating} />
        <h3 id={`review-${r.reviewId}`} className="review-title">
          {r.title || <span className="visually-hidden">Review by {r.authorName}</span>}
        </h3>
      </header>
      <p className="review-meta hint">
        {r.authorName} · {formatDate(r.createdAt)}
        {r.variantLabel && <> · Pack {r.variantLabel}</>}
        {r.verifiedPurchase && <span className="verified"> · Verified purchase</span>}
      </p>
      <p className="review-body">{r.body}</p>
      {r.reply && (
        <div className="review-reply">
          <p className="review-reply-head">
            Reply from the store <span className="hint">· {formatDate(r.reply.at)}</span>
          </p>
          <p className="review-body">{r.reply.text}</p>
        </div>
      )}
    </article>
  );
}
