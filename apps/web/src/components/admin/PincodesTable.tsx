import { createColumnHelper } from "@tanstack/react-table";
import { formatDate } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";
import { DataTable } from "./DataTable";

type Pincode = RouterOutputs["pincodes"]["list"]["items"][number];

const col = createColumnHelper<Pincode>();
const yesNo = (v: boolean) => (v ? "Yes" : "No");

const columns = [
  col.accessor("pincode", { header: "PIN code" }),
  col.accessor("city", { header: "City" }),
  col.accessor("district", { header: "District" }),
  col.accessor((p) => `${p.stateName} (${p.stateCode})`, { id: "state", header: "State" }),
  col.accessor("serviceable", {
    header: "Serviceable",
    cell: (c) => <span className={c.getValue() ? undefined : "status-inactive"}>{yesNo(c.getValue())}</span>,
  }),
  col.accessor("cod", { header: "COD", cell: (c) => yesNo(c.getValue()) }),
  col.accessor("etaDays", { header: "Days", cell: (c) => c.getValue() ?? "—" }),
  col.accessor("source", { header: "From", cell: (c) => (c.getValue() === "import" ? "Courier list" : "India Post") }),
  col.accessor((p) => new Date(p.updatedAt).getTime(), { id: "updatedAt", header: "Updated", cell: ({ row }) => formatDate(row.original.updatedAt) }),
];

/** The PIN-code directory, a page of it (issue 27). */
export function PincodesTable({ pincodes }: { pincodes: Pincode[] }) {
  return (
    <DataTable
      screen="pincodes"
      caption="PIN codes"
      data={pincodes}
      columns={columns}
      getRowId={(p) => p.pincode}
      rowData={(p) => ({ "data-pincode": p.pincode })}
    />
  );
}
