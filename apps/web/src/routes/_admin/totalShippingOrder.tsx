import { createFileRoute } from "@tanstack/react-router";
import { listRouteSearch } from "../../components/admin/listSearch";
import { OrderListScreen } from "../../components/admin/OrdersTable";

export const Route = createFileRoute("/_admin/totalShippingOrder")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.orders.page.prefetch({ ...deps, view: "shipping" });
  },
  component: () => <OrderListScreen view="shipping" title="Total Order Shipping" />,
});
