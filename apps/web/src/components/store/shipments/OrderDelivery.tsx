// The order page's Delivery section (issue 28): each parcel of the order with its courier, AWB and
// scans, and the re-attempt form of a parcel whose delivery failed. Its anchor, #delivery, is where
// the NDR message and My Orders lead.
import { useEffect, useRef } from "react";
import { useLocation } from "@tanstack/react-router";
import { QueryState } from "../../QueryState";
import { trpc } from "../../../lib/trpc";
import { withPack } from "../packs";
import { ReattemptForm } from "./ReattemptForm";
import { ShipmentTracking } from "./ShipmentTracking";
import { liveShipments, type OrderShipment } from "./shipmentView";

export function OrderDelivery({ productOrderId }: { productOrderId: string }) {
  const shipments = trpc.shipments.forOrder.useQuery({ productOrderId });
  // the same query as the page's order summary: no second request
  const order = trpc.orders.order.useQuery({ productOrderId });
  const section = useRef<HTMLElement>(null);
  const hash = useLocation({ select: (l) => l.hash });
  const loaded = shipments.data !== undefined;
  // a link to #delivery (the NDR message) opened before the parcels were read: go there once they are
  useEffect(() => {
    if (loaded && hash === "delivery") section.current?.scrollIntoView({ block: "start" });
  }, [loaded, hash]);

  const lines = order.data?.lines ?? [];
  const allCancelled = lines.length > 0 && lines.every((l) => l.orderStatus === "Cancelled");
  const contents = (list: OrderShipment[]) => {
    if (list.length === 0) {
      return allCancelled ? (
        <p className="hint">This order was cancelled: nothing will be shipped.</p>
      ) : (
        <p className="hint">Not shipped yet. As soon as your parcel is handed to the courier you will see its AWB (tracking number) and updates here.</p>
      );
    }
    return list.map((s, i) => (
      <div key={s.shipmentId} className="delivery-parcel">
        {/* first: the shopper following the NDR message's link came for it */}
        {s.status === "NDR" && <ReattemptForm productOrderId={productOrderId} shipment={s} />}
        <ShipmentTracking parcel={s} title={list.length > 1 ? `Parcel ${i + 1} of ${list.length}: ${s.courierName}` : undefined} />
        {list.length > 1 && <p className="hint">In this parcel: {itemsOf(s, lines)}</p>}
      </div>
    ));
  };
  return (
    <section id="delivery" ref={section} className="card delivery-box" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      <QueryState query={shipments}>{(d) => contents(liveShipments(d.shipments))}</QueryState>
    </section>
  );
}

function itemsOf(shipment: OrderShipment, lines: readonly { orderId: number; productName: string; label: string; quantity: number }[]): string {
  return lines
    .filter((l) => shipment.orderIds.includes(l.orderId))
    .map((l) => `${withPack(l.productName, l.label)} × ${l.quantity}`)
    .join(", ");
}
