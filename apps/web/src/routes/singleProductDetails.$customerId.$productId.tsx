import { createFileRoute } from "@tanstack/react-router";
import { ProductDetails } from "../components/store/ProductDetails";
import { requireCustomer, toId } from "../components/store/session";
import { pathIds } from "../lib/route-params";

export const Route = createFileRoute("/singleProductDetails/$customerId/$productId")({
  params: { parse: pathIds },
  beforeLoad: requireCustomer,
  // waited for (not only started), so the page first paints with the product and nothing shifts;
  // a failure is left to the screen's own error state
  loader: async ({ context, params }) => {
    const productId = toId(params.productId);
    if (productId) await context.trpc.products.byId.ensureData({ productId }).catch(() => undefined);
  },
  component: CustomerProduct,
});

function CustomerProduct() {
  const { productId } = Route.useParams();
  const { customerId } = Route.useRouteContext();
  return <ProductDetails productId={toId(productId)} customerId={customerId} />;
}
