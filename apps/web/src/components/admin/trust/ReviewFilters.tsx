// The Reviews queue's filters (issue 31): status, stars and one product, kept in the URL.
import { useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { REVIEW_STATUSES, type ReviewStatus } from "@store/domain";
import { oneOf, wholeNumber } from "../../../lib/searchParams";

export interface ReviewSearch {
  page?: number;
  status?: ReviewStatus;
  rating?: number;
  productId?: number;
}

export const reviewSearchSchema = (search: Record<string, unknown>): ReviewSearch => ({
  page: wholeNumber(search.page, 1, 100_000),
  status: oneOf(REVIEW_STATUSES, search.status),
  rating: wholeNumber(search.rating, 1, 5),
  productId: wholeNumber(search.productId, 1, 2_147_483_647),
});

export function useReviewFilter() {
  const navigate = useNavigate({ from: "/reviews" });
  return (next: Partial<ReviewSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next, page: 1 }) });
}

export function ReviewFilters({ status, rating, productId, productName }: Omit<ReviewSearch, "page"> & { productName?: string }) {
  const id = useId();
  const set = useReviewFilter();
  return (
    <div className="trust-filters">
      <span className="trust-filter">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={status ?? ""} onChange={(e) => set({ status: oneOf(REVIEW_STATUSES, e.target.value) })}>
          <option value="">All statuses</option>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      <span className="trust-filter">
        <label htmlFor={`${id}-rating`}>Stars</label>
        <select id={`${id}-rating`} value={rating ?? ""} onChange={(e) => set({ rating: wholeNumber(e.target.value, 1, 5) })}>
          <option value="">Any rating</option>
          {[5, 4, 3, 2, 1].map((r) => (
            <option key={r} value={r}>
              {r} {r === 1 ? "star" : "stars"}
            </option>
          ))}
        </select>
      </span>
      {productId !== undefined && (
        <span className="trust-filter">
          Product: <strong>{productName ?? `#${productId}`}</strong>
          <button type="button" className="btn small secondary" onClick={() => set({ productId: undefined })}>
            All products
          </button>
        </span>
      )}
    </div>
  );
}
