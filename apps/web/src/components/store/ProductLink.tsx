import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useCustomerSession } from "./session";

/** Link to a product page: the customer's form of the route when logged in, the guest form otherwise; `pack` opens that pack. */
export function ProductLink({
  productId,
  pack,
  children,
  className,
  ariaLabel,
}: {
  productId: number;
  pack?: number | null;
  children: ReactNode;
  className?: string;
  ariaLabel?: string;
}) {
  const session = useCustomerSession();
  const search = pack ? { pack } : {};
  return session ? (
    <Link
      to="/singleProductDetails/$customerId/$productId"
      params={{ customerId: String(session.customerId), productId: String(productId) }}
      search={search}
      className={className}
      aria-label={ariaLabel}
    >
      {children}
    </Link>
  ) : (
    <Link to="/singleProductDetails/$productId" params={{ productId: String(productId) }} search={search} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
