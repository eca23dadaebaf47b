import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatDate, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { EyeIcon, PencilIcon } from "./Icons";
import { ExportButton } from "./ExportButton";
import { ListFrame } from "./ListFrame";
import { useListSearch } from "./listSearch";
import { StatusBadge } from "./StatusBadge";

type Order = RouterOutputs["orders"]["page"]["items"][number];
export type OrderView = "all" | "shipping" | "delivered";

/** The three order lists differ in where the customer id and the eye lead, and in the Status Update column. */
function CustomerLink({ view, customerId }: { view: OrderView; customerId: number }) {
  const params = { customerId };
  const label = `Orders of customer ${customerId}`;
  if (view === "shipping")
    return (
      <Link to="/CustomerViewOderShipping/$customerId" params={params} aria-label={label}>
        {customerId}
      </Link>
    );
  if (view === "delivered")
    return (
      <Link to="/CustomerViewOderDelivery/$customerId" params={params} aria-label={label}>
        {customerId}
      </Link>
    );
  return (
    <Link to="/CustomerWaysOrder/$customerId" params={params} aria-label={label}>
      {customerId}
    </Link>
  );
}

function ViewLink({ view, orderId }: { view: OrderView; orderId: number }) {
  const props = { params: { orderId }, className: "icon-btn", "aria-label": `View order ${orderId}`, title: "View" };
  if (view === "shipping")
    return (
      <Link to="/ViewOrderShipping/$orderId" {...props}>
        <EyeIcon />
      </Link>
    );
  if (view === "delivered")
    return (
      <Link to="/viewOrderDelivery/$orderId" {...props}>
        <EyeIcon />
      </Link>
    );
  return (
    <Link to="/oderView/$orderId" {...props}>
      <EyeIcon />
    </Link>
  );
}

export function OrdersTable({ orders, view }: { orders: Order[]; view: OrderView }) {
  return (
    <table className="data">
      <thead>
        <tr>
          <th scope="col">Order Id</th>
          <th scope="col">Product Order Id</th>
          <th scope="col">Customer Id</th>
          <th scope="col">Product Id</th>
          <th scope="col">Product Price</th>
          <th scope="col">Order Price</th>
          <th scope="col">Product Name</th>
          <th scope="col">Quantity</th>
          <th scope="col">Payment Status</th>
          <th scope="col">Delivery Date</th>
          <th scope="col">Order Status</th>
          {view === "shipping" && <th scope="col">Status Update</th>}
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderId} data-order-id={o.orderId}>
            <td>{o.orderId}</td>
            <td className="nowrap">{o.productOrderId}</td>
            <td>
              <CustomerLink view={view} customerId={o.customerId} />
            </td>
            <td>{o.productId}</td>
            <td className="num">{formatINR(o.productPrice)}</td>
            <td className="num">{formatINR(o.orderTotalPrice)}</td>
            <td>{o.productName}</td>
            <td className="num">{o.quantity}</td>
            <td>
              <StatusBadge value={o.paymentStatus} />
            </td>
            <td className="nowrap">{formatDate(o.deliveryDate)}</td>
            <td>
              <StatusBadge value={o.orderStatus} />
              {o.returnStatus !== "Pending" && <span className="sub">Return {o.returnStatus}</span>}
            </td>
            {view === "shipping" && (
              <td>
                <Link
                  to="/updateOrderShipping/$orderId"
                  params={{ orderId: o.orderId }}
                  className="icon-btn"
                  aria-label={`Update status of order ${o.orderId}`}
                  title="Update status"
                >
                  <PencilIcon />
                </Link>
              </td>
            )}
            <td>
              <ViewLink view={view} orderId={o.orderId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const EMPTY: Record<OrderView, string> = { all: "No Order found.", shipping: "No Order Shipping found.", delivered: "No Order found." };

/** One list screen for all six order lists (all / shipping / delivered, optionally of one customer). */
export function OrderListScreen({ view, title, customerId, intro }: { view: OrderView; title: string; customerId?: number | null; intro?: ReactNode }) {
  const { page, search } = useListSearch();
  const query = trpc.orders.page.useQuery(
    { page, search, view, ...(customerId ? { customerId } : {}) },
    { placeholderData: keepPreviousData, enabled: customerId !== null },
  );
  if (customerId === null) return <InvalidId title={title} what="customer id" />;
  return (
    <ListFrame
      title={title}
      intro={intro}
      actions={customerId ? undefined : <ExportButton kind="orders" search={search} view={view} />}
      searchLabel="Search orders by id, product, customer or status"
      query={query}
      empty={EMPTY[view]}
    >
      {(items) => <OrdersTable orders={items} view={view} />}
    </ListFrame>
  );
}

export function InvalidId({ title, what }: { title: string; what: string }) {
  return (
    <section className="admin-page">
      <title>{`${title} | Clean Store Admin`}</title>
      <h1>{title}</h1>
      <div className="error-box" role="alert">
        <p>The {what} in the address is not valid.</p>
      </div>
    </section>
  );
}
