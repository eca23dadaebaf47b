import type { RouterOutputs } from "../../../lib/trpc";
import { Stars } from "./Stars";

export type RatingSummaryData = RouterOutputs["reviews"]["forProduct"]["summary"];

const STARS_DOWN = ["5", "4", "3", "2", "1"] as const;

/** "4.3 out of 5, 12 reviews" (or "No reviews yet"): what the summary says in words. */
export function summaryWords(s: Pick<RatingSummaryData, "average" | "count">): string {
  if (s.count === 0 || s.average === null) return "No reviews yet";
  return `${s.average} out of 5, ${s.count} ${s.count === 1 ? "review" : "reviews"}`;
}

/** Beside the product's title: its average and count, linking to the reviews. Its height is kept while loading, so nothing shifts. */
export function RatingBadge({ summary }: { summary: RatingSummaryData | undefined }) {
  if (!summary) return <p className="rating-badge" aria-hidden="true" />;
  return (
    <p className="rating-badge">
      <a href="#reviews" aria-label={`${summaryWords(summary)}. Read the reviews`}>
        {summary.count > 0 && summary.average !== null ? (
          <>
            <Stars rating={summary.average} />
            <span aria-hidden="true">
              {" "}
              {summary.average.toFixed(1)} ({summary.count})
            </span>
          </>
        ) : (
          <span aria-hidden="true">No reviews yet</span>
        )}
      </a>
    </p>
  );
}

/** The reviews section's summary: the average, the count and a bar a star level (5 down to 1) with its count. */
export function RatingSummary({ summary }: { summary: RatingSummaryData }) {
  if (summary.count === 0 || summary.average === null) return <p className="empty">No reviews yet</p>;
  return (
    <div className="rating-summary" data-testid="rating-summary">
      <div className="rating-average">
        <p className="rating-number" aria-hidden="true">
          {summary.average.toFixed(1)}
        </p>
        <Stars rating={summary.average} size="1.25rem" />
        <p className="hint">{summaryWords(summary)}</p>
      </div>
      <ul className="rating-histogram" aria-label="Reviews by stars">
        {STARS_DOWN.map((stars) => {
          const n = summary.histogram[stars];
          return (
            <li key={stars} data-testid={`histogram-${stars}`}>
              <span className="histogram-label" aria-hidden="true">
                {stars} ★
              </span>
              <span className="histogram-bar" aria-hidden="true">
                <span style={{ width: `${Math.round((n / summary.count) * 100)}%` }} />
              </span>
              <span className="histogram-count">
                <span className="visually-hidden">
                  {stars} {stars === "1" ? "star" : "stars"}:{" "}
                </span>
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
