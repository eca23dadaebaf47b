import { formatDate, formatDateTime } from "../../lib/format";

interface Placed {
  method: string;
  status: string;
  /** the order's expected delivery, null when every line is cancelled */
  deliveryDate: Date | null;
  /** an unpaid UPI order: pay by this time (the order's payment.expiresAt) */
  payBefore: Date | null;
}

/** The confirmation's "What happens next": how the order is paid and when it arrives, in a few short steps. */
export function PlacedPaymentNote({ method, status, deliveryDate, payBefore }: Placed) {
  const steps: string[] = [];
  if (method === "COD") {
    steps.push("Pay in cash when the parcel is delivered.");
  } else if (status === "Paid") {
    steps.push("Your payment is received. Thank you!");
  } else if (status === "Awaiting verification") {
    steps.push("We are checking your UPI payment with our bank; this usually takes a few hours.");
  } else if (method === "UPI" && payBefore) {
    steps.push("Please pay by UPI now: tap the button above, or scan the QR code from another phone.");
    steps.push("Then enter the 12-digit UTR your UPI app shows. We confirm the payment once it reaches our bank.");
    steps.push(`Unpaid by ${formatDateTime(payBefore)}, the order is cancelled.`);
  } else if (method === "ONLINE" && (status === "Pending" || status === "Failed")) {
    steps.push("Please pay now with the Pay now button above. We confirm the order as soon as the payment goes through.");
  }
  if (deliveryDate) steps.push(`We deliver to your address, expected by ${formatDate(deliveryDate)}.`);
  steps.push("Follow the order any time in My Orders.");
  return (
    <ol className="next-steps">
      {steps.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}
