import { createFileRoute } from "@tanstack/react-router";
import { CustomerIntro } from "../../components/admin/CustomerIntro";
import { idParams, listRouteSearch } from "../../components/admin/listSearch";
import { OrderListScreen } from "../../components/admin/OrdersTable";

export const Route = createFileRoute("/_admin/CustomerViewOderShipping/$customerId")({
  params: idParams("customerId"),
  ...listRouteSearch,
  component: Screen,
});

function Screen() {
  const { customerId } = Route.useParams();
  return <OrderListScreen view="shipping" title="Customer Order Shipping" customerId={customerId} intro={<CustomerIntro customerId={customerId} />} />;
}
