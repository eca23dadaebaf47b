// A guest's order as its buyer sees it (issue 29): placed, what and where, the invoice, the parcel,
// and, for a cash-on-delivery order waiting for it, the box that confirms it with the SMS code.
import { useEffect, useRef } from "react";
import { Link } from "@tanstack/react-router";
import { paymentMethodLabel } from "@store/domain";
import { formatDate, formatINR } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import type { RouterOutputs } from "../../../lib/trpc";
import { CodConfirmBox } from "../account/CodConfirmBox";
import { withPack } from "../packs";
import { PlacedPaymentNote } from "../PlacedPaymentNote";
import { UpiPayBlock } from "../UpiPayment";
import { downloadGuestDocument } from "./guestDownload";
import "../../../styles/order-confirmation.css";

type Order = RouterOutputs["orders"]["order"];

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;

export function GuestOrderView({ order: o }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const open = o.lines.filter((l) => l.orderStatus !== "Cancelled");
  const cancelled = open.length === 0;
  const download = (href: string, number: string) =>
    void downloadGuestDocument(o.productOrderId, href, fileName(number)).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)));
  return (
    <div className="order-placed">
      <h1 ref={heading} tabIndex={-1} className="placed-title">
        {cancelled ? "Order cancelled" : `Order ${o.productOrderId}`}
      </h1>
      {o.codConfirmation === "Pending" && !cancelled && <CodConfirmBox productOrderId={o.productOrderId} phone={o.phone} confirmBy={o.codConfirmBy} />}
      {o.payment.note && (
        <p className="form-error" role="alert">
          {o.payment.note}
        </p>
      )}
      {o.payment.method === "UPI" && o.payment.expiresAt && !cancelled && (
        <section className="placed-pay" aria-label={`Pay ${formatINR(o.totals.grandTotal)} by UPI`}>
          <UpiPayBlock productOrderId={o.productOrderId} payBefore={o.payment.expiresAt} />
        </section>
      )}
      <section className="confirmation card" aria-labelledby="placed-thanks">
        <h2 id="placed-thanks">{cancelled ? "This order was cancelled." : `Thank you, ${o.customerName.split(" ")[0]}! Your order is placed.`}</h2>
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
        {(o.invoice || o.creditNotes.length > 0) && (
          <ul className="documents" aria-label="Tax documents">
            {o.invoice && (
              <li>
                <button type="button" className="link-button" onClick={() => o.invoice && download(o.invoice.pdf, o.invoice.number)}>
                  Download invoice {o.invoice.number}
                </button>
              </li>
            )}
            {o.creditNotes.map((c) => (
              <li key={c.number}>
                <button type="button" className="link-button" onClick={() => download(c.pdf, c.number)}>
                  Download credit note {c.number}
                </button>
              </li>
            ))}
          </ul>
        )}
        <h3>What happens next</h3>
        <PlacedPaymentNote
          method={o.payment.method}
          status={o.payment.status}
          deliveryDate={cancelled ? null : (open[0]?.deliveryDate ?? null)}
          payBefore={o.payment.expiresAt}
        />
        <p className="hint">
          Keep the link in your order e-mail to come back to this page. Create an account with this mobile number and the order shows in My Orders.
        </p>
        <div className="toolbar">
          <Link to="/customerRegister" className="btn secondary">
            Create an account
          </Link>
          <Link to="/" className="btn secondary">
            Continue shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
