// What the store may do with a review (issue 31): publish it, reject it for one of the published
// reasons (never for being negative; no free text), or reply. Nothing here changes its stars or words.
import { useId, useState, type FormEvent } from "react";
import { REVIEW_REJECT_REASON_WORDS, REVIEW_REJECT_REASONS, type ReviewRejectReason } from "@store/domain";
import { reviewModerateInput, reviewReplyInput } from "@store/validators";
import { oneOf } from "../../../lib/searchParams";
import { toast } from "../../../lib/toast";
import { fieldErrorsOf, trpc } from "../../../lib/trpc";
import { refusalText, useReviewRefresh, type AdminReview } from "./trustText";

export function ReviewActions({ review: r }: { review: AdminReview }) {
  return (
    <div className="trust-review-actions">
      <Moderate review={r} />
      <Reply review={r} />
    </div>
  );
}

function Moderate({ review: r }: { review: AdminReview }) {
  const id = useId();
  const refresh = useReviewRefresh();
  const [reason, setReason] = useState<ReviewRejectReason | undefined>(undefined);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const moderate = trpc.reviews.moderate.useMutation({
    onSuccess: async (done) => {
      toast.success(done.status === "Published" ? "Review published." : "Review rejected.");
      setFieldError(null);
      setRefusal(null);
      await refresh();
    },
    onError: (e) => {
      const own = fieldErrorsOf(e).rejectReason;
      setFieldError(own ?? null);
      setRefusal(own ? null : refusalText(e));
    },
  });
  const decide = (decision: "Published" | "Rejected") => {
    setRefusal(null);
    const input = { reviewId: r.reviewId, decision, rejectReason: decision === "Rejected" ? reason : undefined };
    const parsed = reviewModerateInput.safeParse(input);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Choose a reason.");
      return;
    }
    setFieldError(null);
    moderate.mutate(input);
  };
  const reject = (e: FormEvent) => {
    e.preventDefault();
    decide("Rejected");
  };
  return (
    <div className="trust-moderate">
      {r.status !== "Published" && (
        <button
          type="button"
          className="btn small"
          disabled={moderate.isPending}
          onClick={() => decide("Published")}
          aria-label={`Publish the review by ${r.authorName}`}
        >
          Publish
        </button>
      )}
      {r.status !== "Rejected" && (
        <form noValidate onSubmit={reject} className="trust-reject">
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason to reject</label>
            <select
              id={`${id}-reason`}
              value={reason ?? ""}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(oneOf(REVIEW_REJECT_REASONS, e.target.value))}
            >
              <option value="">Choose a published reason</option>
              {REVIEW_REJECT_REASONS.map((code) => (
                <option key={code} value={code}>
                  {REVIEW_REJECT_REASON_WORDS[code]}
                </option>
              ))}
            </select>
            {fieldError && (
              <p className="form-error" id={`${id}-reason-error`}>
                {fieldError}
              </p>
            )}
          </div>
          <button type="submit" className="btn small danger" disabled={moderate.isPending} aria-label={`Reject the review by ${r.authorName}`}>
            Reject
          </button>
        </form>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

function Reply({ review: r }: { review: AdminReview }) {
  const id = useId();
  const refresh = useReviewRefresh();
  const [text, setText] = useState(r.reply?.text ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reply = trpc.reviews.reply.useMutation({
    onSuccess: async () => {
      toast.success("Reply saved.");
      setFieldError(null);
      setRefusal(null);
      await refresh();
    },
    onError: (e) => {
      const own = fieldErrorsOf(e).text;
      setFieldError(own ?? null);
      setRefusal(own ? null : refusalText(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = reviewReplyInput.safeParse({ reviewId: r.reviewId, text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Write a reply.");
      return;
    }
    setFieldError(null);
    reply.mutate({ reviewId: r.reviewId, text });
  };
  return (
    <form noValidate onSubmit={submit} className="trust-review-reply">
      <div className="field">
        <label htmlFor={`${id}-reply`}>{r.reply ? "Change the store's reply" : "Reply as the store"} (up to 1,000 characters)</label>
        <textarea
          id={`${id}-reply`}
          rows={3}
          maxLength={1000}
          value={text}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-reply-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {fieldError && (
          <p className="form-error" id={`${id}-reply-error`}>
            {fieldError}
          </p>
        )}
      </div>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn small secondary" disabled={reply.isPending} aria-label={`Save reply to the review by ${r.authorName}`}>
        {reply.isPending ? "Saving..." : "Save reply"}
      </button>
    </form>
  );
}
