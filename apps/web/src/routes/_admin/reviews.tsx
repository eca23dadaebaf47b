import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { REVIEW_POLICY_WORDS } from "@store/domain";
import { OwnerOnly } from "../../components/admin/OwnerOnly";
import { Pager } from "../../components/admin/Pager";
import { ReviewCard } from "../../components/admin/trust/ReviewCard";
import { ReviewFilters, reviewSearchSchema, type ReviewSearch } from "../../components/admin/trust/ReviewFilters";
import { ReviewReport } from "../../components/admin/trust/ReviewReport";
import "../../components/admin/trust/trust.css";
import { QueryState } from "../../components/QueryState";
import { trpc } from "../../lib/trpc";

const listInput = (s: ReviewSearch) => ({ page: s.page ?? 1, status: s.status, rating: s.rating, productId: s.productId });

export const Route = createFileRoute("/_admin/reviews")({
  validateSearch: reviewSearchSchema,
  search: { middlewares: [stripSearchParams<ReviewSearch>({ page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.reviews.list.prefetch(listInput(deps));
  },
  component: Reviews,
});

/**
 * Reviews (issue 31): the moderation queue, waiting reviews first — publish, reject for a published
 * reason, reply — and the owner's monthly report of what was rejected and why.
 */
function Reviews() {
  const search = Route.useSearch();
  const query = trpc.reviews.list.useQuery(listInput(search), { placeholderData: keepPreviousData });
  const productName = query.data?.items.find((r) => r.productId === search.productId)?.productName;
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Reviews | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Reviews</h1>
      </div>
      <p className="hint trust-policy">{REVIEW_POLICY_WORDS}</p>
      <ReviewFilters status={search.status} rating={search.rating} productId={search.productId} productName={productName} />
      <QueryState query={query}>
        {(data) => (
          <div aria-busy={query.isFetching ? true : undefined}>
            {data.items.length === 0 ? (
              <p className="empty">No reviews found.</p>
            ) : (
              <ul className="trust-review-list">
                {data.items.map((r) => (
                  <ReviewCard key={r.reviewId} review={r} />
                ))}
              </ul>
            )}
            {data.total > 0 && <Pager total={data.total} page={data.page} pageSize={data.pageSize} />}
          </div>
        )}
      </QueryState>
      <OwnerOnly note="The owner sees the monthly moderation report here.">
        <ReviewReport />
      </OwnerOnly>
    </section>
  );
}
