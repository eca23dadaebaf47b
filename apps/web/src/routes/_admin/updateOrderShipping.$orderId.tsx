import { createFileRoute } from "@tanstack/react-router";
import { idParams } from "../../components/admin/listSearch";
import { OrderDetailScreen } from "../../components/admin/OrderDetails";
import { OrderStatusUpdate, ReturnDecision } from "../../components/admin/OrderStatusUpdate";

export const Route = createFileRoute("/_admin/updateOrderShipping/$orderId")({
  params: idParams("orderId"),
  component: Screen,
});

/** Unlike the old read-only screen, this one really moves the order along its lifecycle. */
function Screen() {
  const { orderId } = Route.useParams();
  return (
    <OrderDetailScreen title="Update Product Shipping Oder Details" orderId={orderId} backTo="/totalShippingOrder">
      {(order) => (
        <>
          <OrderStatusUpdate key={`${order.orderId}-${order.orderStatus}-${order.paymentStatus}`} order={order} />
          <ReturnDecision order={order} />
        </>
      )}
    </OrderDetailScreen>
  );
}
