import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatDate, formatDateTime, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { DetailFrame, ReadOnlyFields } from "./ReadOnlyFields";
import { InvalidId } from "./OrdersTable";
import { OrderPaymentCard } from "./OrderPaymentCard";

export type Order = RouterOutputs["orders"]["byId"];
const yesNo = (b: boolean) => (b ? "Yes" : "No");

/** Every field of an order as a read-only form, with its 150x150 product image. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <div className="card detail-card">
      <div className="detail-media">
        {order.productImg ? (
          <img src={order.productImg} width={150} height={150} alt={order.productName} />
        ) : (
          <div className="no-img" aria-hidden="true">
            No image
          </div>
        )}
      </div>
      <ReadOnlyFields
        fields={[
          ["Order", order.productOrderId],
          ["Line", order.orderId],
          ["Customer Id", order.customerId],
          ["Customer Name", order.customerName],
          ["Product Id", order.productId],
          ["Product Name", order.productName],
          ["Pack Size", order.packSize],
          ["SKU", order.sku],
          ["Product Price", formatINR(order.productPrice)],
          ["Quantity", order.quantity],
          ["Delivery Charge", order.deliveryCharge === 0 ? "Free" : formatINR(order.deliveryCharge)],
          ["Order Price", formatINR(order.orderTotalPrice)],
          ["Coupon Discount", order.discount > 0 ? formatINR(order.discount) : "None"],
          ["Payment Status", order.paymentStatus],
          ["Order Status", order.orderStatus],
          ["Return Status", order.returnStatus],
          ["Return Reason", order.returnReason],
          ["Order Date", formatDateTime(order.orderAddDateTime)],
          ["Delivery Date", formatDate(order.deliveryDate)],
          ["Start Date", formatDate(order.startDate)],
          ["End Date", order.endDate ? formatDateTime(order.endDate) : ""],
          ["Confirm Order", yesNo(order.confirmOrder)],
          ["On The Way", yesNo(order.onTheWay)],
          ["Pick Up", yesNo(order.pickUp)],
          ["Shipping Address", order.shippingAddress],
        ]}
      />
    </div>
  );
}

type BackTo = "/total-order" | "/totalShippingOrder" | "/TotalOrderDelivery";

/** A detail screen of one order: title, Back, the read-only form and optional extra panels. */
export function OrderDetailScreen({
  title,
  orderId,
  backTo,
  children,
}: {
  title: string;
  orderId: number | null;
  backTo: BackTo;
  children?: (order: Order) => ReactNode;
}) {
  const query = trpc.orders.byId.useQuery({ orderId: orderId ?? 0 }, { enabled: orderId !== null });
  if (orderId === null) return <InvalidId title={title} what="order id" />;
  return (
    <DetailFrame
      title={title}
      back={
        <span className="toolbar">
          {query.data && (
            <Link to="/orders/$productOrderId" params={{ productOrderId: query.data.productOrderId }} className="btn secondary">
              Whole order {query.data.productOrderId}
            </Link>
          )}
          <Link to={backTo} className="btn secondary">
            Back
          </Link>
        </span>
      }
    >
      <QueryState query={query}>
        {(order) => (
          <>
            {children?.(order)}
            <OrderDetails order={order} />
            <OrderPaymentCard productOrderId={order.productOrderId} />
          </>
        )}
      </QueryState>
    </DetailFrame>
  );
}
