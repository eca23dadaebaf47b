// The Complaints list's table (issue 31): one row per ticket, overdue first as the server orders them,
// with both of the law's clocks on every row.
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { GRIEVANCE_CATEGORY_WORDS } from "@store/domain";
import { DataTable } from "../DataTable";
import { ticketClocks } from "./Clock";
import { TrustBadge } from "./TrustBadge";
import type { GrievanceRow } from "./trustText";

const col = createColumnHelper<GrievanceRow>();

const columns = (now: number) => [
  col.accessor("ticketNumber", {
    header: "Ticket",
    cell: (c) => (
      <Link to="/grievances/$ticketNumber" params={{ ticketNumber: c.getValue() }} className="nowrap">
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("subject", {
    header: "Subject",
    cell: ({ row: { original: g } }) => (
      <>
        {g.subject}
        <span className="sub">
          {GRIEVANCE_CATEGORY_WORDS[g.category]}
          {g.productOrderId && (
            <>
              {" · "}
              <Link to="/orders/$productOrderId" params={{ productOrderId: g.productOrderId }} className="nowrap">
                {g.productOrderId}
              </Link>
            </>
          )}
        </span>
      </>
    ),
  }),
  col.accessor("name", { header: "Complainant" }),
  col.accessor("status", { header: "Status", cell: (c) => <TrustBadge status={c.getValue()} /> }),
  col.accessor((g) => String(g.acknowledgeBy), {
    id: "acknowledgeBy",
    header: "Acknowledge by",
    cell: ({ row: { original: g } }) => ticketClocks(g, now).acknowledge,
  }),
  col.accessor((g) => String(g.resolveBy), { id: "resolveBy", header: "Resolve by", cell: ({ row: { original: g } }) => ticketClocks(g, now).resolve }),
  col.display({
    id: "open",
    header: "Open",
    enableHiding: false,
    cell: ({ row: { original: g } }) => (
      <Link to="/grievances/$ticketNumber" params={{ ticketNumber: g.ticketNumber }} aria-label={`Open ticket ${g.ticketNumber}`}>
        Open
      </Link>
    ),
  }),
];

export function GrievancesTable({ tickets, now }: { tickets: GrievanceRow[]; now: number }) {
  return (
    <DataTable
      screen="grievances"
      caption="Complaints, overdue first"
      data={tickets}
      columns={columns(now)}
      getRowId={(g) => g.ticketNumber}
      rowData={(g) => ({ "data-ticket": g.ticketNumber, "data-status": g.status, "data-overdue": g.overdue ? "true" : "false" })}
      sticky={["open"]}
    />
  );
}
