import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, Link, stripSearchParams, useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { COURIERS, SHIPMENT_STATUSES, type Courier, type ShipmentStatus } from "@store/domain";
import { ListFrame } from "../../components/admin/ListFrame";
import { listSearchSchema, useListSearch } from "../../components/admin/listSearch";
import { ShipmentsTable } from "../../components/admin/shipments/ShipmentsTable";
import { COURIER_LABEL } from "../../components/admin/shipments/shipmentText";
import "../../components/admin/shipments/shipments.css";
import { oneOf } from "../../lib/searchParams";
import { trpc } from "../../lib/trpc";

interface ShipmentSearch {
  page?: number;
  search?: string;
  status?: ShipmentStatus;
  courier?: Courier;
}

// failed deliveries first: they must be acted on within a day
const TAB_STATUSES: ShipmentStatus[] = ["NDR", ...SHIPMENT_STATUSES.filter((s) => s !== "NDR")];

const listInput = (s: ShipmentSearch) => ({ page: s.page ?? 1, search: s.search ?? "", status: s.status, courier: s.courier });

export const Route = createFileRoute("/_admin/shipments")({
  validateSearch: (search: Record<string, unknown>): ShipmentSearch => ({
    ...listSearchSchema(search),
    status: oneOf(SHIPMENT_STATUSES, search.status),
    courier: oneOf(COURIERS, search.courier),
  }),
  search: { middlewares: [stripSearchParams<ShipmentSearch>({ page: 1, search: "" })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.shipments.list.prefetch(listInput(deps));
  },
  component: Shipments,
});

/** The Shipments list (issue 28): by status with the NDRs first and counted, by courier, searched by AWB or order. */
function Shipments() {
  const { page, search } = useListSearch();
  const { status, courier } = Route.useSearch();
  const query = trpc.shipments.list.useQuery(listInput({ page, search, status, courier }), { placeholderData: keepPreviousData });
  const ndr = trpc.shipments.list.useQuery({ page: 1, search: "", status: "NDR", courier });
  const tabs: { label: string; status: ShipmentStatus | undefined }[] = [
    { label: "All", status: undefined },
    ...TAB_STATUSES.map((s) => ({ label: s === "NDR" && ndr.data ? `NDR (${ndr.data.total})` : s, status: s })),
  ];
  return (
    <ListFrame
      title="Shipments"
      intro={
        <div className="shipment-filters">
          <nav className="desk-tabs" aria-label="Shipment status">
            <ul>
              {tabs.map((t) => (
                <li key={t.label}>
                  <Link
                    to="/shipments"
                    search={(prev) => ({ ...prev, status: t.status, page: 1 })}
                    activeProps={{}}
                    activeOptions={{ exact: true }}
                    className={status === t.status ? "active" : undefined}
                    aria-current={status === t.status ? "page" : undefined}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <CourierFilter courier={courier} />
        </div>
      }
      searchLabel="Search shipments by AWB or order reference"
      query={query}
      empty="No shipments found."
      ownWrapper
    >
      {(items) => <ShipmentsTable shipments={items} />}
    </ListFrame>
  );
}

function CourierFilter({ courier }: { courier: Courier | undefined }) {
  const id = useId();
  const navigate = useNavigate({ from: "/shipments" });
  return (
    <span className="courier-filter">
      <label htmlFor={id}>Courier</label>
      <select
        id={id}
        value={courier ?? ""}
        onChange={(e) => void navigate({ search: (prev) => ({ ...prev, courier: oneOf(COURIERS, e.target.value), page: 1 }) })}
      >
        <option value="">All couriers</option>
        {COURIERS.map((c) => (
          <option key={c} value={c}>
            {COURIER_LABEL[c]}
          </option>
        ))}
      </select>
    </span>
  );
}
