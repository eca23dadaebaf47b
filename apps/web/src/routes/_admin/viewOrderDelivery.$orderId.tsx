import { createFileRoute } from "@tanstack/react-router";
import { idParams } from "../../components/admin/listSearch";
import { OrderDetailScreen } from "../../components/admin/OrderDetails";

export const Route = createFileRoute("/_admin/viewOrderDelivery/$orderId")({
  params: idParams("orderId"),
  component: Screen,
});

function Screen() {
  const { orderId } = Route.useParams();
  return <OrderDetailScreen title="Complete Order Delivery Details" orderId={orderId} backTo="/TotalOrderDelivery" />;
}
