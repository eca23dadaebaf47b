import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useCustomerSession } from "./session";

/** Link to a product page: the customer's form of the route when logged in, the guest form otherwise. */
export function ProductLink({ productId, children, className, ariaLabel }: { productId: number; children: ReactNode; className?: string; ariaLabel?: string }) {
  const session = useCustomerSession();
  return session ? (
    <Link
      to="/singleProductDetails/$customerId/$productId"
      params={{ customerId: String(session.customerId), productId: String(productId) }}
      className={className}
      aria-label={ariaLabel}
    >
      {children}
    </Link>
  ) : (
    <Link to="/singleProductDetails/$productId" params={{ productId: String(productId) }} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
