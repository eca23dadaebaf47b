// A guest cart's totals exactly as the server quoted them (no sums made in the browser).
import { formatINR } from "../../../lib/format";
import type { GuestCart } from "./useGuestCart";

export function GuestTotals({ cart, updating = false }: { cart: GuestCart; updating?: boolean }) {
  const q = cart.quote;
  const items = cart.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <>
      <dl className={`amounts quote-totals${updating ? " updating" : ""}`} aria-busy={updating}>
        <dt>Items</dt>
        <dd>{items}</dd>
        <dt>Products</dt>
        <dd>{formatINR(q.itemsTotal)}</dd>
        <dt>Delivery</dt>
        <dd data-testid="cart-delivery">{q.deliveryTotal === 0 ? "Free" : formatINR(q.deliveryTotal)}</dd>
        {q.codFee > 0 && (
          <>
            <dt>Cash on delivery fee</dt>
            <dd>{formatINR(q.codFee)}</dd>
          </>
        )}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="cart-total">
          {formatINR(q.grandTotal)}
        </dd>
      </dl>
      {q.freeDeliveryAbove !== null && q.addForFreeDelivery > 0 && (
        <p className="free-delivery-note">
          Add <strong>{formatINR(q.addForFreeDelivery)}</strong> more for free delivery (orders of {formatINR(q.freeDeliveryAbove)} and above).
        </p>
      )}
    </>
  );
}
