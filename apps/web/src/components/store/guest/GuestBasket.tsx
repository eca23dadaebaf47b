// The header's basket for a shopper who is not logged in (issue 29): the guest cart and its count.
import { Link } from "@tanstack/react-router";
import { BasketIcon } from "../Icons";
import { useGuestCart } from "./useGuestCart";

export function GuestBasket() {
  const { cartToken, query } = useGuestCart();
  const count = cartToken ? (query.data?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0) : 0;
  return (
    <Link to="/guest/cart" className="basket" aria-label={`Basket, ${count} ${count === 1 ? "item" : "items"}`}>
      <BasketIcon />
      <span aria-hidden="true" className="basket-label">
        Basket
      </span>
      <span className="basket-count" aria-hidden="true" data-testid="basket-count">
        {count}
      </span>
    </Link>
  );
}
