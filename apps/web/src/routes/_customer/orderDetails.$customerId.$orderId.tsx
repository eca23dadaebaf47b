import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { lineAfterDiscount, minusINR } from "../../components/order-discount";
import { OrderPayment } from "../../components/store/OrderPayment";
import { PayNow } from "../../components/store/PayNow";
import { StatusBadge } from "../../components/store/OrderTracker";
import { ProductImage } from "../../components/store/ProductImage";
import { ProductLink } from "../../components/store/ProductLink";
import { ReturnRequest } from "../../components/store/ReturnRequest";
import { toId } from "../../components/store/session";
import { OrderTrustLinks } from "../../components/store/trust/OrderTrustLinks";
import { StoreLayout } from "../../components/store/StoreLayout";
import { LineTracking } from "../../components/store/shipments/LineTracking";
import { formatDate, formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";

export const Route = createFileRoute("/_customer/orderDetails/$customerId/$orderId")({
  params: { parse: pathIds },
  loader: ({ context, params }) => {
    const orderId = toId(params.orderId);
    if (orderId) void context.trpc.orders.byId.prefetch({ orderId });
  },
  component: OrderDetails,
});

function OrderDetails() {
  const { customerId } = Route.useRouteContext();
  const orderId = toId(Route.useParams().orderId);
  const order = trpc.orders.byId.useQuery({ orderId: orderId ?? 0 }, { enabled: orderId !== null });
  return (
    <StoreLayout title={orderId === null ? "Order not found" : order.data ? `Order ${order.data.productOrderId}` : "Order"}>
      <p className="crumbs">
        <Link to="/myOrder/$customerId" params={{ customerId: String(customerId) }}>
          ← My Orders
        </Link>
      </p>
      {orderId === null ? (
        <p className="empty">This order link is not valid.</p>
      ) : (
        <QueryState query={order}>
          {(o) => (
            <>
              <div className="section-head">
                <h1>Order {o.productOrderId}</h1>
                <StatusBadge status={o.orderStatus} />
              </div>
              <OrderPayNow customerId={customerId} productOrderId={o.productOrderId} />
              <LineTracking order={o} customerId={customerId} />
              <div className="order-detail card">
                <ProductImage src={o.productImg} alt={`${o.productName} ${o.label}`} size={150} />
                <div>
                  <h2 className="product-name">
                    <ProductLink productId={o.productId} pack={o.variantId}>
                      {o.productName}
                    </ProductLink>{" "}
                    <span className="pack-name">– {o.label}</span>
                  </h2>
                  <dl className="details-grid">
                    <dt>Order reference</dt>
                    <dd>{o.productOrderId}</dd>
                    <dt>Pack</dt>
                    <dd>
                      {o.label} (SKU {o.sku})
                    </dd>
                    <dt>Ordered on</dt>
                    <dd>{formatDateTime(o.ProductOrderDate)}</dd>
                    <dt>Expected delivery</dt>
                    <dd>{o.orderStatus === "Cancelled" ? "—" : formatDate(o.deliveryDate)}</dd>
                    {o.endDate && (
                      <>
                        <dt>{o.orderStatus === "Cancelled" ? "Cancelled on" : "Delivered on"}</dt>
                        <dd>{formatDate(o.endDate)}</dd>
                      </>
                    )}
                    <dt>Order status</dt>
                    <dd>{o.orderStatus}</dd>
                    <dt>Payment status</dt>
                    <dd>{o.paymentStatus}</dd>
                    <dt>Quantity</dt>
                    <dd>{o.quantity}</dd>
                    <dt>Price</dt>
                    <dd>{formatINR(o.productPrice)}</dd>
                    <dt>Delivery charge</dt>
                    <dd>{o.deliveryCharge === 0 ? "Free" : formatINR(o.deliveryCharge)}</dd>
                    {o.discount > 0 && (
                      <>
                        <dt className="discount">Coupon discount</dt>
                        <dd className="discount" data-testid="line-discount">
                          {minusINR(o.discount)}
                        </dd>
                      </>
                    )}
                    <dt>Total</dt>
                    <dd className="price">{formatINR(lineAfterDiscount(o))}</dd>
                    <dt>Deliver to</dt>
                    <dd>
                      {o.customerName}, {o.shippingAddress}
                    </dd>
                  </dl>
                </div>
              </div>
              <OrderTrustLinks productOrderId={o.productOrderId} rateProductId={o.orderStatus === "Completed" ? o.productId : null} />
              <OrderPayment productOrderId={o.productOrderId} orderId={o.orderId} />
              <ReturnRequest order={o} />
            </>
          )}
        </QueryState>
      )}
    </StoreLayout>
  );
}

/** An unpaid UPI order's Pay now with its time left, above the tracker (the payment block is far down on a phone). */
function OrderPayNow({ customerId, productOrderId }: { customerId: number; productOrderId: string }) {
  const order = trpc.orders.order.useQuery({ productOrderId });
  const payBefore = order.data?.payment.expiresAt;
  return payBefore ? <PayNow customerId={customerId} productOrderId={productOrderId} payBefore={payBefore} /> : null;
}
