import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../components/QueryState";
import { ProductGrid } from "../components/store/ProductCard";
import { StoreLayout } from "../components/store/StoreLayout";
import { PageMeta } from "../components/store/Seo";
import { trpc } from "../lib/trpc";

export const Route = createFileRoute("/trending")({
  // waited for, so the page (also as the server renders it) comes with its list
  loader: async ({ context }) => {
    await context.trpc.products.trending.ensureData().catch(() => undefined);
  },
  component: TrendingScreen,
});

function TrendingScreen() {
  const trending = trpc.products.trending.useQuery();
  return (
    <StoreLayout title="Trending products">
      <PageMeta path="/trending" title="Trending products | Clean Store" description="The cleaning products our customers ordered most in the last 30 days." />
      <h1>Trending now</h1>
      <p className="hint">The products our customers ordered most in the last 30 days.</p>
      <QueryState query={trending}>
        {(list) =>
          list.length === 0 ? (
            <div className="empty">
              <p>No trending products yet.</p>
              <Link to="/search">Browse all products</Link>
            </div>
          ) : (
            <ProductGrid products={list} />
          )
        }
      </QueryState>
    </StoreLayout>
  );
}
