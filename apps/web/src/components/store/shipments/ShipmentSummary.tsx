// One small line per order on My Orders (issue 28): where its parcel is, with the courier and AWB,
// and a link to the order page's Delivery section. Only orders still on their way read their
// parcels (`withDetails`); the others link there without a request of their own.
import { Link } from "@tanstack/react-router";
import { trpc } from "../../../lib/trpc";
import { liveShipments, STATUS_WORDS } from "./shipmentView";
import "./shipments.css";

export function ShipmentSummary({ customerId, productOrderId, withDetails }: { customerId: number; productOrderId: string; withDetails: boolean }) {
  const shipments = trpc.shipments.forOrder.useQuery({ productOrderId }, { enabled: withDetails });
  const live = liveShipments(shipments.data?.shipments ?? []);
  const latest = live.reduce<(typeof live)[number] | undefined>((a, s) => (!a || s.updatedAt > a.updatedAt ? s : a), undefined);
  const link = (
    <Link to="/myOrder/$customerId/$productOrderId" params={{ customerId: String(customerId), productOrderId }} hash="delivery">
      {latest?.status === "NDR" ? "Choose a day for another attempt" : "Track delivery"}
      <span className="visually-hidden"> of order {productOrderId}</span>
    </Link>
  );
  return (
    <p className="parcel-summary" data-testid="shipment-summary">
      {latest && (
        <>
          {STATUS_WORDS[latest.status]} · {latest.courierName}, AWB {latest.awb}
          {live.length > 1 ? ` (+${live.length - 1} more ${live.length === 2 ? "parcel" : "parcels"})` : ""} ·{" "}
        </>
      )}
      {link}
    </p>
  );
}
