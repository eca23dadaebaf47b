// The guest cart's page (issue 29): the lines, the totals, and Check out without an account, or log in.
import { Link } from "@tanstack/react-router";
import { useHydrated } from "../../../lib/hydration";
import { ErrorBox, Loading } from "../../QueryState";
import { GuestCartLines } from "./GuestCartLines";
import { GuestTotals } from "./GuestTotals";
import { useGuestCart } from "./useGuestCart";
import "../../../styles/checkout-offers.css";

export function GuestCartScreen() {
  const hydrated = useHydrated();
  const { cartToken, query } = useGuestCart();
  // the token is in this browser's storage: the server renders the page as loading
  if (!hydrated) return <Loading />;
  if (cartToken && query.isPending) return <Loading />;
  if (cartToken && query.isError && !query.data) return <ErrorBox error={query.error} onRetry={() => void query.refetch()} />;
  const cart = cartToken ? query.data : undefined;
  if (!cartToken || !cart || cart.lines.length === 0) {
    return (
      <div className="empty">
        <p>Your cart is empty.</p>
        <Link to="/" className="btn">
          Continue shopping
        </Link>
      </div>
    );
  }
  return (
    <div className="cart-layout">
      <GuestCartLines cartToken={cartToken} lines={cart.lines} />
      <aside className="cart-summary card" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading">Cart total</h2>
        <GuestTotals cart={cart} updating={query.isFetching} />
        <p className="hint">Prices include GST. Delivery for your PIN code is shown at checkout.</p>
        <Link to="/guest/checkout" className="btn block">
          Check out
        </Link>
        <p className="hint or-login">
          No account needed. Have one?{" "}
          <Link to="/customerLogin" search={{ redirect: "/" }}>
            Log in
          </Link>
        </p>
      </aside>
    </div>
  );
}
