import { formatINR } from "../../lib/format";
import { minusINR } from "../order-discount";
import { needsMoreForFreeDelivery, type CartQuote } from "./cartQuote";

/**
 * The cart's totals exactly as the server quoted them (GET /cart/quote): the coupon's discount is its
 * own line. `quote` null: the first quote is on its way, the same rows hold the place (no layout shift).
 */
export function QuoteTotals({ quote, items, updating }: { quote: CartQuote | null; items: number; updating: boolean }) {
  const money = (rupees: number | undefined) => (rupees === undefined ? "…" : formatINR(rupees));
  const coupon = quote?.coupon ?? null;
  return (
    <>
      <dl className={`amounts quote-totals${updating || !quote ? " updating" : ""}`} aria-busy={updating || !quote}>
        <dt>Items</dt>
        <dd>{items}</dd>
        <dt>Products</dt>
        <dd>{money(quote?.itemsTotal)}</dd>
        {coupon && (
          <>
            <dt className="discount">Coupon {coupon.code}</dt>
            <dd className="discount" data-testid="cart-discount">
              {/* a free-delivery code takes nothing off the items: the delivery line shows what it saves */}
              {quote && quote.discountTotal > 0 ? minusINR(quote.discountTotal) : "Free delivery"}
            </dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd data-testid="cart-delivery">{quote && quote.deliveryTotal === 0 ? "Free" : money(quote?.deliveryTotal)}</dd>
        {quote && quote.codFee > 0 && (
          <>
            <dt>Cash on delivery fee</dt>
            <dd>{formatINR(quote.codFee)}</dd>
          </>
        )}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="cart-total">
          {money(quote?.grandTotal)}
        </dd>
      </dl>
      {quote && needsMoreForFreeDelivery(quote) && quote.freeDeliveryAbove !== null && (
        <p className="free-delivery-note" data-testid="free-delivery-note">
          Add <strong>{formatINR(quote.addForFreeDelivery)}</strong> more for free delivery (orders of {formatINR(quote.freeDeliveryAbove)} and above).
        </p>
      )}
    </>
  );
}
