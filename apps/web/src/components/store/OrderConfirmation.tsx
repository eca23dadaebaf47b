import { useEffect, useRef } from "react";
import { Link } from "@tanstack/react-router";
import { paymentMethodLabel } from "@store/domain";
import { QueryState } from "../QueryState";
import { formatDate, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { PlacedPaymentNote } from "./PlacedPaymentNote";
import { RazorpayPayButton } from "./RazorpayPayButton";
import { UpiPayBlock } from "./UpiPayment";
import { withPack } from "./packs";
import { CodConfirmBox } from "./account/CodConfirmBox";
import "../../styles/order-confirmation.css";

type Order = RouterOutputs["orders"]["order"];

/**
 * The page a shopper lands on after Continue or Checkout cart (issue 23), and where "Pay now"
 * leads: the order is placed, and, when it is still to be paid, paying is the first thing on the
 * screen (UPI: the app button, the QR code, the UTR); then what was ordered, where and when it
 * goes, and what happens next.
 */
export function OrderConfirmation({ customerId, productOrderId }: { customerId: number; productOrderId: string }) {
  const order = trpc.orders.order.useQuery({ productOrderId });
  return <QueryState query={order}>{(o) => <Placed order={o} customerId={customerId} />}</QueryState>;
}

function Placed({ order: o, customerId }: { order: Order; customerId: number }) {
  const customer = trpc.customers.details.useQuery({ customerId });
  const firstName = customer.data?.firstName;
  const heading = useRef<HTMLHeadingElement>(null);
  // a screen reader hears the new page; the heading is at the top, so nothing scrolls
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const open = o.lines.filter((l) => l.orderStatus !== "Cancelled");
  const cancelled = open.length === 0;
  const unpaid = o.payment.status === "Pending" || o.payment.status === "Failed";
  const cid = String(customerId);
  const first = o.lines[0];
  return (
    <div className="order-placed">
      <h1 ref={heading} tabIndex={-1} className="placed-title">
        {cancelled ? "Order cancelled" : "Order placed"}
      </h1>
      {o.payment.note && (
        <p className="form-error" role="alert">
          {o.payment.note}
        </p>
      )}
      {o.codConfirmation === "Pending" && !cancelled && <CodConfirmBox productOrderId={o.productOrderId} phone={o.phone} confirmBy={o.codConfirmBy} />}
      {o.payment.method === "UPI" && o.payment.expiresAt && (
        <section className="placed-pay" aria-label={`Pay ${formatINR(o.totals.grandTotal)} by UPI`}>
          <UpiPayBlock productOrderId={o.productOrderId} payBefore={o.payment.expiresAt} />
        </section>
      )}
      {o.payment.method === "ONLINE" && unpaid && !cancelled && <OnlinePay productOrderId={o.productOrderId} />}
      <section className="confirmation card" aria-labelledby="placed-thanks">
        <h2 id="placed-thanks">{cancelled ? "This order was cancelled." : `Thank you${firstName ? `, ${firstName}` : ""}! Your order is placed.`}</h2>
        <dl className="placed-facts">
          <div>
            <dt>Order reference</dt> <dd data-testid="order-reference">{o.productOrderId}</dd>
          </div>
          <div>
            <dt>Total</dt>{" "}
            <dd className="price" data-testid="placed-total">
              {formatINR(o.totals.grandTotal)}
            </dd>
          </div>
          <div>
            <dt>Payment</dt>{" "}
            <dd>
              {paymentMethodLabel(o.payment.method)} · {o.payment.status}
            </dd>
          </div>
          <div>
            <dt>{o.lines.length === 1 ? "Item" : `${o.lines.length} items`}</dt>{" "}
            <dd>
              {o.lines.map((l, i) => (
                <span key={l.orderId}>
                  {i > 0 && ", "}
                  {withPack(l.productName, l.label)} × {l.quantity}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt>Deliver to</dt>{" "}
            <dd data-testid="placed-address">
              {o.customerName}, {o.shippingAddress}
            </dd>
          </div>
          {!cancelled && (
            <div>
              <dt>Expected delivery</dt> <dd data-testid="placed-delivery">{formatDate(open[0]?.deliveryDate)}</dd>
            </div>
          )}
        </dl>
        <h3>What happens next</h3>
        <PlacedPaymentNote
          method={o.payment.method}
          status={o.payment.status}
          deliveryDate={cancelled ? null : (open[0]?.deliveryDate ?? null)}
          payBefore={o.payment.expiresAt}
        />
        <div className="toolbar">
          {first && (
            <Link to="/orderDetails/$customerId/$orderId" params={{ customerId: cid, orderId: String(first.orderId) }} className="btn secondary">
              Track this order
            </Link>
          )}
          <Link to="/myOrder/$customerId" params={{ customerId: cid }} className="btn secondary">
            See my orders
          </Link>
          <Link to="/product/$customerId" params={{ customerId: cid }} className="btn secondary">
            Continue shopping
          </Link>
        </div>
      </section>
    </div>
  );
}

/** An unpaid online order: Razorpay's Pay now, first on the screen. */
function OnlinePay({ productOrderId }: { productOrderId: string }) {
  const view = trpc.payments.get.useQuery({ productOrderId });
  return (
    <section className="placed-pay card" aria-label="Pay online">
      <QueryState query={view}>{(v) => <RazorpayPayButton view={v} />}</QueryState>
    </section>
  );
}
