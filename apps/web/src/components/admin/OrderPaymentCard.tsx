import { paymentMethodLabel } from "@store/domain";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { OrderDocuments } from "../OrderDocuments";
import { OrderTotals } from "../OrderTotals";
import { QueryState } from "../QueryState";
import { OwnerOnly } from "./OwnerOnly";
import { PaymentDecision } from "./PaymentDecision";
import { RefundActions } from "./RefundActions";
import { UndoConfirmations } from "./UndoConfirmations";

/** The admin order view's whole order: totals, payment (UTR, gateway ids, flag), refunds, every payment change, GST documents. */
export function OrderPaymentCard({ productOrderId }: { productOrderId: string }) {
  const query = trpc.orders.order.useQuery({ productOrderId });
  return (
    <section className="card" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">Order {productOrderId}: payment and invoice</h2>
      <QueryState query={query}>
        {(o) => (
          <>
            <p>
              {o.lines.length} {o.lines.length === 1 ? "line" : "lines"} · {paymentMethodLabel(o.payment.method)} ·{" "}
              <strong data-testid="admin-payment-status">{o.payment.status}</strong>
              {o.payment.refundedTotal > 0 && <> · refunded {formatINR(o.payment.refundedTotal)}</>}
            </p>
            <OrderTotals totals={o.totals} couponCode={o.couponCode} />
            <dl className="details-grid">
              {o.payment.utr && (
                <>
                  <dt>UTR</dt>
                  <dd>{o.payment.utr}</dd>
                </>
              )}
              {o.payment.providerOrderId && (
                <>
                  <dt>Razorpay order</dt>
                  <dd>{o.payment.providerOrderId}</dd>
                </>
              )}
              {o.payment.providerPaymentId && (
                <>
                  <dt>Razorpay payment</dt>
                  <dd>{o.payment.providerPaymentId}</dd>
                </>
              )}
              {o.payment.note && (
                <>
                  <dt>Note to the customer</dt>
                  <dd>{o.payment.note}</dd>
                </>
              )}
            </dl>
            {o.payment.flag && (
              <p className="form-error" role="alert">
                Needs a look: {o.payment.flag}
              </p>
            )}
            {o.payment.status === "Awaiting verification" && (
              <OwnerOnly note="The store's owner confirms or rejects this payment.">
                <PaymentDecision productOrderId={productOrderId} utr={o.payment.utr} amount={o.totals.grandTotal} />
              </OwnerOnly>
            )}
            <UndoConfirmations productOrderId={productOrderId} />
            {o.refunds.length > 0 && (
              <>
                <h3>Refunds</h3>
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Reason</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {o.refunds.map((r) => (
                      <tr key={r.refundId}>
                        <td>{r.orderId ?? "—"}</td>
                        <td className="num">{formatINR(r.amount)}</td>
                        <td>
                          {r.status}
                          {r.error && <p className="form-error">{r.error}</p>}
                        </td>
                        <td>{r.reason}</td>
                        <td>{r.reference ?? "—"}</td>
                        <td>
                          <RefundActions productOrderId={productOrderId} refund={r} online={o.payment.method === "ONLINE"} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            {o.payment.history.length > 0 && (
              <>
                <h3>Payment history</h3>
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">From</th>
                      <th scope="col">To</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {o.payment.history.map((h, i) => (
                      <tr key={i}>
                        <td className="nowrap">{formatDateTime(h.at)}</td>
                        <td>{h.actor}</td>
                        <td>{h.from}</td>
                        <td>{h.to}</td>
                        <td>{h.reason ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            <OrderDocuments order={o} />
          </>
        )}
      </QueryState>
    </section>
  );
}
