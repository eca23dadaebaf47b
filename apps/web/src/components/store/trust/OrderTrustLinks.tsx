import { Link } from "@tanstack/react-router";
import "../../../styles/trust.css";

/** On every order: "Raise a complaint" about it; on a delivered line, "Rate your purchase". */
export function OrderTrustLinks({ productOrderId, rateProductId }: { productOrderId: string; rateProductId?: number | null }) {
  return (
    <p className="order-trust-links">
      {rateProductId ? (
        <Link to="/rate/$productId" params={{ productId: String(rateProductId) }}>
          Rate your purchase
        </Link>
      ) : null}
      <Link to="/complaint" search={{ order: productOrderId }} aria-label={`Raise a complaint about order ${productOrderId}`}>
        Raise a complaint
      </Link>
    </p>
  );
}

/** "Rate your purchase" of one delivered line. */
export function RateLink({ productId, productName }: { productId: number; productName: string }) {
  return (
    <Link to="/rate/$productId" params={{ productId: String(productId) }} className="rate-link" aria-label={`Rate your purchase: ${productName}`}>
      Rate your purchase
    </Link>
  );
}
