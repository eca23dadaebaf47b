import { createFileRoute } from "@tanstack/react-router";
import { ProductDetails } from "../components/store/ProductDetails";
import { toId } from "../components/store/session";
import { pathIds } from "../lib/route-params";

/** The guest form of the product page. */
export const Route = createFileRoute("/singleProductDetails/$productId")({
  params: { parse: pathIds },
  // waited for (not only started), so the page first paints with the product and nothing shifts;
  // a failure is left to the screen's own error state
  loader: async ({ context, params }) => {
    const productId = toId(params.productId);
    if (productId) await context.trpc.products.byId.ensureData({ productId }).catch(() => undefined);
  },
  component: GuestProduct,
});

function GuestProduct() {
  const { productId } = Route.useParams();
  return <ProductDetails productId={toId(productId)} />;
}
