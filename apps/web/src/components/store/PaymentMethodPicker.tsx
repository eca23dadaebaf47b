import type { PaymentMethod } from "@store/domain";
import { formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";

export type PaymentOption = RouterOutputs["payments"]["options"][number];

/** The ways to pay the store offers now; the first is chosen until the shopper picks another. */
export function usePaymentOptions() {
  const query = trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
  const offered = (query.data ?? []).filter((o) => o.offered);
  return { query, offered };
}

/** The chosen method's fee in rupees (0 for methods without one). */
export const feeOf = (options: readonly PaymentOption[], method: PaymentMethod | null) => options.find((o) => o.method === method)?.fee ?? 0;

/** Radio group "Payment method": every offered method with its fee. */
export function PaymentMethodPicker({
  options,
  value,
  onChange,
  error,
}: {
  options: readonly PaymentOption[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  error?: unknown;
}) {
  if (error) {
    return (
      <p className="form-error" role="alert">
        {errorMessage(error)}
      </p>
    );
  }
  if (options.length === 0) return <p className="hint">Loading the ways to pay...</p>;
  return (
    <fieldset className="payment-methods">
      <legend>Payment method</legend>
      {options.map((o) => (
        <label key={o.method} className="payment-method">
          <input type="radio" name="paymentMethod" value={o.method} checked={value === o.method} onChange={() => onChange(o.method)} />
          <span>
            {o.label}
            {o.fee > 0 && <span className="hint"> (+ {formatINR(o.fee)} fee)</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
