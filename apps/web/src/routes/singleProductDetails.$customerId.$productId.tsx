import { createFileRoute } from "@tanstack/react-router";
import { loadProductPage, ProductDetails } from "../components/store/ProductDetails";
import { requireCustomer, toId } from "../components/store/session";
import { pathIds } from "../lib/route-params";

export const Route = createFileRoute("/singleProductDetails/$customerId/$productId")({
  params: { parse: pathIds },
  beforeLoad: requireCustomer,
  // waited for (not only started), so the page first paints with the product and nothing shifts
  loader: ({ context, params }) => loadProductPage(context.trpc, toId(params.productId)),
  component: CustomerProduct,
});

function CustomerProduct() {
  const { productId } = Route.useParams();
  const { customerId } = Route.useRouteContext();
  return <ProductDetails productId={toId(productId)} customerId={customerId} />;
}
