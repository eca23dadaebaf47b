import { paymentMethodLabel } from "@store/domain";
import { QueryState } from "../QueryState";
import { OrderDocuments } from "../OrderDocuments";
import { formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { OrderTotals } from "../OrderTotals";
import { ProductLink } from "./ProductLink";
import { RazorpayPayButton } from "./RazorpayPayButton";
import { UpiPayBlock } from "./UpiPayment";

/** The whole order a line belongs to: its other items, totals, how it is paid (and paying it now), its GST documents. */
export function OrderPayment({ productOrderId, orderId }: { productOrderId: string; orderId: number }) {
  const order = trpc.orders.order.useQuery({ productOrderId });
  const view = trpc.payments.get.useQuery({ productOrderId });
  return (
    <section className="card order-payment" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment and invoice</h2>
      <QueryState query={order}>
        {(o) => {
          const others = o.lines.filter((l) => l.orderId !== orderId);
          const open = o.payment.status === "Pending" || o.payment.status === "Failed";
          return (
            <>
              {others.length > 0 && (
                <p>
                  Also in this order:{" "}
                  {others.map((l, i) => (
                    <span key={l.orderId}>
                      {i > 0 && ", "}
                      <ProductLink productId={l.productId}>{l.productName}</ProductLink> × {l.quantity}
                    </span>
                  ))}
                </p>
              )}
              <OrderTotals totals={o.totals} couponCode={o.couponCode} />
              <p data-testid="payment-summary">
                {paymentMethodLabel(o.payment.method)} · <strong>{o.payment.status}</strong>
                {o.payment.utr && <> · UTR {o.payment.utr}</>}
              </p>
              {o.payment.note && (
                <p className="form-error" role="alert">
                  {o.payment.note}
                </p>
              )}
              {o.payment.status === "Awaiting verification" && (
                <p className="notice">Thank you. We are checking your UPI payment with our bank; this usually takes a few hours.</p>
              )}
              {o.payment.method === "UPI" && o.payment.expiresAt && <UpiPayBlock productOrderId={productOrderId} payBefore={o.payment.expiresAt} />}
              {open && o.payment.method === "ONLINE" && <QueryState query={view}>{(v) => <RazorpayPayButton view={v} />}</QueryState>}
              {o.refunds.length > 0 && (
                <ul className="refunds" aria-label="Refunds">
                  {o.refunds.map((r) => (
                    <li key={r.refundId}>
                      Refund of {formatINR(r.amount)}: {r.status}
                      {r.reference && <> (reference {r.reference})</>}
                    </li>
                  ))}
                </ul>
              )}
              <OrderDocuments order={o} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
