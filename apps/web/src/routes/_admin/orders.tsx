import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { OrderDateRange, OrderDeskTabs } from "../../components/admin/OrderDeskFilters";
import { OrderDeskTable } from "../../components/admin/OrderDeskTable";
import { orderDeskInput, orderDeskRouteSearch, useOrderDeskSearch } from "../../components/admin/orderDeskSearch";
import { Pager } from "../../components/admin/Pager";
import { SearchBox } from "../../components/admin/SearchBox";
import { QueryState } from "../../components/QueryState";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/orders")({
  ...orderDeskRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.orderDesk.list.prefetch(orderDeskInput(deps));
  },
  component: Orders,
});

/** The order desk (issue 24): one row per order, filtered by tab, dates and search, all in the URL. */
function Orders() {
  const { input } = useOrderDeskSearch();
  const query = trpc.orderDesk.list.useQuery(input, { placeholderData: keepPreviousData });
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Orders | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Orders</h1>
      </div>
      <OrderDeskTabs />
      <div className="desk-filters">
        <SearchBox placeholder="Search orders by reference, customer name or phone" />
        <OrderDateRange />
      </div>
      <QueryState query={query}>
        {(data) => (
          <div aria-busy={query.isFetching ? true : undefined}>
            {data.items.length === 0 ? <p className="empty">No Order found.</p> : <OrderDeskTable orders={data.items} />}
            {data.total > 0 && <Pager total={data.total} page={data.page} pageSize={data.pageSize} />}
          </div>
        )}
      </QueryState>
    </section>
  );
}
