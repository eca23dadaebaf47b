import { formatINR } from "../lib/format";
import type { RouterOutputs } from "../lib/trpc";
import { minusINR } from "./order-discount";

type Totals = RouterOutputs["orders"]["order"]["totals"];

/** One order's total in one figure with its break-up; a coupon's discount is its own line (issue 26). */
export function OrderTotals({ totals, couponCode = null }: { totals: Totals; couponCode?: string | null }) {
  return (
    <dl className="amounts">
      <dt>Items</dt>
      <dd>{formatINR(totals.itemsTotal)}</dd>
      {couponCode && (
        <>
          <dt className="discount">Coupon {couponCode}</dt>
          <dd className="discount" data-testid="order-discount">
            {/* a free-delivery code takes nothing off the items: the delivery line shows what it saved */}
            {totals.discountTotal > 0 ? minusINR(totals.discountTotal) : "Free delivery"}
          </dd>
        </>
      )}
      <dt>Delivery</dt>
      <dd>{totals.deliveryTotal === 0 ? "Free" : formatINR(totals.deliveryTotal)}</dd>
      {totals.codFee > 0 && (
        <>
          <dt>Cash on delivery fee</dt>
          <dd>{formatINR(totals.codFee)}</dd>
        </>
      )}
      <dt className="total">Order total</dt>
      <dd className="total" data-testid="order-grand-total">
        {formatINR(totals.grandTotal)}
      </dd>
    </dl>
  );
}
