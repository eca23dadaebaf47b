import { Link } from "@tanstack/react-router";
import { SORTS, type HomeSort } from "./searchParams";
import { keepTyped } from "../../lib/hydration";
import { oneOf } from "../../lib/searchParams";
import { QueryState } from "../QueryState";
import { trpc } from "../../lib/trpc";
import { Carousel } from "./Carousel";
import { PromiseTiles } from "./PromiseTiles";
import { ProductGrid } from "./ProductCard";
import { ShelfPager } from "./ShelfPager";
import { StoreLayout } from "./StoreLayout";

export const SORT_LABELS: Record<HomeSort, string> = {
  name: "Name (A–Z)",
  newest: "New arrivals",
  priceAsc: "Price: low to high",
  priceDesc: "Price: high to low",
};

/** The home grid's query, for the route loaders and the screen alike. */
export const homeShelfInput = ({ sort, page }: { sort?: HomeSort; page?: number }) => ({ sort: sort ?? "name", page: page ?? 1 });

/** The storefront home (/ for guests, /product/{customerId} for customers). */
export function HomeScreen({ sort, page, onSort }: { sort: HomeSort | undefined; page: number | undefined; onSort: (s: HomeSort) => void }) {
  const products = trpc.products.shelf.useQuery(homeShelfInput({ sort, page }));
  // also what was picked before the page's scripts started (keepTyped)
  const pick = (value: string) => {
    const picked = oneOf(SORTS, value);
    if (picked) onSort(picked);
  };
  return (
    <StoreLayout title="Cleaning products online">
      <h1 className="visually-hidden">Clean Store: cleaning products online</h1>
      <Carousel />
      <PromiseTiles />
      <section id="products" className="home-products" aria-labelledby="products-heading" tabIndex={-1}>
        <div className="section-head">
          <h2 id="products-heading">{sort === "newest" ? "New Arrivals" : "Our Products"}</h2>
          <div className="field inline">
            <label htmlFor="home-sort">Sort by</label>
            <select id="home-sort" value={sort ?? "name"} onChange={(e) => pick(e.target.value)} ref={keepTyped(pick)}>
              {(Object.keys(SORT_LABELS) as HomeSort[]).map((k) => (
                <option key={k} value={k}>
                  {SORT_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <QueryState query={products} empty="No Products found." isEmpty={(d) => d.items.length === 0}>
          {(shelf) => (
            <>
              <ProductGrid products={shelf.items} />
              <ShelfPager page={shelf.page} total={shelf.total} pageSize={shelf.pageSize} />
            </>
          )}
        </QueryState>
        <p className="more-links">
          <Link to="/categories">Browse by category</Link> · <Link to="/trending">See what is trending</Link>
        </p>
      </section>
    </StoreLayout>
  );
}
