import { createFileRoute, Link } from "@tanstack/react-router";
import { idParams } from "../../components/admin/listSearch";
import { InvalidId } from "../../components/admin/OrdersTable";
import { DetailFrame, ReadOnlyFields } from "../../components/admin/ReadOnlyFields";
import { QueryState } from "../../components/QueryState";
import { formatDateTime, formatDelivery, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/viewAddToCart/$addToCartId")({
  params: idParams("addToCartId"),
  component: Screen,
});

function Screen() {
  const { addToCartId } = Route.useParams();
  const query = trpc.cart.byId.useQuery({ addToCartId: addToCartId ?? 0 }, { enabled: addToCartId !== null });
  if (addToCartId === null) return <InvalidId title="AddToCart Details" what="cart entry id" />;
  return (
    <DetailFrame
      title="AddToCart Details"
      back={
        <Link to="/totalAddToCart" className="btn secondary">
          Back
        </Link>
      }
    >
      <QueryState query={query}>
        {(c) => (
          <div className="card detail-card">
            <div className="detail-media">
              {c.productImg ? (
                <img src={c.productImg} width={150} height={150} alt={c.productName} />
              ) : (
                <div className="no-img" aria-hidden="true">
                  No image
                </div>
              )}
            </div>
            <ReadOnlyFields
              fields={[
                ["AddToCart Id", c.addToCartId],
                ["Product Order Id", c.productOrderId],
                ["Product Id", c.productId],
                ["Customer Id", c.customerId],
                ["Product Name", c.productName],
                ["Pack Size", c.packSize],
                ["Product Price", formatINR(c.productPrice)],
                ["Quantity", c.quantity],
                ["Delivery Charge", formatDelivery(c.deliveryCharge)],
                ["Total", formatINR(c.lineTotal)],
                ["In Stock", c.inStock],
                ["Add DateTime", formatDateTime(c.addToCartDateTime)],
              ]}
            />
          </div>
        )}
      </QueryState>
    </DetailFrame>
  );
}
