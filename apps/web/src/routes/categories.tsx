import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../components/QueryState";
import { StoreLayout } from "../components/store/StoreLayout";
import { trpc } from "../lib/trpc";
import { categorySearch } from "../components/store/searchParams";
import { PageMeta } from "../components/store/Seo";

const BLURBS: Record<string, string> = {
  "Floor Care": "Floor cleaners for tiles, marble and granite",
  Kitchen: "Dishwash gels and degreasers",
  Bathroom: "Toilet, tile, drain and hand care",
  Laundry: "Detergents and fabric softeners",
  "Glass & Surfaces": "Glass sprays and steel polish",
  Disinfectants: "Germ protection for every surface",
  General: "All-purpose cleaners and refills",
};

export const Route = createFileRoute("/categories")({
  // waited for, so the page (also as the server renders it) comes with its list
  loader: async ({ context }) => {
    await context.trpc.products.categories.ensureData().catch(() => undefined);
  },
  component: CategoriesScreen,
});

function CategoriesScreen() {
  const categories = trpc.products.categories.useQuery();
  return (
    <StoreLayout title="Categories">
      <PageMeta
        path="/categories"
        title="Shop by category | Clean Store"
        description="Floor care, kitchen, bathroom, laundry, glass and surface cleaners and disinfectants, delivered across India."
      />
      <h1>Shop by category</h1>
      <QueryState query={categories} empty="No categories yet." isEmpty={(d) => d.length === 0}>
        {(list) => (
          <ul className="category-grid">
            {list.map((c) => (
              <li key={c}>
                <Link to="/search" search={categorySearch(c)} className="category-tile">
                  <strong>{c}</strong>
                  <span>{BLURBS[c] ?? "See the products"}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </StoreLayout>
  );
}
