import { createFileRoute } from "@tanstack/react-router";
import { GuestCartScreen } from "../components/store/guest/GuestCartScreen";
import { NoIndex } from "../components/store/Seo";
import { StoreLayout } from "../components/store/StoreLayout";

/** The cart of a shopper who is not logged in (issue 29): kept by a token in this browser. */
export const Route = createFileRoute("/guest/cart")({
  component: GuestCart,
});

function GuestCart() {
  return (
    <StoreLayout title="My Cart">
      <NoIndex />
      <h1>My Cart</h1>
      <GuestCartScreen />
    </StoreLayout>
  );
}
