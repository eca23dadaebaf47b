import { createFileRoute } from "@tanstack/react-router";
import { loadProductPage, ProductDetails } from "../components/store/ProductDetails";
import { toId } from "../components/store/session";
import { pathIds } from "../lib/route-params";

/** The guest form of the product page. */
export const Route = createFileRoute("/singleProductDetails/$productId")({
  params: { parse: pathIds },
  // waited for (not only started), so the page first paints with the product and nothing shifts
  loader: ({ context, params }) => loadProductPage(context.trpc, toId(params.productId)),
  component: GuestProduct,
});

function GuestProduct() {
  const { productId } = Route.useParams();
  return <ProductDetails productId={toId(productId)} />;
}
