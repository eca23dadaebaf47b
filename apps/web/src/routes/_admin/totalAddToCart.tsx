import { createFileRoute } from "@tanstack/react-router";
import { CartListScreen } from "../../components/admin/CartTable";
import { listRouteSearch } from "../../components/admin/listSearch";

export const Route = createFileRoute("/_admin/totalAddToCart")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.cart.page.prefetch(deps);
  },
  component: () => <CartListScreen title="Total AddToCart" />,
});
