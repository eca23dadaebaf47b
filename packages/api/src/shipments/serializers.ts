// Shipments as the API answers them (contracts/shipments.md "Data"): the admin's and the buyer's view
// share one shape; the public tracking page gets a smaller one with no personal data.
import { z } from "zod";
import { COURIERS, SHIPMENT_STATUSES } from "@store/domain";
import type { Prisma } from "@store/db";

export const shipmentEventOutput = z.object({
  at: z.string().describe("ISO time of the scan or step"),
  /** the store's status, or the courier's own word when the table does not map it */
  status: z.string(),
  /** true when the event moved the shipment (a mapped status), false for a courier word kept as it came */
  mapped: z.boolean(),
  location: z.string().nullable(),
  remark: z.string().nullable(),
  source: z.enum(["courier", "admin", "webhook"]),
});

export const ndrOutput = z
  .object({
    attempts: z.number(),
    reason: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    action: z.enum(["REATTEMPT", "RTO"]).nullable(),
    actionAt: z.string().nullable(),
    preferredDate: z.string().nullable(),
    requestedBy: z.string().nullable(),
  })
  .nullable();

export const shipmentOutput = z.object({
  shipmentId: z.number(),
  productOrderId: z.string(),
  orderIds: z.array(z.number()),
  courier: z.enum(COURIERS),
  courierName: z.string(),
  awb: z.string(),
  trackingUrl: z.string().nullable(),
  labelAvailable: z.boolean(),
  labelUrl: z.string().describe("the store's label PDF path (admin)"),
  weightGrams: z.number(),
  lengthCm: z.number().nullable(),
  breadthCm: z.number().nullable(),
  heightCm: z.number().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  expectedDeliveryDate: z.string().nullable(),
  ewayBillNumber: z.string().nullable(),
  /** rupees the courier collects at the door (COD), 0 for a prepaid order */
  codAmount: z.number(),
  paymentMethod: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** newest first */
  events: z.array(shipmentEventOutput),
  ndr: ndrOutput,
});
export type ShipmentOutput = z.infer<typeof shipmentOutput>;

/** The public tracking page: status, expected date and events, nothing that names a person or a place beyond the courier's hubs. */
export const publicTrackingOutput = z.object({
  awb: z.string(),
  courierName: z.string(),
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  expectedDeliveryDate: z.string().nullable(),
  events: z.array(shipmentEventOutput),
});

export const shipmentSelect = {
  shipmentId: true,
  productOrderId: true,
  courier: true,
  courierName: true,
  awb: true,
  trackingUrl: true,
  labelUrl: true,
  weightGrams: true,
  lengthCm: true,
  breadthCm: true,
  heightCm: true,
  status: true,
  expectedDeliveryDate: true,
  ewayBillNumber: true,
  codAmount: true,
  paymentMethod: true,
  ndrAttempts: true,
  ndrReason: true,
  ndrLastAttemptAt: true,
  ndrAction: true,
  ndrActionAt: true,
  ndrPreferredDate: true,
  ndrActionBy: true,
  createdAt: true,
  updatedAt: true,
  events: {
    orderBy: [{ at: "desc" }, { eventId: "desc" }],
    select: { at: true, status: true, courierStatus: true, location: true, remark: true, source: true },
  },
} satisfies Prisma.ShipmentSelect;
type ShipmentRow = Prisma.ShipmentGetPayload<{ select: typeof shipmentSelect }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const SOURCES = ["courier", "admin", "webhook"] as const;

export function toShipmentEvents(events: ShipmentRow["events"]): z.infer<typeof shipmentEventOutput>[] {
  return events.map((e) => ({
    at: e.at.toISOString(),
    status: e.status ?? e.courierStatus ?? "",
    mapped: e.status !== null,
    location: e.location,
    remark: e.remark,
    source: (SOURCES as readonly string[]).includes(e.source) ? (e.source as (typeof SOURCES)[number]) : "courier",
  }));
}

/** `orderIds`: the lines in the box (ProductOrder.shipmentId), asked by the caller in one query for a page of shipments. */
export function toShipmentOutput(row: ShipmentRow, orderIds: number[]): ShipmentOutput {
  const action: "REATTEMPT" | "RTO" | null = row.ndrAction === "REATTEMPT" || row.ndrAction === "RTO" ? row.ndrAction : null;
  const ndr =
    row.ndrAttempts > 0 || row.ndrAction
      ? {
          attempts: row.ndrAttempts,
          reason: row.ndrReason,
          lastAttemptAt: iso(row.ndrLastAttemptAt),
          action,
          actionAt: iso(row.ndrActionAt),
          preferredDate: row.ndrPreferredDate ? row.ndrPreferredDate.toISOString().slice(0, 10) : null,
          requestedBy: row.ndrActionBy,
        }
      : null;
  return {
    shipmentId: row.shipmentId,
    productOrderId: row.productOrderId,
    orderIds,
    courier: row.courier === "shiprocket" ? "shiprocket" : "manual",
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    // manual labels are drawn by the store; a courier's label is fetched from it
    labelAvailable: row.courier === "manual" || row.labelUrl !== null,
    labelUrl: `/api/v1/shipments/${row.shipmentId}/label.pdf`,
    weightGrams: row.weightGrams,
    lengthCm: row.lengthCm,
    breadthCm: row.breadthCm,
    heightCm: row.heightCm,
    status: row.status as ShipmentOutput["status"],
    expectedDeliveryDate: row.expectedDeliveryDate ? row.expectedDeliveryDate.toISOString().slice(0, 10) : null,
    ewayBillNumber: row.ewayBillNumber,
    codAmount: row.codAmount / 100,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    events: toShipmentEvents(row.events),
    ndr,
  };
}
