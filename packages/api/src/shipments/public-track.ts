// `GET /track/{awb}?pincode=` (public): anyone with the parcel's AWB and its delivery PIN code sees
// where it is. The PIN code is the proof, so a wrong one and an unknown AWB get the same 404 (an AWB
// tells a prober nothing), and the answer names no person, address, phone or order.
import type { z } from "zod";
import { courierTrackingPage } from "@store/domain";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { shipmentSelect, toShipmentEvents, type publicTrackingOutput } from "./serializers.ts";

type PublicTracking = z.infer<typeof publicTrackingOutput>;

export const NO_PARCEL = "No parcel with that AWB and PIN code.";

const tooManyMisses = (seconds: number) =>
  new StoreError(429, "TOO_MANY_REQUESTS", `Too many lookups that matched no parcel. Please try again in ${Math.ceil(seconds / 60)} minutes.`);

/** The lookup; an address that missed too often (track-limiter.ts) waits before it may try again. */
export async function trackPublicly(ctx: Pick<Context, "db" | "services" | "clientIp">, input: { awb: string; pincode: string }): Promise<PublicTracking> {
  const blocked = await ctx.services.trackLimiter.blockedFor(ctx.clientIp);
  if (blocked > 0) throw tooManyMisses(blocked);
  const awb = input.awb.trim();
  const rows = await ctx.db.shipment.findMany({
    where: { awb: { in: [...new Set([awb, awb.toUpperCase()])] } },
    select: shipmentSelect,
    orderBy: { createdAt: "desc" },
  });
  const orders = await ctx.db.order.findMany({
    where: { productOrderId: { in: [...new Set(rows.map((r) => r.productOrderId))] }, pinCode: input.pincode },
    select: { productOrderId: true },
  });
  const proven = new Set(orders.map((o) => o.productOrderId));
  const matching = rows.filter((r) => proven.has(r.productOrderId));
  // the same AWB may name a cancelled box and the one that went out (or two couriers' boxes): the live one wins
  const shipment = matching.find((r) => r.status !== "Cancelled") ?? matching[0];
  if (!shipment) {
    const wait = await ctx.services.trackLimiter.miss(ctx.clientIp);
    throw wait > 0 ? tooManyMisses(wait) : new StoreError(404, "NOT_FOUND", NO_PARCEL);
  }
  // what the store's people typed may name someone ("left with neighbour Mr. …"); the courier's own words stay
  const events = toShipmentEvents(shipment.events).map((e) => (e.source === "admin" ? { ...e, remark: null } : e));
  return {
    awb: shipment.awb,
    courierName: shipment.courierName,
    trackingUrl: shipment.trackingUrl ?? courierTrackingPage(shipment.courierName, shipment.awb),
    status: shipment.status as PublicTracking["status"],
    expectedDeliveryDate: shipment.expectedDeliveryDate ? shipment.expectedDeliveryDate.toISOString().slice(0, 10) : null,
    events,
  };
}
