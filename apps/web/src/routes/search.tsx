import { createFileRoute } from "@tanstack/react-router";
import { PRODUCT_CATEGORIES } from "@store/validators/constants";
import { QueryState } from "../components/QueryState";
import { SORT_LABELS } from "../components/store/HomeScreen";
import { ProductGrid } from "../components/store/ProductCard";
import { ShelfPager } from "../components/store/ShelfPager";
import { StoreLayout } from "../components/store/StoreLayout";
import { productSearch, SORTS, type HomeSort } from "../components/store/searchParams";
import { oneOf } from "../lib/searchParams";
import { trpc } from "../lib/trpc";

export const Route = createFileRoute("/search")({
  validateSearch: productSearch,
  loaderDeps: ({ search }) => ({ q: search.q, category: search.category, sort: search.sort, page: search.page }),
  // waited for, so the page (also as the server renders it) comes with its results; a failure
  // is left to the list's own error state
  loader: async ({ context, deps }) => {
    await context.trpc.products.shelf.ensureData(shelfInput(deps)).catch(() => undefined);
  },
  component: SearchScreen,
});

/** The one grid query of this screen, for the loader and the component alike. */
const shelfInput = ({ q, category, sort, page }: { q?: string; category?: (typeof PRODUCT_CATEGORIES)[number]; sort?: HomeSort; page?: number }) => ({
  search: q || undefined,
  category,
  sort: sort ?? "name",
  page: page ?? 1,
});

function SearchScreen() {
  const { q, category, sort, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const products = trpc.products.shelf.useQuery(shelfInput({ q, category, sort, page }));
  const heading = q ? `Search results for “${q}”` : category ? category : "All products";
  const set = (patch: Partial<{ category: (typeof PRODUCT_CATEGORIES)[number] | undefined; sort: HomeSort | undefined }>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });
  return (
    <StoreLayout title={q ? `Search: ${q}` : category ? `${category} products` : "All products"}>
      <div className="section-head">
        <h1>{heading}</h1>
        <div className="toolbar">
          <div className="field inline">
            <label htmlFor="filter-category">Category</label>
            <select id="filter-category" value={category ?? ""} onChange={(e) => set({ category: oneOf(PRODUCT_CATEGORIES, e.target.value) })}>
              <option value="">All categories</option>
              {PRODUCT_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className="field inline">
            <label htmlFor="filter-sort">Sort by</label>
            <select
              id="filter-sort"
              value={sort ?? "name"}
              onChange={(e) => set({ sort: e.target.value === "name" ? undefined : oneOf(SORTS, e.target.value) })}
            >
              {SORTS.map((k) => (
                <option key={k} value={k}>
                  {SORT_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div id="products">
        <QueryState query={products}>
          {(shelf) =>
            shelf.items.length === 0 ? (
              <div className="empty" role="status">
                <p>
                  <strong>No Products found.</strong>
                </p>
                <p>
                  {q
                    ? `Nothing matches “${q}”${category ? ` in ${category}` : ""}. Try another word, such as “floor” or “500ml”.`
                    : "There are no products in this category yet."}
                </p>
              </div>
            ) : (
              <>
                <p className="hint" role="status">
                  {shelf.total} {shelf.total === 1 ? "product" : "products"} found
                </p>
                <ProductGrid products={shelf.items} />
                <ShelfPager page={shelf.page} total={shelf.total} pageSize={shelf.pageSize} />
              </>
            )
          }
        </QueryState>
      </div>
    </StoreLayout>
  );
}
