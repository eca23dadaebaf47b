import { formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { RefundActions } from "./RefundActions";

/** The Payments screen's refunds not yet paid back: awaiting the owner's approval, a bank transfer, or a retry after the gateway failed them. */
export function OpenRefunds() {
  const query = trpc.payments.openRefunds.useQuery();
  return (
    <section aria-labelledby="open-refunds-title">
      <h2 id="open-refunds-title">Refunds to pay back</h2>
      <QueryState query={query} empty="No refund is waiting." isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="data">
              <caption className="visually-hidden">Refunds not yet paid back</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Since</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.refundId}>
                    <td className="nowrap">{r.productOrderId}</td>
                    <td>{r.customerName}</td>
                    <td className="num">{formatINR(r.amount)}</td>
                    <td>
                      {r.status}
                      {r.error && <p className="form-error">{r.error}</p>}
                    </td>
                    <td>{r.reason}</td>
                    <td className="nowrap">{formatDateTime(r.createdAt)}</td>
                    <td className="actions">
                      <RefundActions productOrderId={r.productOrderId} refund={r} online={r.method === "ONLINE"} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
