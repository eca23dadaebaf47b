import { useState } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { Loading, QueryState } from "../components/QueryState";
import { ProductLink } from "../components/store/ProductLink";
import { NoIndex } from "../components/store/Seo";
import { toId } from "../components/store/session";
import { StoreLayout } from "../components/store/StoreLayout";
import { MyReview } from "../components/store/trust/MyReview";
import { ReviewForm } from "../components/store/trust/ReviewForm";
import { ReviewPolicy } from "../components/store/trust/ReviewPolicy";
import { requireSignedIn } from "../components/store/trust/signedIn";
import { useHydrated } from "../lib/hydration";
import { pathIds } from "../lib/route-params";
import { trpc } from "../lib/trpc";
import "../styles/trust.css";

/** "Rate your purchase" (issue 31): from My Orders and the delivered message; only a buyer may write. */
export const Route = createFileRoute("/rate/$productId")({
  params: { parse: pathIds },
  beforeLoad: requireSignedIn,
  component: RatePage,
});

function RatePage() {
  const productId = toId(Route.useParams().productId);
  const hydrated = useHydrated();
  return (
    <StoreLayout title="Rate your purchase">
      <NoIndex />
      <h1>Rate your purchase</h1>
      {productId === null ? <p className="empty">This product link is not valid.</p> : hydrated ? <Rate productId={productId} /> : <Loading />}
    </StoreLayout>
  );
}

function Rate({ productId }: { productId: number }) {
  const mine = trpc.reviews.mine.useQuery({ productId }, { retry: false });
  const [sent, setSent] = useState(false);
  return (
    <QueryState query={mine}>
      {(m) => (
        <div className="rate-page">
          <p className="rate-product">
            <ProductLink productId={m.productId}>{m.productName}</ProductLink>
          </p>
          {sent && (
            <p className="notice" role="status">
              Thank you! Your review is waiting for moderation and shows on the product page once it is checked.
            </p>
          )}
          {m.review ? (
            <MyReview productId={productId} review={m.review} />
          ) : m.mayReview ? (
            <ReviewForm productId={productId} onDone={() => setSent(true)} />
          ) : (
            <p className="notice" data-testid="why-not">
              {m.whyNot === "NOT_A_BUYER" ? "You can review this after it is delivered to you." : "You have already reviewed this product."}
            </p>
          )}
          <ReviewPolicy />
        </div>
      )}
    </QueryState>
  );
}
