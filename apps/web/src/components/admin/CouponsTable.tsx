import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import { DataTable } from "./DataTable";
import { StatusBadge } from "./StatusBadge";
import { couponMethods, couponOffer, couponUses, statusLabel } from "./couponText";

type Coupon = RouterOutputs["coupons"]["list"]["items"][number];

const col = createColumnHelper<Coupon>();

function couponColumns(onDisable: (c: Coupon) => void) {
  return [
    col.accessor("code", {
      header: "Code",
      cell: ({ row: { original: c } }) => (
        <Link to="/coupons" search={{ couponId: c.couponId }} aria-label={`Open coupon ${c.code}`}>
          {c.code}
        </Link>
      ),
    }),
    col.accessor("description", { header: "Description", cell: (c) => c.getValue() || "—" }),
    col.accessor((c) => couponOffer(c), { id: "offer", header: "Offer" }),
    col.accessor("minOrderValue", { header: "Min. order", cell: (c) => (c.getValue() > 0 ? `₹${c.getValue()}` : "—") }),
    col.accessor((c) => couponMethods(c.paymentMethods), { id: "methods", header: "Payment" }),
    col.accessor("startsAt", { header: "Starts", cell: (c) => formatDate(c.getValue()) }),
    col.accessor("endsAt", { header: "Ends", cell: (c) => formatDate(c.getValue()) }),
    col.accessor("usedCount", { header: "Uses", cell: ({ row: { original: c } }) => couponUses(c) }),
    col.accessor("status", { header: "Status", cell: (c) => <StatusBadge value={statusLabel(c.getValue())} /> }),
    col.display({
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row: { original: c } }) =>
        c.active ? (
          <button type="button" className="btn small danger" aria-label={`Disable ${c.code}`} onClick={() => onDisable(c)}>
            Disable
          </button>
        ) : (
          "—"
        ),
    }),
  ];
}

const CELL_CLASS = { usedCount: "num nowrap", minOrderValue: "num nowrap", startsAt: "nowrap", endsAt: "nowrap" };

/** The coupons of a page: each with its status now and its uses ("3 / 100"), and Disable. */
export function CouponsTable({ coupons }: { coupons: Coupon[] }) {
  const [toDisable, setToDisable] = useState<Coupon | null>(null);
  const [columns] = useState(() => couponColumns(setToDisable));
  const utils = trpc.useUtils();
  const disable = trpc.coupons.disable.useMutation({
    onSuccess: async (c) => {
      toast.success(`Coupon ${c.code} disabled.`);
      setToDisable(null);
      await utils.coupons.invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <>
      <DataTable
        screen="coupons"
        caption="Coupons"
        data={coupons}
        columns={columns}
        getRowId={(c) => String(c.couponId)}
        rowData={(c) => ({ "data-coupon": c.code })}
        cellClass={CELL_CLASS}
        sticky={["actions"]}
      />
      <ConfirmDialog
        open={toDisable !== null}
        title="Disable this coupon?"
        message={toDisable ? `Shoppers can no longer use ${toDisable.code}. Orders that used it keep their discount.` : ""}
        confirmLabel="Disable"
        busyLabel="Disabling..."
        busy={disable.isPending}
        onConfirm={() => toDisable && disable.mutate({ couponId: toDisable.couponId })}
        onCancel={() => setToDisable(null)}
      />
    </>
  );
}
