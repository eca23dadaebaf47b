import { createFileRoute } from "@tanstack/react-router";
import { OpenRefunds } from "../../components/admin/OpenRefunds";
import { OwnerOnly } from "../../components/admin/OwnerOnly";
import { PaymentDecision } from "../../components/admin/PaymentDecision";
import { QueryState } from "../../components/QueryState";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/payments")({
  loader: ({ context }) => {
    void context.trpc.payments.awaiting.prefetch();
    void context.trpc.payments.openRefunds.prefetch();
  },
  component: Payments,
});

/** UPI payments whose UTR waits for the admin: check each against the bank statement, then confirm or reject. */
function Payments() {
  const query = trpc.payments.awaiting.useQuery();
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Payments | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Payments</h1>
      </div>
      <p className="hint">
        UPI payments awaiting verification: find the UTR and amount in the bank statement, then confirm, or reject with a reason the customer sees.
      </p>
      <QueryState query={query} empty="No payment is awaiting verification." isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="data">
              <caption className="visually-hidden">Payments awaiting verification</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Amount</th>
                  <th scope="col">UTR</th>
                  <th scope="col">Placed</th>
                  <th scope="col">UTR sent</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.productOrderId}>
                    <td className="nowrap">{p.productOrderId}</td>
                    <td>
                      {p.customerName} <span className="sub">#{p.customerId}</span>
                    </td>
                    <td className="num">{formatINR(p.amount)}</td>
                    <td className="nowrap">{p.utr ?? "—"}</td>
                    <td className="nowrap">{formatDateTime(p.placedAt)}</td>
                    <td className="nowrap">{formatDateTime(p.sentAt)}</td>
                    <td className="actions">
                      <OwnerOnly note="The store's owner confirms or rejects payments.">
                        <PaymentDecision productOrderId={p.productOrderId} utr={p.utr} />
                      </OwnerOnly>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <OpenRefunds />
    </section>
  );
}
