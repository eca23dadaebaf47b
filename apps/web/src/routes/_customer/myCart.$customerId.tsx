import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { CartCheckout } from "../../components/store/CartCheckout";
import { CartLines } from "../../components/store/CartLines";
import { CartTabs } from "../../components/store/CartTabs";
import { StoreLayout } from "../../components/store/StoreLayout";
import { trpc } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";
// in the route's own module, so it comes with the first page's styles (no shift when the screen's code arrives)
import "../../styles/checkout-offers.css";

export const Route = createFileRoute("/_customer/myCart/$customerId")({
  params: { parse: pathIds },
  loader: ({ context }) => {
    void context.trpc.cart.byCustomer.prefetch({ customerId: context.customerId });
    // the checkout's "Deliver to" (the address book) comes with the page: no shift when it arrives
    void context.trpc.addresses.list.prefetch();
  },
  component: MyCart,
});

function MyCart() {
  const { customerId } = Route.useRouteContext();
  const cart = trpc.cart.byCustomer.useQuery({ customerId });
  return (
    <StoreLayout title="My Cart">
      <CartTabs customerId={customerId} current="cart" />
      <h1>My Cart</h1>
      <QueryState query={cart}>
        {(lines) =>
          lines.length === 0 ? (
            <div className="empty">
              <p>Your cart is empty.</p>
              <Link to="/product/$customerId" params={{ customerId: String(customerId) }} className="btn">
                Continue shopping
              </Link>
            </div>
          ) : (
            <div className="cart-layout">
              <CartLines lines={lines} />
              <CartCheckout customerId={customerId} lines={lines} />
            </div>
          )
        }
      </QueryState>
    </StoreLayout>
  );
}
