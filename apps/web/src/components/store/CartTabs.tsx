import { Link } from "@tanstack/react-router";

/** The My Cart / My Orders switch shown on both screens. */
export function CartTabs({ customerId, current }: { customerId: number; current: "cart" | "orders" }) {
  const params = { customerId: String(customerId) };
  return (
    <nav className="cart-tabs" aria-label="Cart and orders">
      <Link to="/myCart/$customerId" params={params} aria-current={current === "cart" ? "page" : undefined} className={current === "cart" ? "active" : ""}>
        My Cart
      </Link>
      <Link to="/myOrder/$customerId" params={params} aria-current={current === "orders" ? "page" : undefined} className={current === "orders" ? "active" : ""}>
        My Orders
      </Link>
    </nav>
  );
}
