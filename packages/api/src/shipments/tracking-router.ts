// Where a shipment is (issue 28, contracts/shipments.md): the admin's steps, the NDR decision, the
// buyer's re-attempt request and the public tracking page. Courier scans arrive by the webhook
// (courier-webhook.ts) and the tracking-poll job, and are applied by tracking.ts as these are.
import { ndrActionInput, reattemptInput, shipmentEventInput, trackInput } from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, publicProcedure } from "../trpc.ts";
import { publicTrackingOutput, shipmentOutput } from "./serializers.ts";
import { recordAdminEvent } from "./tracking.ts";
import { decideNdr, requestReattempt } from "./ndr.ts";
import { trackPublicly } from "./public-track.ts";

const tags = ["Shipments"];

export const trackingRouter = createTRPCRouter({
  addEvent: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipments/{shipmentId}/events",
        tags,
        summary:
          "Record a step by hand (admin): status in the shipment's order (a backwards move is 409 STATUS_ORDER); it moves the order's lines as a courier scan would (Picked up → On the way, Delivered → Completed, RTO delivered → Cancelled)",
      },
    })
    .input(shipmentEventInput)
    .output(shipmentOutput)
    .mutation(({ ctx, input }) => recordAdminEvent(ctx, input)),

  ndrAction: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipments/{shipmentId}/ndr-action",
        tags,
        summary:
          "Decide a failed delivery (admin): REATTEMPT (phone, address, preferredDate within 7 days) or RTO; forwarded to the courier when it is an adapter. Not in NDR: 409 NOT_IN_NDR",
      },
    })
    .input(ndrActionInput)
    .output(shipmentOutput)
    .mutation(({ ctx, input }) => decideNdr(ctx, input)),

  reattempt: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{productOrderId}/shipments/{shipmentId}/reattempt",
        tags,
        summary:
          "The buyer asks for another delivery attempt after a failed one (the order's customer): preferredDate within 7 days, phone and landmark optional; recorded for the owner and forwarded to the courier. Not in NDR: 409 NOT_IN_NDR",
      },
    })
    .input(reattemptInput)
    .output(shipmentOutput)
    .mutation(({ ctx, input }) => requestReattempt(ctx, input)),

  track: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/track/{awb}",
        tags,
        protect: false,
        summary:
          "Track a parcel (public): the delivery PIN code is the proof; a wrong PIN code or an unknown AWB is 404. Status, expected date and events, no personal data",
      },
    })
    .input(trackInput)
    .output(publicTrackingOutput)
    .query(({ ctx, input }) => trackPublicly(ctx, input)),
});
