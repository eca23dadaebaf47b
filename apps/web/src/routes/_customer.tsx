import { createFileRoute, Outlet, useMatches } from "@tanstack/react-router";
import { Loading } from "../components/QueryState";
import { requireCustomer } from "../components/store/session";
import { StoreLayout } from "../components/store/StoreLayout";
import { useHydrated } from "../lib/hydration";
import { useServerRender } from "../lib/server-render";

/** Pathless guard of the customer's own screens (cart, orders, tracker, checkout, profile). */
export const Route = createFileRoute("/_customer")({
  beforeLoad: requireCustomer,
  component: CustomerScreen,
});

type Params = Record<string, string | undefined>;

/** The heading of each screen's skeleton, by route id, the screen's own where it is known from the address. */
const TITLES: Record<string, (params: Params) => string> = {
  "/_customer/myCart/$customerId": () => "My Cart",
  "/_customer/checkOut/$customerId/$productId": () => "Checkout",
  "/_customer/myOrder/$customerId": () => "My Orders",
  "/_customer/myOrder/$customerId_/$productOrderId": (p) => `Order ${p.productOrderId}`,
  // the address holds an item's id, not the order's reference: the heading says "Order" until the order is read
  "/_customer/orderDetails/$customerId/$orderId": () => "Order",
  "/_customer/userProfile/$customerId": () => "My Profile",
};

/**
 * Issue 23: without the customer's session cookie the server cannot fetch their data (the token is
 * in localStorage), so it renders these screens as their skeleton — header, heading, grey blocks —
 * never a blank document; the browser's first render is the same skeleton (it hydrates), and the
 * screen itself, which fetches the customer's data, takes its place right after. With the cookie
 * the server renders the screen with the customer's data (useServerRender), and so does the
 * browser's first render, from the same data. A screen the browser renders itself (a click) has no skeleton.
 */
function CustomerScreen() {
  const withData = useServerRender() !== null;
  return useHydrated() || withData ? <Outlet /> : <ScreenSkeleton />;
}

function ScreenSkeleton() {
  const screen = useMatches({ select: (matches) => matches[matches.length - 1] });
  const title = (screen && TITLES[screen.routeId]?.(screen.params as Params)) ?? "My account";
  return (
    <StoreLayout title={title}>
      <h1>{title}</h1>
      <div className="screen-skeleton" aria-busy="true">
        <Loading />
        <div className="skeleton-block skeleton-wide" aria-hidden="true" />
        <div className="skeleton-block" aria-hidden="true" />
        <div className="skeleton-block" aria-hidden="true" />
      </div>
    </StoreLayout>
  );
}
