import { createFileRoute, Link } from "@tanstack/react-router";
import { listSearchSchema, type ListSearch } from "../../components/admin/listSearch";
import { OpenRefunds } from "../../components/admin/OpenRefunds";
import { OwnerOnly } from "../../components/admin/OwnerOnly";
import { PaymentDecision } from "../../components/admin/PaymentDecision";
import { PaymentHistory } from "../../components/admin/PaymentHistory";
import { UndoConfirmations } from "../../components/admin/UndoConfirmations";
import { QueryState } from "../../components/QueryState";
import { formatDateTime, formatINR } from "../../lib/format";
import { oneOf } from "../../lib/searchParams";
import { trpc } from "../../lib/trpc";

type PaymentsSearch = ListSearch & { view?: "history" };

export const Route = createFileRoute("/_admin/payments")({
  validateSearch: (search: Record<string, unknown>): PaymentsSearch => ({
    ...listSearchSchema(search),
    view: oneOf(["history"] as const, search.view),
  }),
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: ({ context, deps }) => {
    if (deps.view === "history") return;
    void context.trpc.payments.awaiting.prefetch();
    void context.trpc.payments.openRefunds.prefetch();
    void context.trpc.payments.undoable.prefetch();
  },
  component: Payments,
});

/** UPI payments whose UTR waits for the admin (check each against the bank statement, then confirm or reject), and the decisions made. */
function Payments() {
  const { view } = Route.useSearch();
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Payments | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Payments</h1>
      </div>
      <nav className="desk-tabs" aria-label="Payment lists">
        <ul>
          <li>
            <Link
              to="/payments"
              search={{}}
              activeProps={{}}
              activeOptions={{ exact: true }}
              className={view ? undefined : "active"}
              aria-current={view ? undefined : "page"}
            >
              Awaiting verification
            </Link>
          </li>
          <li>
            <Link
              to="/payments"
              search={{ view: "history" }}
              activeProps={{}}
              activeOptions={{ exact: true }}
              className={view === "history" ? "active" : undefined}
              aria-current={view === "history" ? "page" : undefined}
            >
              Confirmed / Rejected
            </Link>
          </li>
        </ul>
      </nav>
      {view === "history" ? <PaymentHistory /> : <Awaiting />}
    </section>
  );
}

function Awaiting() {
  const query = trpc.payments.awaiting.useQuery();
  return (
    <>
      <p className="hint">
        UPI payments awaiting verification: find the UTR and amount in the bank statement, then confirm, or reject with a reason the customer sees.
      </p>
      <UndoConfirmations />
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
                  <tr key={p.productOrderId} data-payment={p.productOrderId}>
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
                        <PaymentDecision productOrderId={p.productOrderId} utr={p.utr} amount={p.amount} />
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
    </>
  );
}
