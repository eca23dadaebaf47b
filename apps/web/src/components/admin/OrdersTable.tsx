import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { formatDate, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { DataTable } from "./DataTable";
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

const col = createColumnHelper<Order>();

/** The spec's columns of each list; only the shipping list has Status Update. Both action columns stay in view. */
function orderColumns(view: OrderView) {
  return [
    col.accessor("orderId", { header: "Order Id" }),
    col.accessor("productOrderId", { header: "Product Order Id", cell: (c) => <span className="nowrap">{c.getValue()}</span> }),
    col.accessor("customerId", { header: "Customer Id", cell: (c) => <CustomerLink view={view} customerId={c.getValue()} /> }),
    col.accessor("productId", { header: "Product Id" }),
    col.accessor("productPrice", { header: "Product Price", cell: (c) => formatINR(c.getValue()) }),
    col.accessor("orderTotalPrice", { header: "Order Price", cell: (c) => formatINR(c.getValue()) }),
    col.accessor("productName", { header: "Product Name" }),
    col.accessor("quantity", { header: "Quantity" }),
    col.accessor("paymentStatus", { header: "Payment Status", cell: (c) => <StatusBadge value={c.getValue()} /> }),
    col.accessor((o) => new Date(o.deliveryDate).getTime(), {
      id: "deliveryDate",
      header: "Delivery Date",
      cell: ({ row }) => <span className="nowrap">{formatDate(row.original.deliveryDate)}</span>,
    }),
    col.accessor("orderStatus", {
      header: "Order Status",
      cell: ({ row: { original: o } }) => (
        <>
          <StatusBadge value={o.orderStatus} />
          {o.returnStatus !== "Pending" && <span className="sub">Return {o.returnStatus}</span>}
        </>
      ),
    }),
    ...(view === "shipping"
      ? [
          col.display({
            id: "statusUpdate",
            header: "Status Update",
            enableHiding: false,
            cell: ({ row: { original: o } }) => (
              <Link
                to="/updateOrderShipping/$orderId"
                params={{ orderId: o.orderId }}
                className="icon-btn"
                aria-label={`Update status of order ${o.orderId}`}
                title="Update status"
              >
                <PencilIcon />
              </Link>
            ),
          }),
        ]
      : []),
    col.display({
      id: "actions",
      header: "Action",
      enableHiding: false,
      cell: ({ row }) => <ViewLink view={view} orderId={row.original.orderId} />,
    }),
  ];
}

const COLUMNS = { all: orderColumns("all"), shipping: orderColumns("shipping"), delivered: orderColumns("delivered") };
const STICKY: Record<OrderView, string[]> = { all: ["actions"], shipping: ["statusUpdate", "actions"], delivered: ["actions"] };
const SCREEN: Record<OrderView, string> = { all: "total-orders", shipping: "shipping-orders", delivered: "delivered-orders" };
const CAPTION: Record<OrderView, string> = { all: "Orders, one row per order line", shipping: "Orders in shipping", delivered: "Delivered orders" };
const CELL_CLASS = { productPrice: "num nowrap", orderTotalPrice: "num nowrap", quantity: "num" };

export function OrdersTable({ orders, view }: { orders: Order[]; view: OrderView }) {
  return (
    <DataTable
      screen={SCREEN[view]}
      caption={CAPTION[view]}
      data={orders}
      columns={COLUMNS[view]}
      getRowId={(o) => String(o.orderId)}
      rowData={(o) => ({ "data-order-id": o.orderId })}
      cellClass={CELL_CLASS}
      sticky={STICKY[view]}
    />
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
      ownWrapper
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
