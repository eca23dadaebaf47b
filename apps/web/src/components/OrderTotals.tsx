import { formatINR } from "../lib/format";
import type { RouterOutputs } from "../lib/trpc";

type Totals = RouterOutputs["orders"]["order"]["totals"];

/** One order's total in one figure with its break-up. */
export function OrderTotals({ totals }: { totals: Totals }) {
  return (
    <dl className="amounts">
      <dt>Items</dt>
      <dd>{formatINR(totals.itemsTotal)}</dd>
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
