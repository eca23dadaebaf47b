// The order tracker's screen part (issue 28): a line in a shipment gets the tracker driven by that
// shipment and the parcel's courier, AWB and scans; a line in none (not packed yet, or an order from
// before shipments) keeps the tracker driven by its status.
import { OrderTracker } from "../OrderTracker";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { ShipmentTracker } from "./ShipmentTracker";
import { ShipmentTracking } from "./ShipmentTracking";

type Line = RouterOutputs["orders"]["byId"];

export function LineTracking({ order, customerId }: { order: Line; customerId: number }) {
  const shipments = trpc.shipments.forOrder.useQuery({ productOrderId: order.productOrderId }, { enabled: order.shipmentId !== null });
  const shipment = shipments.data?.shipments.find((s) => s.shipmentId === order.shipmentId && s.status !== "Cancelled");
  const orderPage = { customerId: String(customerId), productOrderId: order.productOrderId };
  return (
    <>
      {shipment && order.orderStatus !== "Cancelled" ? (
        <ShipmentTracker shipment={shipment} orderedAt={order.orderAddDateTime} orderPage={orderPage} />
      ) : (
        <OrderTracker order={order} />
      )}
      {shipment && (
        <section className="card delivery-box" aria-label="Parcel">
          <ShipmentTracking parcel={shipment} heading="h2" />
        </section>
      )}
    </>
  );
}
