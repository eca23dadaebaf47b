import { createFileRoute } from "@tanstack/react-router";
import { OrderConfirmation } from "../../components/store/OrderConfirmation";
import { StoreLayout } from "../../components/store/StoreLayout";
import { OrderDelivery } from "../../components/store/shipments/OrderDelivery";
import { OrderTrustLinks } from "../../components/store/trust/OrderTrustLinks";
import { pathIds } from "../../lib/route-params";

/** An order reference as the store writes them (ORD-20250601-000123); anything else matches no page. */
const ORDER_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * One order of the customer's, where Continue and Checkout cart land (issue 23) and "Pay now"
 * leads: its own address, so Back and reload work. Not nested in My Orders (the `_`): its own screen.
 */
export const Route = createFileRoute("/_customer/myOrder/$customerId_/$productOrderId")({
  params: {
    parse: (params: { customerId: string; productOrderId: string }) =>
      pathIds({ customerId: params.customerId }) && ORDER_REFERENCE.test(params.productOrderId) ? params : false,
  },
  loader: ({ context, params }) => {
    void context.trpc.orders.order.prefetch({ productOrderId: params.productOrderId });
    // its Delivery section (#delivery, where the NDR message leads) comes with the page
    void context.trpc.shipments.forOrder.prefetch({ productOrderId: params.productOrderId });
  },
  component: OrderPlaced,
});

function OrderPlaced() {
  const { customerId } = Route.useRouteContext();
  const { productOrderId } = Route.useParams();
  return (
    <StoreLayout title={`Order ${productOrderId}`}>
      <OrderConfirmation customerId={customerId} productOrderId={productOrderId} />
      <OrderDelivery productOrderId={productOrderId} />
      <OrderTrustLinks productOrderId={productOrderId} />
    </StoreLayout>
  );
}
