import { keepPreviousData } from "@tanstack/react-query";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { Pager } from "./Pager";
import { StatusBadge } from "./StatusBadge";
import { useListSearch } from "./listSearch";

const DECISION = { confirmed: "Confirmed", rejected: "Rejected", undone: "Confirmation undone" } as const;

/** Confirmed / Rejected: who decided which UPI payment when, newest first. */
export function PaymentHistory() {
  const { page } = useListSearch();
  const query = trpc.payments.verifications.useQuery({ page }, { placeholderData: keepPreviousData });
  return (
    <QueryState query={query} empty="No payment has been confirmed or rejected yet." isEmpty={(d) => d.total === 0}>
      {(data) => (
        <div aria-busy={query.isFetching || undefined}>
          <div className="table-wrap">
            <table className="data">
              <caption className="visually-hidden">Payments confirmed or rejected</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Amount</th>
                  <th scope="col">UTR</th>
                  <th scope="col">Decision</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((v) => (
                  <tr key={`${v.productOrderId}-${String(v.at)}-${v.decision}`} data-verification={v.productOrderId}>
                    <td className="nowrap">{formatDateTime(v.at)}</td>
                    <td className="nowrap">{v.productOrderId}</td>
                    <td>{v.customerName}</td>
                    <td className="num">{formatINR(v.amount)}</td>
                    <td className="nowrap">{v.utr ?? "—"}</td>
                    <td>
                      <StatusBadge value={DECISION[v.decision]} />
                      {v.reason && <span className="sub">{v.reason}</span>}
                    </td>
                    <td>{v.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.total} page={data.page} pageSize={data.pageSize} />
        </div>
      )}
    </QueryState>
  );
}
