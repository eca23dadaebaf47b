import { createFileRoute } from "@tanstack/react-router";
import { categoryPagePath } from "@store/domain";
import { PRODUCT_CATEGORIES } from "@store/validators/constants";
import { QueryState } from "../components/QueryState";
import { SORT_LABELS } from "../components/store/HomeScreen";
import { ProductGrid } from "../components/store/ProductCard";
import { ShelfPager } from "../components/store/ShelfPager";
import { StoreLayout } from "../components/store/StoreLayout";
import { NoIndex, PageMeta } from "../components/store/Seo";
import { productSearch, SEARCH_SORTS, SORTS, type SearchSort } from "../components/store/searchParams";
import { keepTyped } from "../lib/hydration";
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

/** a search's best matches first (docs/decisions.md, issue 18); a category or all products by name, as the home grid */
const defaultSort = (q: string | undefined): SearchSort => (q ? "relevance" : "name");
const SEARCH_SORT_LABELS: Record<SearchSort, string> = { relevance: "Best match", ...SORT_LABELS };

/** The one grid query of this screen, for the loader and the component alike. */
const shelfInput = ({ q, category, sort, page }: { q?: string; category?: (typeof PRODUCT_CATEGORIES)[number]; sort?: SearchSort; page?: number }) => ({
  search: q || undefined,
  category,
  sort: sort ?? defaultSort(q),
  page: page ?? 1,
});

/** `path` with its grid page: ?page=n from the second page on, as the pager links it */
const pageOf = (path: string, page: number | undefined) => (page ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path);

function SearchScreen() {
  const { q, category, sort, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const products = trpc.products.shelf.useQuery(shelfInput({ q, category, sort, page }));
  const heading = q ? `Search results for “${q}”` : category ? category : "All products";
  const set = (patch: Partial<{ category: (typeof PRODUCT_CATEGORIES)[number] | undefined; sort: SearchSort | undefined }>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });
  // also what was picked before the page's scripts started (keepTyped)
  const pickCategory = (value: string) => set({ category: oneOf(PRODUCT_CATEGORIES, value) });
  const pickSort = (value: string) => set({ sort: value === defaultSort(q) ? undefined : oneOf(q ? SEARCH_SORTS : SORTS, value) });
  return (
    <StoreLayout title={q ? `Search: ${q}` : category ? `${category} products` : "All products"}>
      {/* a category's page and all products name their canonical address (the sitemap's); a search's results are not indexed */}
      {q ? (
        <NoIndex />
      ) : (
        <PageMeta
          path={pageOf(category ? categoryPagePath(category) : "/search", page)}
          title={`${category ? `${category} products` : "All products"} | Clean Store`}
          description={`${category ?? "Cleaning products"} at Clean Store: prices in rupees with GST included, delivered across India.`}
        />
      )}
      <div className="section-head">
        <h1>{heading}</h1>
        <div className="toolbar">
          <div className="field inline">
            <label htmlFor="filter-category">Category</label>
            <select id="filter-category" value={category ?? ""} onChange={(e) => pickCategory(e.target.value)} ref={keepTyped(pickCategory)}>
              <option value="">All categories</option>
              {PRODUCT_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className="field inline">
            <label htmlFor="filter-sort">Sort by</label>
            <select id="filter-sort" value={sort ?? defaultSort(q)} onChange={(e) => pickSort(e.target.value)} ref={keepTyped(pickSort)}>
              {(q ? SEARCH_SORTS : SORTS).map((k) => (
                <option key={k} value={k}>
                  {SEARCH_SORT_LABELS[k]}
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
