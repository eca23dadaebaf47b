import { createFileRoute } from "@tanstack/react-router";
import { listRouteSearch } from "../../components/admin/listSearch";
import { OrderListScreen } from "../../components/admin/OrdersTable";

export const Route = createFileRoute("/_admin/total-order")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.orders.page.prefetch({ ...deps, view: "all" });
  },
  component: () => <OrderListScreen view="all" title="Total Orders" />,
});
