import { createFileRoute } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { CheckoutForm } from "../../components/store/CheckoutForm";
import { checkoutSearch } from "../../components/store/searchParams";
import { toId } from "../../components/store/session";
import { StoreLayout } from "../../components/store/StoreLayout";
import { trpc } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";

export const Route = createFileRoute("/_customer/checkOut/$customerId/$productId")({
  params: { parse: pathIds },
  validateSearch: checkoutSearch,
  loader: ({ context, params }) => {
    const productId = toId(params.productId);
    if (productId) void context.trpc.products.byId.prefetch({ productId });
  },
  component: Checkout,
});

function Checkout() {
  const { customerId } = Route.useRouteContext();
  const productId = toId(Route.useParams().productId);
  const { quantity = 1, pack } = Route.useSearch();
  const product = trpc.products.byId.useQuery({ productId: productId ?? 0 }, { enabled: productId !== null });
  const customer = trpc.customers.details.useQuery({ customerId });
  return (
    <StoreLayout title="Checkout">
      <h1>Checkout</h1>
      {productId === null ? (
        <p className="empty">This product link is not valid.</p>
      ) : (
        <QueryState query={product}>
          {(p) => <QueryState query={customer}>{(c) => <CheckoutForm product={p} customer={c} quantity={quantity} packId={pack} />}</QueryState>}
        </QueryState>
      )}
    </StoreLayout>
  );
}
