import { createFileRoute } from "@tanstack/react-router";
import { HomeScreen, homeShelfInput } from "../components/store/HomeScreen";
import { homeSearch } from "../components/store/searchParams";
import { requireCustomer } from "../components/store/session";
import { pathIds } from "../lib/route-params";

export const Route = createFileRoute("/product/$customerId")({
  params: { parse: pathIds },
  validateSearch: homeSearch,
  beforeLoad: requireCustomer,
  loaderDeps: ({ search }) => ({ sort: search.sort, page: search.page }),
  // waited for, so the first paint already has the grid and the footer does not jump (CLS 0);
  // a failure is left to the grid's own error state
  loader: async ({ context, deps }) => {
    await context.trpc.products.shelf.ensureData(homeShelfInput(deps)).catch(() => undefined);
  },
  component: CustomerHome,
});

function CustomerHome() {
  const { sort, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomeScreen sort={sort} page={page} onSort={(s) => void navigate({ search: { sort: s === "name" ? undefined : s }, hash: "products", replace: true })} />
  );
}
