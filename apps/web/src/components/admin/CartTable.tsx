import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { EyeIcon } from "./Icons";
import { ExportButton } from "./ExportButton";
import { ListFrame } from "./ListFrame";
import { useListSearch } from "./listSearch";
import { InvalidId } from "./OrdersTable";

type CartItem = RouterOutputs["cart"]["page"]["items"][number];

export function CartTable({ items }: { items: CartItem[] }) {
  return (
    <table className="data">
      <thead>
        <tr>
          <th scope="col">AddToCart Id</th>
          <th scope="col">Product Order Id</th>
          <th scope="col">Product Id</th>
          <th scope="col">Customer Id</th>
          <th scope="col">Product Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Product Name</th>
          <th scope="col">Add DateTime</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {items.map((c) => (
          <tr key={c.addToCartId} data-cart-id={c.addToCartId}>
            <td>{c.addToCartId}</td>
            <td className="nowrap">{c.productOrderId}</td>
            <td>{c.productId}</td>
            <td>
              <Link to="/CustomerWaysAddToCart/$customerId" params={{ customerId: c.customerId }} aria-label={`Cart entries of customer ${c.customerId}`}>
                {c.customerId}
              </Link>
            </td>
            <td className="num">{formatINR(c.productPrice)}</td>
            <td className="num">{c.quantity}</td>
            <td>{c.productName}</td>
            <td className="nowrap">{formatDateTime(c.addToCartDateTime)}</td>
            <td>
              <Link
                to="/viewAddToCart/$addToCartId"
                params={{ addToCartId: c.addToCartId }}
                className="icon-btn"
                aria-label={`View cart entry ${c.addToCartId}`}
                title="View"
              >
                <EyeIcon />
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
    >
      {(items) => <CartTable items={items} />}
    </ListFrame>
  );
}
