import { createFileRoute, Link } from "@tanstack/react-router";
import { invoicePdfPath } from "@store/domain";
import { DocumentButton } from "../../components/OrderDocuments";
import { QueryState } from "../../components/QueryState";
import { lineAfterDiscount, minusINR } from "../../components/order-discount";
import { CartTabs } from "../../components/store/CartTabs";
import { PayNow } from "../../components/store/PayNow";
import { ProductImage } from "../../components/store/ProductImage";
import { StatusBadge } from "../../components/store/OrderTracker";
import { StoreLayout } from "../../components/store/StoreLayout";
import { ShipmentSummary } from "../../components/store/shipments/ShipmentSummary";
import { withPack } from "../../components/store/packs";
import { OrderTrustLinks, RateLink } from "../../components/store/trust/OrderTrustLinks";
import { formatDate, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";

type Line = RouterOutputs["orders"]["orderProducts"]["orderProducts"][number];

/** How many orders still on their way read their parcels for the list (one batched request); the rest link to their order page. */
const SHIPMENT_DETAILS_MAX = 5;

/** The orders, newest first, with a line in a shipment that is not delivered or cancelled yet: the list shows where their parcels are. */
function onTheirWay(lines: readonly Line[]): Set<string> {
  const open = lines.filter((l) => l.shipmentId !== null && l.orderStatus !== "Completed" && l.orderStatus !== "Cancelled");
  return new Set([...new Set(open.map((l) => l.productOrderId))].slice(0, SHIPMENT_DETAILS_MAX));
}

/** Lines of one checkout together, newest order first (the lines come newest first). */
function byOrder(lines: readonly Line[]): { productOrderId: string; lines: Line[] }[] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) groups.set(line.productOrderId, [...(groups.get(line.productOrderId) ?? []), line]);
  return [...groups].map(([productOrderId, ls]) => ({ productOrderId, lines: ls }));
}

export const Route = createFileRoute("/_customer/myOrder/$customerId")({
  params: { parse: pathIds },
  loader: ({ context }) => {
    void context.trpc.orders.orderProducts.prefetch({ customerId: context.customerId });
  },
  component: MyOrders,
});

function MyOrders() {
  const { customerId } = Route.useRouteContext();
  const orders = trpc.orders.orderProducts.useQuery({ customerId });
  const tracked = onTheirWay(orders.data?.orderProducts ?? []);
  return (
    <StoreLayout title="My Orders">
      <CartTabs customerId={customerId} current="orders" />
      <h1>My Orders</h1>
      <QueryState query={orders} empty="No Order found." isEmpty={(d) => d.orderProducts.length === 0}>
        {({ orderProducts }) => (
          <ul className="order-groups">
            {byOrder(orderProducts).map((group) => (
              <li key={group.productOrderId} className="order-group">
                <div className="order-group-head">
                  <h2>Order {group.productOrderId}</h2>
                  <span className="hint">
                    {group.lines.length} {group.lines.length === 1 ? "item" : "items"} · Payment {group.lines[0]?.paymentStatus}
                  </span>
                  <DocumentButton
                    label="Download invoice"
                    href={invoicePdfPath(group.productOrderId)}
                    number={`invoice-${group.productOrderId}`}
                    ariaLabel={`Download the invoice of order ${group.productOrderId}`}
                  />
                  {group.lines.some((l) => l.shipmentId !== null) && (
                    <ShipmentSummary customerId={customerId} productOrderId={group.productOrderId} withDetails={tracked.has(group.productOrderId)} />
                  )}
                </div>
                <OrderTrustLinks productOrderId={group.productOrderId} />
                {group.lines[0]?.payBefore && <PayNow customerId={customerId} productOrderId={group.productOrderId} payBefore={group.lines[0].payBefore} />}
                <ul className="order-list">
                  {group.lines.map((o) => (
                    <li key={o.orderId}>
                      <Link
                        to="/orderDetails/$customerId/$orderId"
                        params={{ customerId: String(customerId), orderId: String(o.orderId) }}
                        className="order-row card"
                        aria-label={`${withPack(o.products[0]?.productName ?? o.productName, o.label)}, order ${o.productOrderId}, ${o.orderStatus}. Track this order`}
                      >
                        <ProductImage src={o.productImg} alt="" size={150} className="order-thumb" />
                        <div className="order-row-info">
                          <h3 className="product-name">
                            {o.products[0]?.productName ?? o.productName} <span className="pack-name">– {o.label}</span>
                          </h3>
                          <p className="hint">
                            {o.sku && `SKU ${o.sku} · `}Ref. {o.productOrderId} · Ordered {formatDate(o.orderAddDateTime)}
                          </p>
                          <dl className="facts">
                            <div>
                              <dt>Quantity</dt>
                              <dd>{o.quantity}</dd>
                            </div>
                            <div>
                              <dt>Total</dt>
                              <dd className="price">
                                {formatINR(lineAfterDiscount(o))}
                                {o.discount > 0 && <span className="discount line-coupon">coupon {minusINR(o.discount)}</span>}
                              </dd>
                            </div>
                            <div>
                              <dt>Payment</dt>
                              <dd>{o.paymentStatus}</dd>
                            </div>
                            <div>
                              <dt>{o.orderStatus === "Completed" ? "Delivered" : "Expected delivery"}</dt>
                              <dd>
                                {o.orderStatus === "Completed" ? formatDate(o.endDate) : o.orderStatus === "Cancelled" ? "—" : formatDate(o.deliveryDate)}
                              </dd>
                            </div>
                          </dl>
                        </div>
                        <StatusBadge status={o.orderStatus} />
                      </Link>
                      {o.orderStatus === "Completed" && <RateLink productId={o.productId} productName={o.products[0]?.productName ?? o.productName} />}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </StoreLayout>
  );
}
