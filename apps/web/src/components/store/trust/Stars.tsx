const STARS = [1, 2, 3, 4, 5] as const;

/** "4.3 out of 5": the words a screen reader says for a rating. */
export const ratingWords = (rating: number) => `${rating} out of 5`;

/** Five stars filled to `rating` (a fraction fills part of a star); the stars are drawn, the words are read. */
export function Stars({ rating, size = "1rem" }: { rating: number; size?: string }) {
  const percent = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span className="stars" role="img" aria-label={ratingWords(rating)} style={{ fontSize: size }}>
      <span className="stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-full" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** The star picker of the review form: a native radio group (Tab reaches it, arrow keys move and choose). */
export function StarPicker({
  value,
  onChange,
  error,
  id = "review-rating",
}: {
  value: number;
  onChange: (stars: number) => void;
  error?: string;
  id?: string;
}) {
  return (
    <fieldset className="star-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Your rating</legend>
      <div className="star-picker-stars">
        {STARS.map((stars) => (
          <label key={stars} className={stars <= value ? "star-choice on" : "star-choice"}>
            <input type="radio" name={id} value={stars} checked={value === stars} onChange={() => onChange(stars)} aria-invalid={error ? true : undefined} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {stars} {stars === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
      <p className="hint" aria-hidden="true">
        {value > 0 ? `${value} of 5 stars` : "Choose 1 to 5 stars"}
      </p>
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
