import { createFileRoute } from "@tanstack/react-router";
import { idParams } from "../../components/admin/listSearch";
import { OrderDetailScreen } from "../../components/admin/OrderDetails";

export const Route = createFileRoute("/_admin/ViewOrderShipping/$orderId")({
  params: idParams("orderId"),
  component: Screen,
});

function Screen() {
  const { orderId } = Route.useParams();
  return <OrderDetailScreen title="Order Shipping Details" orderId={orderId} backTo="/totalShippingOrder" />;
}
