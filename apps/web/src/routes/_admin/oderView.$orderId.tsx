import { createFileRoute } from "@tanstack/react-router";
import { idParams } from "../../components/admin/listSearch";
import { OrderDetailScreen } from "../../components/admin/OrderDetails";

export const Route = createFileRoute("/_admin/oderView/$orderId")({
  params: idParams("orderId"),
  component: Screen,
});

function Screen() {
  const { orderId } = Route.useParams();
  return <OrderDetailScreen title="Product Oder Details" orderId={orderId} backTo="/total-order" />;
}
