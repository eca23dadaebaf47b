import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { CartTabs } from "../../components/store/CartTabs";
import { ProductImage } from "../../components/store/ProductImage";
import { StatusBadge } from "../../components/store/OrderTracker";
import { StoreLayout } from "../../components/store/StoreLayout";
import { formatDate, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_customer/myOrder/$customerId")({
  loader: ({ context }) => {
    void context.trpc.orders.orderProducts.prefetch({ customerId: context.customerId });
  },
  component: MyOrders,
});

function MyOrders() {
  const { customerId } = Route.useRouteContext();
  const orders = trpc.orders.orderProducts.useQuery({ customerId });
  return (
    <StoreLayout title="My Orders">
      <CartTabs customerId={customerId} current="orders" />
      <h1>My Orders</h1>
      <QueryState query={orders} empty="No Order found." isEmpty={(d) => d.orderProducts.length === 0}>
        {({ orderProducts }) => (
          <ul className="order-list">
            {orderProducts.map((o) => (
              <li key={o.orderId}>
                <Link
                  to="/orderDetails/$customerId/$orderId"
                  params={{ customerId: String(customerId), orderId: String(o.orderId) }}
                  className="order-row card"
                  aria-label={`${o.products[0]?.productName ?? o.productName}, order ${o.productOrderId}, ${o.orderStatus}. Track this order`}
                >
                  <ProductImage src={o.productImg} alt="" size={150} className="order-thumb" />
                  <div className="order-row-info">
                    <h2 className="product-name">{o.products[0]?.productName ?? o.productName}</h2>
                    <p className="hint">
                      {o.packSize} · Ref. {o.productOrderId} · Ordered {formatDate(o.orderAddDateTime)}
                    </p>
                    <dl className="facts">
                      <div>
                        <dt>Quantity</dt>
                        <dd>{o.quantity}</dd>
                      </div>
                      <div>
                        <dt>Total</dt>
                        <dd className="price">{formatINR(o.orderTotalPrice)}</dd>
                      </div>
                      <div>
                        <dt>Payment</dt>
                        <dd>{o.paymentStatus}</dd>
                      </div>
                      <div>
                        <dt>{o.orderStatus === "Completed" ? "Delivered" : "Expected delivery"}</dt>
                        <dd>{o.orderStatus === "Completed" ? formatDate(o.endDate) : o.orderStatus === "Cancelled" ? "—" : formatDate(o.deliveryDate)}</dd>
                      </div>
                    </dl>
                  </div>
                  <StatusBadge status={o.orderStatus} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </StoreLayout>
  );
}
