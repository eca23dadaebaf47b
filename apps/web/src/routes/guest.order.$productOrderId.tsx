import { createFileRoute } from "@tanstack/react-router";
import { GuestOrderScreen } from "../components/store/guest/GuestOrderScreen";
import { NoIndex } from "../components/store/Seo";
import { StoreLayout } from "../components/store/StoreLayout";
import { OrderTrustLinks } from "../components/store/trust/OrderTrustLinks";
import { text } from "../lib/searchParams";

/** An order reference as the store writes them (ORD-20250601-000123); anything else matches no page. */
const ORDER_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * A guest's order (issue 29), where the guest checkout lands and the order mail's link leads
 * (?link=<one-time token>, exchanged once for the order's access token kept in this browser).
 */
export const Route = createFileRoute("/guest/order/$productOrderId")({
  params: {
    parse: (params: { productOrderId: string }) => (ORDER_REFERENCE.test(params.productOrderId) ? params : false),
  },
  validateSearch: (search: Record<string, unknown>): { link?: string } => ({ link: text(search.link, 100) }),
  component: GuestOrderPage,
});

function GuestOrderPage() {
  const { productOrderId } = Route.useParams();
  const { link } = Route.useSearch();
  return (
    <StoreLayout title={`Order ${productOrderId}`}>
      <NoIndex />
      <GuestOrderScreen productOrderId={productOrderId} link={link} />
      <OrderTrustLinks productOrderId={productOrderId} />
    </StoreLayout>
  );
}
