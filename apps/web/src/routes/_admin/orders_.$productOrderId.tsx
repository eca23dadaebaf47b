import { createFileRoute } from "@tanstack/react-router";
import { OrderDeskView } from "../../components/admin/OrderDeskView";
import { CodConfirmCard } from "../../components/admin/messaging/CodConfirmCard";
import { OrderShipments } from "../../components/admin/shipments/OrderShipments";

/** An order reference as the store writes them (ORD-20250601-000123); anything else matches no page. */
const ORDER_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * One order as a whole, where a row of the order desk (/orders) leads (issue 24). Not nested in the
 * desk (the `_`): its own screen. The spec's per-line screens (/oderView/{orderId} …) stay as they are.
 */
export const Route = createFileRoute("/_admin/orders_/$productOrderId")({
  params: {
    parse: (params: { productOrderId: string }) => (ORDER_REFERENCE.test(params.productOrderId) ? params : false),
  },
  loader: ({ context, params }) => {
    void context.trpc.orders.order.prefetch({ productOrderId: params.productOrderId });
  },
  component: Screen,
});

function Screen() {
  const { productOrderId } = Route.useParams();
  return (
    <>
      <OrderDeskView productOrderId={productOrderId} />
      <CodConfirmCard productOrderId={productOrderId} />
      <OrderShipments productOrderId={productOrderId} />
    </>
  );
}
