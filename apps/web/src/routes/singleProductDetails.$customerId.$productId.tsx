import { createFileRoute } from "@tanstack/react-router";
import { loadProductPage, ProductDetails } from "../components/store/ProductDetails";
import { productPageSearch } from "../components/store/searchParams";
import { requireCustomer, toId } from "../components/store/session";
import { pathIds } from "../lib/route-params";

export const Route = createFileRoute("/singleProductDetails/$customerId/$productId")({
  params: { parse: pathIds },
  validateSearch: productPageSearch,
  beforeLoad: requireCustomer,
  // waited for (not only started), so the page first paints with the product and nothing shifts
  loader: ({ context, params }) => loadProductPage(context.trpc, toId(params.productId)),
  component: CustomerProduct,
});

function CustomerProduct() {
  const { productId } = Route.useParams();
  const { customerId } = Route.useRouteContext();
  const { pack } = Route.useSearch();
  const navigate = Route.useNavigate();
  // the chosen pack is in the address (a shared link opens it), replacing the last choice in the history
  const choose = (variantId: number) => void navigate({ search: { pack: variantId }, replace: true, resetScroll: false });
  return <ProductDetails productId={toId(productId)} customerId={customerId} pack={pack} onChoosePack={choose} />;
}
