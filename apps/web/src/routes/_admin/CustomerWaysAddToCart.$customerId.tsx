import { createFileRoute } from "@tanstack/react-router";
import { CartListScreen } from "../../components/admin/CartTable";
import { CustomerIntro } from "../../components/admin/CustomerIntro";
import { idParams, listRouteSearch } from "../../components/admin/listSearch";

export const Route = createFileRoute("/_admin/CustomerWaysAddToCart/$customerId")({
  params: idParams("customerId"),
  ...listRouteSearch,
  component: Screen,
});

function Screen() {
  const { customerId } = Route.useParams();
  return <CartListScreen title="Customer AddToCart" customerId={customerId} intro={<CustomerIntro customerId={customerId} />} />;
}
