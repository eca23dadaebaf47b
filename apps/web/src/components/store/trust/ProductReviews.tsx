import { useState } from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { REVIEW_SORTS, type ReviewSort } from "@store/domain";
import { QueryState } from "../../QueryState";
import { trpc } from "../../../lib/trpc";
import { RatingSummary } from "./RatingSummary";
import { ReviewItem } from "./ReviewItem";

const SORT_WORDS: Record<ReviewSort, string> = { newest: "Newest first", highest: "Highest rated", lowest: "Lowest rated" };

/** What the product page loads (and the server renders): the first page, newest first. */
export const firstReviewsPage = (productId: number) => ({ productId, page: 1, sort: "newest" as ReviewSort });

/** The product page's reviews: the summary with its histogram, then the reviews, sorted and paged. */
export function ProductReviews({ productId }: { productId: number }) {
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const reviews = trpc.reviews.forProduct.useQuery({ productId, page, sort }, { placeholderData: keepPreviousData, retryOnMount: false });
  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Ratings and reviews</h2>
      <QueryState query={reviews}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <RatingSummary summary={data.summary} />
              {data.total > 0 && (
                <>
                  <div className="field inline review-sort">
                    <label htmlFor="review-sort">Sort reviews</label>
                    <select
                      id="review-sort"
                      value={sort}
                      onChange={(e) => {
                        setSort(e.target.value as ReviewSort);
                        setPage(1);
                      }}
                    >
                      {REVIEW_SORTS.map((s) => (
                        <option key={s} value={s}>
                          {SORT_WORDS[s]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <ul className="review-list" aria-busy={reviews.isPlaceholderData}>
                    {data.items.map((r) => (
                      <li key={r.reviewId}>
                        <ReviewItem review={r} />
                      </li>
                    ))}
                  </ul>
                  {pages > 1 && (
                    <nav className="review-pager" aria-label="Review pages">
                      <button type="button" className="btn secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                        Previous
                      </button>
                      <span aria-live="polite">
                        Page {data.page} of {pages}
                      </span>
                      <button type="button" className="btn secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                        Next
                      </button>
                    </nav>
                  )}
                </>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
