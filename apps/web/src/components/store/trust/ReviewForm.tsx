import { useState, type FormEvent } from "react";
import { reviewFields } from "@store/validators";
import { errorMessage, fieldErrorsOf, trpc } from "../../../lib/trpc";
import { fieldIssues } from "./fieldIssues";
import { StarPicker } from "./Stars";
import { TextArea } from "./TextArea";

type Values = { rating: number; title: string; body: string };
type Errors = Partial<Record<keyof Values | "form", string>>;

/** Stars, a title and the review's text: a new review (`productId`) or the author's edit (`reviewId`). */
export function ReviewForm({
  productId,
  reviewId,
  initial = { rating: 0, title: "", body: "" },
  onDone,
  onCancel,
}: {
  productId: number;
  reviewId?: number;
  initial?: Values;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const utils = trpc.useUtils();
  const done = () => {
    void utils.reviews.mine.invalidate({ productId });
    void utils.reviews.forProduct.invalidate({ productId });
    onDone();
  };
  const fail = (e: unknown) => {
    const byField = fieldErrorsOf(e);
    setErrors({ ...byField, form: Object.keys(byField).length ? "Please check the fields above." : errorMessage(e) });
    void utils.reviews.mine.invalidate({ productId });
  };
  const create = trpc.reviews.create.useMutation({ onSuccess: done, onError: fail });
  const edit = trpc.reviews.edit.useMutation({ onSuccess: done, onError: fail });
  const pending = create.isPending || edit.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewFields.safeParse(values);
    if (!parsed.success) return setErrors(fieldIssues(parsed.error.issues));
    setErrors({});
    if (reviewId) edit.mutate({ reviewId, ...parsed.data });
    else create.mutate({ productId, ...parsed.data });
  };
  return (
    <form className="review-form card" onSubmit={submit} noValidate aria-label={reviewId ? "Edit your review" : "Write a review"}>
      <StarPicker value={values.rating} onChange={(rating) => setValues((v) => ({ ...v, rating }))} error={errors.rating} />
      <div className="field">
        <label htmlFor="review-title">Title (optional)</label>
        <input
          id="review-title"
          value={values.title}
          maxLength={100}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "review-title-error" : undefined}
        />
        {errors.title && (
          <small id="review-title-error" className="field-error" role="alert">
            {errors.title}
          </small>
        )}
      </div>
      <TextArea
        id="review-body"
        label="Your review"
        value={values.body}
        onChange={(body) => setValues((v) => ({ ...v, body }))}
        max={2000}
        rows={6}
        error={errors.body}
        hint="At least 10 characters: how did it clean, how did it smell, was the pack right?"
      />
      {reviewId && <p className="notice">An edited review goes back to moderation and is not shown until it is checked again.</p>}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={pending}>
          {pending ? "Sending..." : reviewId ? "Save changes" : "Send review"}
        </button>
        {onCancel && (
          <button type="button" className="btn secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
