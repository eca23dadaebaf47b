import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, stripSearchParams, useNavigate } from "@tanstack/react-router";
import { ListFrame } from "../../components/admin/ListFrame";
import { listSearchSchema, useListSearch, type ListSearch } from "../../components/admin/listSearch";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { PincodeImport } from "../../components/admin/PincodeImport";
import { PincodesTable } from "../../components/admin/PincodesTable";
import { trpc } from "../../lib/trpc";

type PincodeSearch = ListSearch & { serviceable?: false };

export const Route = createFileRoute("/_admin/pin-codes")({
  validateSearch: (search: Record<string, unknown>): PincodeSearch => ({
    ...listSearchSchema(search),
    ...(search.serviceable === false || search.serviceable === "false" ? { serviceable: false as const } : {}),
  }),
  search: { middlewares: [stripSearchParams<PincodeSearch>({ page: 1, search: "" })] },
  component: Pincodes,
});

/** The PIN-code directory (issue 27, the owner only): India Post's, with the courier lists imported over it. */
function Pincodes() {
  return useIsStaff() ? <OwnerOnlyScreen title="PIN codes" note="The owner keeps the PIN codes the store delivers to." /> : <PincodeList />;
}

function PincodeList() {
  const { page, search } = useListSearch();
  const { serviceable } = Route.useSearch();
  const navigate = useNavigate();
  const query = trpc.pincodes.list.useQuery({ page, search, ...(serviceable === false ? { serviceable } : {}) }, { placeholderData: keepPreviousData });
  return (
    <ListFrame
      title="PIN codes"
      intro={
        <>
          <PincodeImport />
          <div className="head-actions">
            <div className="check-field">
              <input
                id="pincodes-unserviceable"
                type="checkbox"
                checked={serviceable === false}
                onChange={(e) => void navigate({ to: ".", search: (prev) => ({ ...prev, page: 1, serviceable: e.target.checked ? false : undefined }) })}
              />
              <label htmlFor="pincodes-unserviceable">Only PIN codes not serviceable</label>
            </div>
          </div>
        </>
      }
      searchLabel="Search by PIN code (or its first digits), city or district"
      query={query}
      empty="No PIN code found."
      ownWrapper
    >
      {(items) => <PincodesTable pincodes={items} />}
    </ListFrame>
  );
}
