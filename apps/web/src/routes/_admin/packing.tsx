import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ListFrame } from "../../components/admin/ListFrame";
import { listRouteSearch, useListSearch } from "../../components/admin/listSearch";
import { PackingTable } from "../../components/admin/shipments/PackingTable";
import { listPageOfQueue } from "../../components/admin/shipments/shipmentText";
import "../../components/admin/shipments/shipments.css";
import { trpc } from "../../lib/trpc";

const queueInput = (page: number, search: string) => ({ status: "all", payment: "all", fulfilment: "Awaiting shipment", page, search }) as const;

export const Route = createFileRoute("/_admin/packing")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.orderDesk.list.prefetch(queueInput(deps.page ?? 1, deps.search ?? ""));
  },
  component: Packing,
});

/**
 * The packing queue (issue 28): orders with lines not yet in a shipment, the oldest waiting first.
 * The desk's list is newest first, so the queue's page 1 is the list's last page, turned round: a
 * first call learns how many pages there are.
 */
function Packing() {
  const { page, search } = useListSearch();
  const head = trpc.orderDesk.list.useQuery(queueInput(1, search), { placeholderData: keepPreviousData });
  const listPage = head.data ? listPageOfQueue(page, head.data.total, head.data.pageSize) : 1;
  const query = trpc.orderDesk.list.useQuery(queueInput(listPage, search), {
    enabled: head.data !== undefined,
    placeholderData: keepPreviousData,
    select: (data) => ({
      ...data,
      page,
      items: [...data.items].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()),
    }),
  });
  return (
    <ListFrame
      title="Packing"
      intro={<p className="hint">Orders with lines awaiting shipment, oldest first. Ship opens the order's Ship form.</p>}
      searchLabel="Search the queue by order reference, customer name or phone"
      query={head.isError ? head : query}
      empty="Nothing to pack: every open line is in a shipment."
      ownWrapper
    >
      {(items) => <PackingTable orders={items} />}
    </ListFrame>
  );
}
