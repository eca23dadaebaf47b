import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import { PencilIcon, TrashIcon } from "./Icons";

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

export function CustomersTable({ customers }: { customers: Customer[] }) {
  const [toDelete, setToDelete] = useState<Customer | null>(null);
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
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Customer ID</th>
            <th scope="col">Customer Name</th>
            <th scope="col">Email Id</th>
            <th scope="col">Phone Number</th>
            <th scope="col">Address</th>
            <th scope="col">State</th>
            <th scope="col">Pin Code</th>
            <th scope="col">Area Address</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.customerId} data-customer-id={c.customerId}>
              <td>{c.customerId}</td>
              <td>
                {c.firstName} {c.lastName}
              </td>
              <td>{c.email}</td>
              <td className="nowrap">{c.number}</td>
              <td>
                {c.houseNo}, {c.city}
              </td>
              <td>{c.state}</td>
              <td>{c.pinCode}</td>
              <td>{c.areaAddress}</td>
              <td>
                <StatusSelect customer={c} />
              </td>
              <td className="actions">
                <Link
                  to="/updatecustomer/$customerId"
                  params={{ customerId: c.customerId }}
                  className="icon-btn"
                  aria-label={`Edit ${c.firstName} ${c.lastName}`}
                  title="Edit"
                >
                  <PencilIcon />
                </Link>
                <button
                  type="button"
                  className="icon-btn danger"
                  aria-label={`Delete ${c.firstName} ${c.lastName}`}
                  title="Delete"
                  onClick={() => setToDelete(c)}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
