import { Link } from "@tanstack/react-router";
import { createColumnHelper, flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from "@tanstack/react-table";
import { useState } from "react";
import { formatDate, formatINR } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";
import { ColumnPicker } from "./ColumnPicker";
import { EyeIcon } from "./Icons";
import { OrderMove } from "./OrderMove";
import { StatusBadge } from "./StatusBadge";
import { useRememberedColumns } from "./useRememberedColumns";

export type DeskOrder = RouterOutputs["orderDesk"]["list"]["items"][number];
type Line = DeskOrder["lineStatuses"][number];

const time = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit" });

/** "Shipped × 2 · On the way × 1", and the returns waiting: the lines of one order at a glance. */
export function fulfilmentSummary(lines: readonly Line[]): { statuses: [string, number][]; returns: [string, number][] } {
  const count = (values: string[]) => [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())];
  return {
    statuses: count(lines.map((l) => l.orderStatus)),
    returns: count(lines.map((l) => l.returnStatus).filter((r) => r !== "Pending")),
  };
}

const col = createColumnHelper<DeskOrder>();

const columns = [
  col.accessor((o) => new Date(o.createdAt).getTime(), {
    id: "date",
    header: "Date",
    cell: ({ row }) => (
      <span className="nowrap">
        {formatDate(row.original.createdAt)}
        <span className="sub">{time.format(new Date(row.original.createdAt))} IST</span>
      </span>
    ),
  }),
  col.accessor("productOrderId", { header: "Reference", cell: (c) => <span className="nowrap">{c.getValue()}</span> }),
  col.accessor("customerName", {
    header: "Customer",
    cell: ({ row }) => (
      <>
        {row.original.customerName}
        <span className="sub nowrap">{row.original.phone ?? "—"}</span>
      </>
    ),
  }),
  col.accessor("itemCount", {
    header: "Items",
    cell: ({ row }) => <span title={row.original.lineStatuses.map((l) => `${l.productName} × ${l.quantity}`).join("\n")}>{row.original.itemCount}</span>,
  }),
  col.accessor("grandTotal", {
    header: "Total",
    cell: ({ row }) => (
      <>
        {formatINR(row.original.grandTotal)}
        {row.original.couponCode && <span className="sub nowrap">Coupon {row.original.couponCode}</span>}
      </>
    ),
  }),
  col.accessor("paymentStatus", {
    header: "Payment",
    cell: ({ row }) => (
      <>
        <StatusBadge value={row.original.paymentStatus} />
        <span className="sub">{row.original.paymentMethod}</span>
      </>
    ),
  }),
  col.accessor((o) => o.lineStatuses.map((l) => l.orderStatus).join(","), {
    id: "fulfilment",
    header: "Fulfilment",
    cell: ({ row }) => {
      const { statuses, returns } = fulfilmentSummary(row.original.lineStatuses);
      return (
        <span className="fulfilment">
          {statuses.map(([s, n]) => (
            <span key={s} className="nowrap">
              <StatusBadge value={s} />
              {statuses.length > 1 || n > 1 ? ` × ${n}` : ""}
            </span>
          ))}
          {returns.map(([r, n]) => (
            <span key={r} className="sub">
              Return {r}
              {n > 1 ? ` × ${n}` : ""}
            </span>
          ))}
        </span>
      );
    },
  }),
  col.display({
    id: "actions",
    header: "Action",
    enableHiding: false,
    cell: ({ row }) => (
      <div className="desk-actions">
        <Link
          to="/orders/$productOrderId"
          params={{ productOrderId: row.original.productOrderId }}
          className="icon-btn"
          aria-label={`View order ${row.original.productOrderId}`}
          title="View"
        >
          <EyeIcon />
        </Link>
        <OrderMove productOrderId={row.original.productOrderId} lines={row.original.lineStatuses} />
      </div>
    ),
  }),
];

/** Cell classes by column: numbers to the right, the action column sticky. */
const CELL_CLASS: Record<string, string> = { itemCount: "num", grandTotal: "num nowrap", actions: "sticky-action" };

const ariaSort = (s: false | "asc" | "desc") => (s === "asc" ? "ascending" : s === "desc" ? "descending" : undefined);

/** The Orders screen's table: one row per order, sortable (within the page), columns to hide, actions kept in view. */
export function OrderDeskTable({ orders }: { orders: DeskOrder[] }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useRememberedColumns("orders");
  // the app is not built with React Compiler, so nothing memoizes the table instance (TanStack Table v8)
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: orders,
    columns,
    state: { sorting, columnVisibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (o) => o.productOrderId,
  });
  return (
    <>
      <div className="table-tools">
        <ColumnPicker table={table} />
      </div>
      <div className="table-wrap">
        <table className="data desk-table">
          <caption className="visually-hidden">Orders, one row per order</caption>
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => (
                  <th
                    key={h.id}
                    scope="col"
                    className={h.column.id === "actions" ? "sticky-action" : undefined}
                    aria-sort={h.column.getCanSort() ? ariaSort(h.column.getIsSorted()) : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" className="sort-btn" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true">{{ asc: " ▲", desc: " ▼" }[h.column.getIsSorted() as string] ?? ""}</span>
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-order-ref={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={CELL_CLASS[cell.column.id]}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
