import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { formatDate, formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import { DataTable } from "./DataTable";
import { PencilIcon, TrashIcon } from "./Icons";
import { PhoneVerified } from "./messaging/PhoneVerified";

type Customer = RouterOutputs["customers"]["page"]["items"][number];

function StatusSelect({ customer }: { customer: Customer }) {
  const utils = trpc.useUtils();
  const mutation = trpc.customers.setStatus.useMutation({
    onSuccess: async (res) => {
      toast.success(`${customer.firstName} ${customer.lastName}: ${res.message}`);
      await utils.customers.invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const value = mutation.isPending ? String(mutation.variables?.customerStatus) : String(customer.customerStatus);
  return (
    <select
      aria-label={`Status of ${customer.firstName} ${customer.lastName}`}
      value={value}
      disabled={mutation.isPending}
      onChange={(e) => mutation.mutate({ customerId: customer.customerId, customerStatus: e.target.value === "true" })}
      className={customer.customerStatus ? "status-active" : "status-inactive"}
    >
      <option value="true">Active</option>
      <option value="false">Inactive</option>
    </select>
  );
}

const col = createColumnHelper<Customer>();

/** An email that may break before its "@" (and anywhere past 16 characters), so it does not widen the table. */
function Email({ value }: { value: string }) {
  const at = value.lastIndexOf("@");
  return (
    <span className="break">
      {at > 0 ? (
        <>
          {value.slice(0, at)}
          <wbr />
          {value.slice(at)}
        </>
      ) : (
        value
      )}
    </span>
  );
}
const fullName = (c: Customer) => `${c.firstName} ${c.lastName}`;

/**
 * The spec's columns in its order, with the customer's orders (issue 24) after the phone number, so that
 * they are on screen at 1366 px beside the menu; the status switch and the actions are kept in view.
 */
function customerColumns(onDelete: (c: Customer) => void) {
  return [
    col.accessor("customerId", { header: "Customer ID" }),
    col.accessor(fullName, { id: "name", header: "Customer Name" }),
    col.accessor("email", { header: "Email Id", cell: (c) => <Email value={c.getValue()} /> }),
    col.accessor("number", {
      header: "Phone Number",
      cell: (c) => (
        <span className="nowrap">
          {c.getValue()}
          <PhoneVerified verified={c.row.original.phoneVerified} at={c.row.original.phoneVerifiedAt} />
        </span>
      ),
    }),
    col.accessor("ordersCount", {
      header: "Orders",
      cell: ({ row }) =>
        row.original.ordersCount > 0 ? (
          <Link
            to="/CustomerWaysOrder/$customerId"
            params={{ customerId: row.original.customerId }}
            aria-label={`${row.original.ordersCount} orders of ${fullName(row.original)}`}
          >
            {row.original.ordersCount}
          </Link>
        ) : (
          0
        ),
    }),
    col.accessor("totalSpent", { header: "Total Spent", cell: (c) => formatINR(c.getValue()) }),
    col.accessor((c) => (c.lastOrderAt ? new Date(c.lastOrderAt).getTime() : 0), {
      id: "lastOrderAt",
      header: "Last Order",
      cell: ({ row }) => <span className="nowrap">{formatDate(row.original.lastOrderAt)}</span>,
    }),
    col.accessor((c) => `${c.houseNo}, ${c.city}`, { id: "address", header: "Address" }),
    col.accessor("state", { header: "State" }),
    col.accessor("pinCode", { header: "Pin Code" }),
    col.accessor("areaAddress", { header: "Area Address" }),
    col.accessor("customerStatus", { header: "Status", cell: ({ row }) => <StatusSelect customer={row.original} /> }),
    col.display({
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row }) => (
        <>
          <Link
            to="/updatecustomer/$customerId"
            params={{ customerId: row.original.customerId }}
            className="icon-btn"
            aria-label={`Edit ${fullName(row.original)}`}
            title="Edit"
          >
            <PencilIcon />
          </Link>
          <button
            type="button"
            className="icon-btn danger"
            aria-label={`Delete ${fullName(row.original)}`}
            title="Delete"
            onClick={() => onDelete(row.original)}
          >
            <TrashIcon />
          </button>
        </>
      ),
    }),
  ];
}

const CELL_CLASS = { ordersCount: "num", totalSpent: "num nowrap" };

export function CustomersTable({ customers }: { customers: Customer[] }) {
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  const [columns] = useState(() => customerColumns(setToDelete));
  const utils = trpc.useUtils();
  const remove = trpc.customers.delete.useMutation({
    onSuccess: async () => {
      toast.success(`Customer ${toDelete?.customerId} deleted.`);
      setToDelete(null);
      await Promise.all([utils.customers.invalidate(), utils.stats.invalidate()]);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <>
      <DataTable
        screen="customers"
        caption="Customers"
        data={customers}
        columns={columns}
        getRowId={(c) => String(c.customerId)}
        rowData={(c) => ({ "data-customer-id": c.customerId })}
        cellClass={CELL_CLASS}
        sticky={["customerStatus", "actions"]}
        lastStickyWidth={80}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this customer?"
        message={toDelete ? `${toDelete.firstName} ${toDelete.lastName} (ID ${toDelete.customerId}) will be deleted. Their orders stay on the books.` : ""}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ customerId: toDelete.customerId })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
