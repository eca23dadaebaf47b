import { formatINR } from "../../lib/format";
import type { CouponOffer } from "./cartQuote";

/**
 * The store's running offers as the server judged them for this cart and payment method: what each
 * saves and Apply when the cart can use it, else why not ("Add ₹51.00 more…"); a prepaid-only offer says so.
 */
export function OfferList({
  offers,
  applied,
  pending,
  onApply,
}: {
  offers: readonly CouponOffer[];
  applied: string | null;
  pending: boolean;
  onApply: (code: string) => void;
}) {
  if (offers.length === 0) return null;
  return (
    <section className="coupon-offers" aria-labelledby="offers-heading">
      <h3 id="offers-heading">Offers for you</h3>
      <ul className="coupon-offer-list">
        {offers.map((o) => (
          <li key={o.code} className="coupon-offer" aria-label={o.description || o.code}>
            <div className="coupon-offer-text">
              <p className="coupon-offer-description">{o.description || o.code}</p>
              <p className="hint">
                Code <strong>{o.code}</strong>
                {o.prepaidOnly && <span className="coupon-offer-prepaid"> · Prepaid only (UPI or online)</span>}
                {o.eligible && o.discount > 0 && <> · Saves {formatINR(o.discount)}</>}
              </p>
              {!o.eligible && o.message && <p className="hint coupon-offer-why">{o.message}</p>}
            </div>
            {o.code === applied ? (
              <span className="coupon-offer-applied">Applied</span>
            ) : (
              o.eligible && (
                <button type="button" className="btn secondary coupon-btn" disabled={pending} onClick={() => onApply(o.code)} aria-label={`Apply ${o.code}`}>
                  Apply
                </button>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
