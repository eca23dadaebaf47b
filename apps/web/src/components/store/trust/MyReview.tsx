import { useState } from "react";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../../lib/trpc";
import { ReviewForm } from "./ReviewForm";
import { Stars } from "./Stars";

type Mine = NonNullable<RouterOutputs["reviews"]["mine"]["review"]>;

const STATUS_WORDS: Record<string, string> = {
  Pending: "Waiting for moderation: it shows on the product page once it is checked.",
  Published: "Published on the product page.",
  Rejected: "Not published.",
};

/** The author's own review with its moderation status, to edit (back to moderation) or delete. */
export function MyReview({ productId, review: r }: { productId: number; review: Mine }) {
  const [editing, setEditing] = useState(false);
  const utils = trpc.useUtils();
  const remove = trpc.reviews.remove.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      void utils.reviews.mine.invalidate({ productId });
      void utils.reviews.forProduct.invalidate({ productId });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (editing) {
    return (
      <ReviewForm
        productId={productId}
        reviewId={r.reviewId}
        initial={{ rating: r.rating, title: r.title ?? "", body: r.body }}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <section className="card my-review" aria-labelledby="my-review-heading">
      <h2 id="my-review-heading">Your review</h2>
      <p>
        Status: <strong data-testid="review-status">{r.status}</strong> — {STATUS_WORDS[r.status] ?? ""}
      </p>
      {r.status === "Rejected" && (
        <p className="notice" data-testid="reject-reason">
          Reason: {r.rejectReasonWords ?? r.rejectReason}
        </p>
      )}
      <Stars rating={r.rating} />
      {r.title && <h3 className="review-title">{r.title}</h3>}
      <p className="review-body">{r.body}</p>
      <p className="hint">
        Written {formatDate(r.createdAt)}
        {r.updatedAt && r.updatedAt !== r.createdAt ? ` · edited ${formatDate(r.updatedAt)}` : ""}
        {r.verifiedPurchase && " · Verified purchase"}
      </p>
      {r.reply && (
        <div className="review-reply">
          <p className="review-reply-head">Reply from the store</p>
          <p className="review-body">{r.reply.text}</p>
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="btn secondary" onClick={() => setEditing(true)}>
          Edit review
        </button>
        <button
          type="button"
          className="btn danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm("Delete your review? This cannot be undone.")) remove.mutate({ reviewId: r.reviewId });
          }}
        >
          {remove.isPending ? "Deleting..." : "Delete review"}
        </button>
      </div>
      <p className="hint">Editing sends the review back to moderation.</p>
    </section>
  );
}
