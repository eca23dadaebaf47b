import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { CustomersTable } from "../../components/admin/CustomersTable";
import { ExportButton } from "../../components/admin/ExportButton";
import { ListFrame } from "../../components/admin/ListFrame";
import { listRouteSearch, useListSearch } from "../../components/admin/listSearch";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/customer-management")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.customers.page.prefetch(deps);
  },
  component: CustomerManagement,
});

function CustomerManagement() {
  const { page, search } = useListSearch();
  const query = trpc.customers.page.useQuery({ page, search }, { placeholderData: keepPreviousData });
  return (
    <ListFrame
      title="Customer Management"
      actions={<ExportButton kind="customers" search={search} />}
      searchLabel="Search customers by id, name, email, phone or address"
      query={query}
      empty="No Customer found."
      ownWrapper
    >
      {(items) => <CustomersTable customers={items} />}
    </ListFrame>
  );
}
