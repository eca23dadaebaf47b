import type { PaymentMethod } from "@store/domain";

/** After Continue: what the shopper does next to pay. */
export function PlacedPaymentNote({ method }: { method: PaymentMethod }) {
  if (method === "COD") return <p>Pay in cash when the parcel is delivered.</p>;
  if (method === "UPI") return <p className="notice">Please pay by UPI now: open the order to scan its QR code or use your UPI app, then enter the UTR.</p>;
  return <p className="notice">Please pay now: open the order and choose Pay now.</p>;
}
