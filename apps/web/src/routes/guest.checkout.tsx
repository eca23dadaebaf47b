import { createFileRoute } from "@tanstack/react-router";
import { GuestCheckoutScreen } from "../components/store/guest/GuestCheckoutScreen";
import { NoIndex } from "../components/store/Seo";
import { StoreLayout } from "../components/store/StoreLayout";

/** Checkout without an account (issue 29): the guest cart kept in this browser becomes an order. */
export const Route = createFileRoute("/guest/checkout")({
  component: GuestCheckout,
});

function GuestCheckout() {
  return (
    <StoreLayout title="Checkout">
      <NoIndex />
      <h1>Checkout</h1>
      <GuestCheckoutScreen />
    </StoreLayout>
  );
}
