import { createFileRoute } from "@tanstack/react-router";
import { listRouteSearch } from "../../components/admin/listSearch";
import { OrderListScreen } from "../../components/admin/OrdersTable";

export const Route = createFileRoute("/_admin/TotalOrderDelivery")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.orders.page.prefetch({ ...deps, view: "delivered" });
  },
  component: () => <OrderListScreen view="delivered" title="Total Order Delivery" />,
});
