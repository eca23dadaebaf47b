// The order view's "Shipments" (issue 28): the Ship form while lines await shipment, then each box
// with its courier, AWB, label, NDR, the store's actions and the timeline of its events.
import { useEffect } from "react";
import { formatDate, formatINR } from "../../../lib/format";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { DocumentButton } from "../../OrderDocuments";
import { QueryState } from "../../QueryState";
import { awaitsShipment, ShipForm } from "./ShipForm";
import { ShipmentActions } from "./ShipmentActions";
import { ShipmentBadge } from "./ShipmentBadge";
import { ShipmentTimeline } from "./ShipmentTimeline";
import { COURIER_LABEL, formatIst, type Shipment } from "./shipmentText";
import "./shipments.css";

type WholeOrder = RouterOutputs["orders"]["order"];

export function OrderShipments({ productOrderId }: { productOrderId: string }) {
  const order = trpc.orders.order.useQuery({ productOrderId });
  const shipments = trpc.shipments.forOrder.useQuery({ productOrderId });
  // the packing queue's "Ship" leads here (#ship): bring the form into view once it is drawn
  const ready = Boolean(order.data && shipments.data);
  useEffect(() => {
    if (ready && window.location.hash === "#ship") document.getElementById("ship")?.scrollIntoView({ block: "start" });
  }, [ready]);
  if (!order.data) return null;
  const o = order.data;
  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="order-shipments-title">
        <h2 id="order-shipments-title">Shipments</h2>
        <QueryState query={shipments}>
          {(data) => (
            <>
              {data.shipments.length === 0 && <p className="hint">Not shipped yet.</p>}
              {data.shipments.map((s) => (
                <ShipmentCard key={s.shipmentId} shipment={s} order={o} />
              ))}
            </>
          )}
        </QueryState>
      </section>
      {/* a new form when the lines waiting change (a box made or cancelled) */}
      <ShipForm
        key={o.lines
          .filter(awaitsShipment)
          .map((l) => l.orderId)
          .join(",")}
        order={o}
      />
    </div>
  );
}

function ShipmentCard({ shipment: s, order }: { shipment: Shipment; order: WholeOrder }) {
  const lines = order.lines.filter((l) => s.orderIds.includes(l.orderId));
  const box = s.lengthCm && s.breadthCm && s.heightCm ? `${s.lengthCm} × ${s.breadthCm} × ${s.heightCm} cm` : null;
  return (
    <article className="shipment-card" data-shipment={s.awb} aria-labelledby={`shipment-${s.shipmentId}`}>
      <h3 id={`shipment-${s.shipmentId}`}>
        Shipment {s.awb} <ShipmentBadge status={s.status} />
      </h3>
      <dl className="details-grid">
        <dt>Courier</dt>
        <dd>
          {s.courierName} <span className="hint">({COURIER_LABEL[s.courier]})</span>
        </dd>
        <dt>AWB</dt>
        <dd>
          {s.awb}
          {s.trackingUrl && (
            <>
              {" · "}
              <a href={s.trackingUrl} target="_blank" rel="noreferrer">
                Courier's tracking page
              </a>
            </>
          )}
        </dd>
        <dt>Lines</dt>
        <dd>{lines.length > 0 ? lines.map((l) => `${l.productName} ${l.packSize} × ${l.quantity}`).join(", ") : s.orderIds.join(", ")}</dd>
        <dt>Parcel</dt>
        <dd>
          {s.weightGrams.toLocaleString("en-IN")} g{box ? ` · ${box}` : ""}
        </dd>
        <dt>Expected delivery</dt>
        <dd>{formatDate(s.expectedDeliveryDate)}</dd>
        {s.codAmount > 0 && (
          <>
            <dt>Collect at the door</dt>
            <dd>{formatINR(s.codAmount)}</dd>
          </>
        )}
        {s.ewayBillNumber && (
          <>
            <dt>E-way bill</dt>
            <dd>{s.ewayBillNumber}</dd>
          </>
        )}
        {s.ndr && (
          <>
            <dt>Failed deliveries</dt>
            <dd data-testid="shipment-ndr">
              {s.ndr.attempts} {s.ndr.attempts === 1 ? "attempt" : "attempts"}
              {s.ndr.reason ? ` · ${s.ndr.reason}` : ""}
              {s.ndr.action ? ` · decided: ${s.ndr.action === "RTO" ? "Return to origin" : "Re-attempt"}` : ""}
              {s.ndr.preferredDate ? ` on ${formatDate(s.ndr.preferredDate)}` : ""}
              {s.ndr.actionAt ? ` (${formatIst(s.ndr.actionAt)})` : ""}
            </dd>
          </>
        )}
        <dt>Label</dt>
        <dd>
          {s.labelAvailable ? (
            <DocumentButton label="Download label" ariaLabel={`Download the label of shipment ${s.awb}`} href={s.labelUrl} number={`label-${s.awb}`} />
          ) : (
            "Not ready yet"
          )}
        </dd>
      </dl>
      <ShipmentActions shipment={s} />
      <h4>Events</h4>
      <ShipmentTimeline events={s.events} awb={s.awb} />
    </article>
  );
}
