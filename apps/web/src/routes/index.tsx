import { createFileRoute } from "@tanstack/react-router";
import { HomeScreen, homeShelfInput } from "../components/store/HomeScreen";
import { homeSearch } from "../components/store/searchParams";
import { JsonLd, organizationJsonLd, PageMeta } from "../components/store/Seo";
import { usePublicUrl } from "../lib/public-url";
import { trpc } from "../lib/trpc";

export const Route = createFileRoute("/")({
  validateSearch: homeSearch,
  loaderDeps: ({ search }) => ({ sort: search.sort, page: search.page }),
  // waited for, so the first paint already has the grid and the footer does not jump (CLS 0);
  // a failure is left to the grid's own error state
  // (the store's facts: customer care in the page's JSON-LD Organization)
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.trpc.products.shelf.ensureData(homeShelfInput(deps)).catch(() => undefined),
      context.trpc.settings.storeFacts.ensureData().catch(() => undefined),
    ]);
  },
  component: GuestHome,
});

function GuestHome() {
  const { sort, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const facts = trpc.settings.storeFacts.useQuery(undefined, { staleTime: 10 * 60_000 });
  const publicUrl = usePublicUrl();
  return (
    <>
      <PageMeta
        path={page ? `/?page=${page}` : "/"}
        title="Clean Store: cleaning products online"
        description="Floor cleaners, dishwash, laundry and bathroom care delivered to your door across India. Prices in rupees, GST included."
      />
      <JsonLd data={organizationJsonLd(publicUrl, facts.data)} />
      <HomeScreen sort={sort} page={page} onSort={(s) => void navigate({ search: { sort: s === "name" ? undefined : s }, hash: "products", replace: true })} />
    </>
  );
}
