// The guest checkout page's body: the form once this browser's cart is known, else the way back to shop.
import { Link } from "@tanstack/react-router";
import { useHydrated } from "../../../lib/hydration";
import { Loading } from "../../QueryState";
import { GuestCheckoutForm } from "./GuestCheckoutForm";
import { useGuestCart } from "./useGuestCart";
import "../../../styles/checkout-offers.css";

export function GuestCheckoutScreen() {
  const hydrated = useHydrated();
  const { cartToken, query } = useGuestCart();
  if (!hydrated || (cartToken && query.isPending)) return <Loading />;
  if (!cartToken || (query.data && query.data.lines.length === 0)) {
    return (
      <div className="empty">
        <p>Your cart is empty.</p>
        <Link to="/" className="btn">
          Continue shopping
        </Link>
      </div>
    );
  }
  return <GuestCheckoutForm cartToken={cartToken} />;
}
