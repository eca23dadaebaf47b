import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from "@store/domain";
import { ListFrame } from "../../components/admin/ListFrame";
import { listSearchSchema, useListSearch } from "../../components/admin/listSearch";
import { OwnerOnly } from "../../components/admin/OwnerOnly";
import { GrievanceFilters, type GrievanceSearch } from "../../components/admin/trust/GrievanceFilters";
import { GrievanceReport } from "../../components/admin/trust/GrievanceReport";
import { GrievancesTable } from "../../components/admin/trust/GrievancesTable";
import { useNow } from "../../components/admin/trust/trustText";
import "../../components/admin/trust/trust.css";
import { oneOf } from "../../lib/searchParams";
import { trpc } from "../../lib/trpc";

const listInput = (s: GrievanceSearch) => ({ page: s.page ?? 1, search: s.search ?? "", status: s.status, category: s.category, overdue: s.overdue });

export const Route = createFileRoute("/_admin/grievances")({
  validateSearch: (search: Record<string, unknown>): GrievanceSearch => ({
    ...listSearchSchema(search),
    status: oneOf(GRIEVANCE_STATUSES, search.status),
    category: oneOf(GRIEVANCE_CATEGORIES, search.category),
    overdue: search.overdue === true || search.overdue === "true" ? true : undefined,
  }),
  search: { middlewares: [stripSearchParams<GrievanceSearch>({ page: 1, search: "" })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.grievances.list.prefetch(listInput(deps));
  },
  component: Grievances,
});

/**
 * Complaints (issue 31; Consumer Protection (E-Commerce) Rules 2020, rule 4): every ticket with its
 * two clocks — acknowledge within 48 hours, resolve within a month — overdue first; the owner's
 * monthly report under the list.
 */
function Grievances() {
  const { page, search } = useListSearch();
  const { status, category, overdue } = Route.useSearch();
  const now = useNow();
  const query = trpc.grievances.list.useQuery(listInput({ page, search, status, category, overdue }), { placeholderData: keepPreviousData });
  return (
    <>
      <ListFrame
        title="Complaints"
        intro={
          <>
            <p className="hint">The law&apos;s clocks: acknowledge within 48 hours, resolve within one month. Overdue tickets come first.</p>
            <GrievanceFilters status={status} category={category} overdue={overdue} />
          </>
        }
        searchLabel="Search complaints by ticket, name, e-mail, phone, subject or order"
        query={query}
        empty="No complaints found."
        ownWrapper
      >
        {(items) => <GrievancesTable tickets={items} now={now} />}
      </ListFrame>
      <div className="admin-page">
        <OwnerOnly note="The owner sees the monthly complaints report here.">
          <GrievanceReport />
        </OwnerOnly>
      </div>
    </>
  );
}
