// Shipments in the back office and on the buyer's order (issue 28, contracts/shipments.md): a box
// with a courier and its AWB, the lists, and cancelling before pickup. The courier's scans and the
// admin's steps: tracking-router.ts.
import { createShipmentInput, orderShipmentsInput, shipmentIdInput, shipmentListInput } from "@store/validators";
import { z } from "zod";
import { pageOutput } from "../platform/serialize-common.ts";
import { adminProcedure, createTRPCRouter, orderReaderProcedure } from "../trpc.ts";
import { shipmentOutput } from "./serializers.ts";
import { cancelShipment, createShipment, getShipment, listShipments, orderShipments } from "./shipments.ts";

const tags = ["Shipments"];

export const shipmentsRouter = createTRPCRouter({
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{productOrderId}/shipments",
        tags,
        summary:
          "Put an order's lines in a box with a courier (admin): 201 with the shipment. orderIds defaults to every line not cancelled and not yet shipped; manual needs awb and courierName; shiprocket books it and gets the AWB (400 COURIER_NOT_CONFIGURED without SHIPROCKET_EMAIL/PASSWORD). Refusals: 409 LINE_NOT_SHIPPABLE, 400 EWAY_BILL_REQUIRED (over ₹50,000), 409 AWB_TAKEN, 502 COURIER_ERROR (nothing saved)",
      },
    })
    .input(createShipmentInput)
    .output(shipmentOutput)
    .mutation(({ ctx, input }) => createShipment(ctx, input)),

  forOrder: orderReaderProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{productOrderId}/shipments",
        tags,
        summary:
          "An order's shipments with their events, newest event first (the order's customer, admin, or the X-Order-Token of a guest order; anyone else 404)",
      },
    })
    .input(orderShipmentsInput)
    .output(z.object({ productOrderId: z.string(), shipments: z.array(shipmentOutput) }))
    .query(({ ctx, input }) => orderShipments(ctx, input.productOrderId)),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shipments",
        tags,
        summary:
          "Shipments, paged (admin): NDRs first, then newest; filter by status, courier and the day they were made (from/to, YYYY-MM-DD, India time); search matches the AWB and the order reference",
      },
    })
    .input(shipmentListInput)
    .output(pageOutput(shipmentOutput))
    .query(({ ctx, input }) => listShipments(ctx, input)),

  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/shipments/{shipmentId}", tags, summary: "One shipment with its events (admin)" } })
    .input(shipmentIdInput)
    .output(shipmentOutput)
    .query(({ ctx, input }) => getShipment(ctx, input.shipmentId)),

  cancel: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipments/{shipmentId}/cancel",
        tags,
        summary: "Cancel a shipment before the courier picks it up (admin): its lines await shipment again; after pickup 409 STATUS_ORDER",
      },
    })
    .input(shipmentIdInput)
    .output(shipmentOutput)
    .mutation(({ ctx, input }) => cancelShipment(ctx, input.shipmentId)),
});
