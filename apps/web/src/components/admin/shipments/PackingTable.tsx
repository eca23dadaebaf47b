// The packing queue's table (issue 28): orders with lines waiting for a box, oldest first, each with
// those lines, its payment, and "Ship" to the order view's Ship form.
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { formatINR } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";
import { DataTable } from "../DataTable";
import { StatusBadge } from "../StatusBadge";
import { formatIst } from "./shipmentText";

export type PackingOrder = RouterOutputs["orderDesk"]["list"]["items"][number];

const waiting = (o: PackingOrder) =>
  o.lineStatuses.filter((l) => l.fulfilment === "Awaiting shipment" && l.orderStatus !== "Cancelled" && l.orderStatus !== "Completed");

const col = createColumnHelper<PackingOrder>();

const columns = [
  col.accessor((o) => new Date(o.createdAt).getTime(), {
    id: "placed",
    header: "Placed",
    cell: ({ row: { original: o } }) => <span className="nowrap">{formatIst(o.createdAt)}</span>,
  }),
  col.accessor("productOrderId", {
    header: "Order",
    cell: ({ row: { original: o } }) => (
      <Link to="/orders/$productOrderId" params={{ productOrderId: o.productOrderId }} className="nowrap" aria-label={`Open order ${o.productOrderId}`}>
        {o.productOrderId}
      </Link>
    ),
  }),
  col.accessor("customerName", {
    header: "Customer",
    cell: ({ row: { original: o } }) => (
      <>
        {o.customerName}
        <span className="sub nowrap">{o.phone ?? "—"}</span>
      </>
    ),
  }),
  col.accessor("awaitingShipment", {
    header: "To pack",
    cell: ({ row: { original: o } }) => (
      <ul className="packing-lines" aria-label={`Lines of ${o.productOrderId} awaiting shipment`}>
        {waiting(o).map((l) => (
          <li key={l.orderId}>
            {l.productName} × {l.quantity}
          </li>
        ))}
      </ul>
    ),
  }),
  col.accessor("grandTotal", { header: "Total", cell: (c) => formatINR(c.getValue()) }),
  col.accessor("paymentStatus", {
    header: "Payment",
    cell: ({ row: { original: o } }) => (
      <>
        <StatusBadge value={o.paymentStatus} />
        <span className="sub">{o.paymentMethod}</span>
      </>
    ),
  }),
  col.display({
    id: "ship",
    header: "Ship",
    enableHiding: false,
    cell: ({ row: { original: o } }) => (
      <Link
        to="/orders/$productOrderId"
        params={{ productOrderId: o.productOrderId }}
        hash="ship"
        className="btn small"
        aria-label={`Ship order ${o.productOrderId}`}
      >
        Ship
      </Link>
    ),
  }),
];

const CELL_CLASS = { grandTotal: "num nowrap", awaitingShipment: "" };

export function PackingTable({ orders }: { orders: PackingOrder[] }) {
  return (
    <DataTable
      screen="packing"
      caption="Orders with lines awaiting shipment, oldest first"
      data={orders}
      columns={columns}
      getRowId={(o) => o.productOrderId}
      rowData={(o) => ({ "data-order-ref": o.productOrderId })}
      cellClass={CELL_CLASS}
      sticky={["ship"]}
    />
  );
}
