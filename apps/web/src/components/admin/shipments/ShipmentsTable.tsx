// The Shipments list's table (issue 28): one row per box, NDRs first as the server orders them, with
// the last event, the failed-delivery details and the label kept in view.
import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { formatDate } from "../../../lib/format";
import { DocumentButton } from "../../OrderDocuments";
import { DataTable } from "../DataTable";
import { ShipmentBadge } from "./ShipmentBadge";
import { COURIER_LABEL, formatIst, type Shipment } from "./shipmentText";

const col = createColumnHelper<Shipment>();

const columns = [
  col.accessor("awb", { header: "AWB", cell: (c) => <span className="nowrap">{c.getValue()}</span> }),
  col.accessor("productOrderId", {
    header: "Order",
    cell: ({ row: { original: s } }) => (
      <Link to="/orders/$productOrderId" params={{ productOrderId: s.productOrderId }} className="nowrap" aria-label={`Open order ${s.productOrderId}`}>
        {s.productOrderId}
      </Link>
    ),
  }),
  col.accessor("courierName", {
    header: "Courier",
    cell: ({ row: { original: s } }) => (
      <>
        {s.courierName}
        <span className="sub">{COURIER_LABEL[s.courier]}</span>
      </>
    ),
  }),
  col.accessor("status", { header: "Status", cell: (c) => <ShipmentBadge status={c.getValue()} /> }),
  col.accessor("expectedDeliveryDate", { header: "Expected", cell: (c) => formatDate(c.getValue()) }),
  col.accessor((s) => s.events[0]?.at ?? "", {
    id: "lastEvent",
    header: "Last event",
    cell: ({ row: { original: s } }) => {
      const e = s.events[0];
      if (!e) return "—";
      return (
        <>
          {e.status}
          {e.location ? ` · ${e.location}` : ""}
          <span className="sub nowrap">{formatIst(e.at)}</span>
        </>
      );
    },
  }),
  col.accessor((s) => s.ndr?.attempts ?? 0, {
    id: "ndr",
    header: "NDR",
    cell: ({ row: { original: s } }) =>
      s.ndr ? (
        <span data-testid="ndr-cell">
          {s.ndr.attempts} {s.ndr.attempts === 1 ? "attempt" : "attempts"}
          {s.ndr.reason && <span className="sub">{s.ndr.reason}</span>}
          <span className="sub">{s.ndr.action ? (s.ndr.action === "RTO" ? "Return to origin" : "Re-attempt") : "Awaiting your decision"}</span>
        </span>
      ) : (
        "—"
      ),
  }),
  col.display({
    id: "label",
    header: "Label",
    enableHiding: false,
    cell: ({ row: { original: s } }) =>
      s.labelAvailable ? (
        <DocumentButton label="Label" ariaLabel={`Download the label of shipment ${s.awb}`} href={s.labelUrl} number={`label-${s.awb}`} />
      ) : (
        <Link to="/orders/$productOrderId" params={{ productOrderId: s.productOrderId }} aria-label={`Open the order of shipment ${s.awb}`}>
          Open
        </Link>
      ),
  }),
];

const CELL_CLASS = { expectedDeliveryDate: "nowrap" };

export function ShipmentsTable({ shipments }: { shipments: Shipment[] }) {
  return (
    <DataTable
      screen="shipments"
      caption="Shipments, failed deliveries first"
      data={shipments}
      columns={columns}
      getRowId={(s) => String(s.shipmentId)}
      rowData={(s) => ({ "data-awb": s.awb, "data-status": s.status })}
      cellClass={CELL_CLASS}
      sticky={["label"]}
    />
  );
}
