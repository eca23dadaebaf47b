import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { DataTable } from "./DataTable";
import { EyeIcon } from "./Icons";
import { ExportButton } from "./ExportButton";
import { ListFrame } from "./ListFrame";
import { useListSearch } from "./listSearch";
import { InvalidId } from "./OrdersTable";

type CartItem = RouterOutputs["cart"]["page"]["items"][number];

const col = createColumnHelper<CartItem>();

/** The spec's columns, the eye kept in view. */
const COLUMNS = [
  col.accessor("addToCartId", { header: "AddToCart Id" }),
  col.accessor("productOrderId", { header: "Product Order Id", cell: (c) => <span className="nowrap">{c.getValue()}</span> }),
  col.accessor("productId", { header: "Product Id" }),
  col.accessor("customerId", {
    header: "Customer Id",
    cell: (c) => (
      <Link to="/CustomerWaysAddToCart/$customerId" params={{ customerId: c.getValue() }} aria-label={`Cart entries of customer ${c.getValue()}`}>
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("productPrice", { header: "Product Price", cell: (c) => formatINR(c.getValue()) }),
  col.accessor("quantity", { header: "Quantity" }),
  col.accessor("productName", { header: "Product Name" }),
  col.accessor((c) => new Date(c.addToCartDateTime).getTime(), {
    id: "addToCartDateTime",
    header: "Add DateTime",
    cell: ({ row }) => <span className="nowrap">{formatDateTime(row.original.addToCartDateTime)}</span>,
  }),
  col.display({
    id: "actions",
    header: "Action",
    enableHiding: false,
    cell: ({ row: { original: c } }) => (
      <Link
        to="/viewAddToCart/$addToCartId"
        params={{ addToCartId: c.addToCartId }}
        className="icon-btn"
        aria-label={`View cart entry ${c.addToCartId}`}
        title="View"
      >
        <EyeIcon />
      </Link>
    ),
  }),
];

const CELL_CLASS = { productPrice: "num nowrap", quantity: "num" };

export function CartTable({ items }: { items: CartItem[] }) {
  return (
    <DataTable
      screen="carts"
      caption="Cart entries"
      data={items}
      columns={COLUMNS}
      getRowId={(c) => String(c.addToCartId)}
      rowData={(c) => ({ "data-cart-id": c.addToCartId })}
      cellClass={CELL_CLASS}
      sticky={["actions"]}
    />
  );
}

/** All cart entries, or one customer's. */
export function CartListScreen({ title, customerId, intro }: { title: string; customerId?: number | null; intro?: ReactNode }) {
  const { page, search } = useListSearch();
  const query = trpc.cart.page.useQuery(
    { page, search, ...(customerId ? { customerId } : {}) },
    { placeholderData: keepPreviousData, enabled: customerId !== null },
  );
  if (customerId === null) return <InvalidId title={title} what="customer id" />;
  return (
    <ListFrame
      title={title}
      intro={intro}
      actions={customerId ? undefined : <ExportButton kind="carts" search={search} />}
      searchLabel="Search cart entries by id or product"
      query={query}
      empty="No AddToCart found."
      ownWrapper
    >
      {(items) => <CartTable items={items} />}
    </ListFrame>
  );
}
