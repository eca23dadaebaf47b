import { Link } from "@tanstack/react-router";
import { formatDateTime, formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { lineAfterDiscount, minusINR } from "../order-discount";
import { OrderMove } from "./OrderMove";
import { OrderPaymentCard } from "./OrderPaymentCard";
import { OwnerOnly } from "./OwnerOnly";
import { DetailFrame } from "./ReadOnlyFields";
import { StatusBadge } from "./StatusBadge";

type WholeOrder = RouterOutputs["orders"]["order"];
type Line = WholeOrder["lines"][number];

/**
 * The order the order desk opens (issue 24): one order as a whole, its reference its only number —
 * the customer with phone and address in full, every line with its status and return, the move of
 * the whole order, and its payment (UTR, history, confirm or reject, undo, refunds, documents).
 */
export function OrderDeskView({ productOrderId }: { productOrderId: string }) {
  const query = trpc.orders.order.useQuery({ productOrderId });
  return (
    <DetailFrame
      title={`Order ${productOrderId}`}
      back={
        <Link to="/orders" className="btn secondary">
          Back to orders
        </Link>
      }
    >
      <QueryState query={query}>
        {(o) => (
          <>
            <CustomerCard order={o} />
            <LinesCard order={o} />
            <OrderPaymentCard productOrderId={o.productOrderId} />
          </>
        )}
      </QueryState>
    </DetailFrame>
  );
}

function CustomerCard({ order: o }: { order: WholeOrder }) {
  return (
    <section className="card" aria-labelledby="order-customer-title">
      <h2 id="order-customer-title">Customer and delivery</h2>
      <dl className="details-grid">
        <dt>Placed</dt>
        <dd>{formatDateTime(o.createdAt)}</dd>
        <dt>Customer</dt>
        <dd>{o.customerName}</dd>
        <dt>Phone</dt>
        <dd data-testid="order-phone">{o.phone ? <a href={`tel:+91${o.phone}`}>{o.phone}</a> : "— (the customer's account was deleted)"}</dd>
        <dt>Deliver to</dt>
        <dd data-testid="order-address">{o.shippingAddress.includes(o.pinCode) ? o.shippingAddress : `${o.shippingAddress}, ${o.state} ${o.pinCode}`}</dd>
      </dl>
    </section>
  );
}

function LinesCard({ order: o }: { order: WholeOrder }) {
  const units = o.lines.reduce((n, l) => n + l.quantity, 0);
  // issue 26: with a coupon, each line's share of the discount and what it costs after it
  const discounted = o.discountTotal > 0;
  return (
    <section className="card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">
        Items ({units} {units === 1 ? "unit" : "units"})
      </h2>
      <div className="toolbar">
        <OrderMove productOrderId={o.productOrderId} lines={o.lines} />
      </div>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">The lines of order {o.productOrderId}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
              <th scope="col">Total</th>
              {discounted && (
                <>
                  <th scope="col">Discount ({o.couponCode})</th>
                  <th scope="col">After discount</th>
                </>
              )}
              <th scope="col">Status</th>
              <th scope="col">Return</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.orderId} data-line={l.orderId}>
                <td>
                  {l.productName} <span className="sub">{l.packSize}</span>
                </td>
                <td className="num">{l.quantity}</td>
                <td className="num nowrap">{formatINR(l.productPrice)}</td>
                <td className="num nowrap">{formatINR(l.orderTotalPrice)}</td>
                {discounted && (
                  <>
                    <td className="num nowrap discount">{l.discount > 0 ? minusINR(l.discount) : "—"}</td>
                    <td className="num nowrap">{formatINR(lineAfterDiscount(l))}</td>
                  </>
                )}
                <td>
                  <StatusBadge value={l.orderStatus} />
                </td>
                <td>
                  <LineReturn line={l} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A line's return and what the store does about it now: decide a requested one, mark an approved one refunded (the owner). */
function LineReturn({ line }: { line: Line }) {
  const utils = trpc.useUtils();
  const decide = trpc.orders.decideReturn.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await Promise.all([utils.orders.invalidate(), utils.orderDesk.invalidate(), utils.payments.invalidate(), utils.reports.invalidate()]);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (line.returnStatus === "Pending") return <>—</>;
  const act = (returnStatus: "Approved" | "Rejected" | "Refunded") => decide.mutate({ orderId: line.orderId, returnStatus });
  return (
    <>
      <StatusBadge value={line.returnStatus} />
      {line.returnReason && <span className="sub">{line.returnReason}</span>}
      {line.returnStatus === "Requested" && (
        <span className="toolbar">
          <button
            type="button"
            className="btn small"
            disabled={decide.isPending}
            onClick={() => act("Approved")}
            aria-label={`Approve the return of ${line.productName}`}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn small danger"
            disabled={decide.isPending}
            onClick={() => act("Rejected")}
            aria-label={`Reject the return of ${line.productName}`}
          >
            Reject
          </button>
        </span>
      )}
      {line.returnStatus === "Approved" && (
        <OwnerOnly note="The store's owner marks a return refunded.">
          <button type="button" className="btn small" disabled={decide.isPending} onClick={() => act("Refunded")}>
            Mark refunded
          </button>
        </OwnerOnly>
      )}
    </>
  );
}
