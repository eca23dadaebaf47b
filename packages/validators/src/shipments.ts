// Shipments (issue 28, contracts/shipments.md): making a box with a courier, the admin's steps and
// NDR decisions, the buyer's re-attempt request, the list's filters and the public tracking page.
import { z } from "zod";
import { COURIERS, EWAY_BILL_PATTERN, SHIPMENT_STATUSES } from "@store/domain";
import { id, optionalText, pageInput, wholeNumber } from "./common.ts";
import { pincodeSchema } from "./delivery.ts";
import { productOrderIdSchema } from "./payments.ts";

export { COURIERS, SHIPMENT_STATUSES };
export const FULFILMENTS = ["Awaiting shipment", "In shipment"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const NDR_ACTIONS = ["REATTEMPT", "RTO"] as const;

export const AWB_PATTERN = /^[A-Za-z0-9]{8,20}$/;
/** how far ahead a re-attempt may be asked for */
export const REATTEMPT_MAX_DAYS = 7;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const optionalWhole = (label: string, max: number) => z.preprocess(blank, wholeNumber(label, { min: 1, max }).optional());

const awb = z.preprocess(
  blank,
  z
    .string({ error: "AWB must be text" })
    .trim()
    .regex(AWB_PATTERN, "AWB must be 8 to 20 letters or digits")
    .transform((v) => v.toUpperCase())
    .optional(),
);

const ewayBillNumber = z.preprocess(
  (v) => (typeof v === "string" ? (v.replace(/\s+/g, "") === "" ? undefined : v.replace(/\s+/g, "")) : v),
  z.string({ error: "E-way bill number must be text" }).regex(EWAY_BILL_PATTERN, "E-way bill number must be 12 digits").optional(),
);

/** A calendar day, YYYY-MM-DD (India time). */
export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-12-01` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-01`)
    .refine((v) => {
      const [y, m, d] = v.split("-").map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    }, `${label} is not a real date`);

const orderLineIds = z
  .array(id("Order line id"), { error: "orderIds must be a list of order line ids" })
  .min(1, "orderIds must name at least one line")
  .max(100, "orderIds names at most 100 lines")
  .optional();

/** POST /orders/{productOrderId}/shipments */
export const createShipmentInput = z
  .object({
    productOrderId: productOrderIdSchema,
    orderIds: orderLineIds,
    courier: z.enum(COURIERS, { error: `courier must be one of ${COURIERS.join(", ")}` }),
    awb,
    courierName: optionalText("Courier name", 80),
    weightGrams: optionalWhole("Weight (grams)", 100_000),
    lengthCm: optionalWhole("Length (cm)", 300),
    breadthCm: optionalWhole("Breadth (cm)", 300),
    heightCm: optionalWhole("Height (cm)", 300),
    ewayBillNumber,
  })
  .superRefine((v, ctx) => {
    if (v.courier !== "manual") return;
    if (!v.awb) ctx.addIssue({ code: "custom", path: ["awb"], message: "A manual shipment needs the courier's AWB (8 to 20 letters or digits)" });
    if (!v.courierName) ctx.addIssue({ code: "custom", path: ["courierName"], message: "A manual shipment needs the courier's name (e.g. Delhivery Surface)" });
  });
export type CreateShipmentInput = z.infer<typeof createShipmentInput>;

export const shipmentIdInput = z.object({ shipmentId: id("Shipment id") });
export const orderShipmentsInput = z.object({ productOrderId: productOrderIdSchema });

const dateTimeOrNow = z.preprocess(
  blank,
  z.coerce
    .date({ error: "at must be a date and time like 2026-12-01T10:30:00+05:30" })
    .refine((d) => !Number.isNaN(d.getTime()), "at must be a date and time like 2026-12-01T10:30:00+05:30")
    .optional(),
);

/** POST /shipments/{shipmentId}/events: an admin's step. */
export const shipmentEventInput = z.object({
  shipmentId: id("Shipment id"),
  status: z.enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(", ")}` }),
  at: dateTimeOrNow,
  location: optionalText("Location", 200),
  remark: optionalText("Remark", 500),
});

/** POST /shipments/{shipmentId}/ndr-action */
export const ndrActionInput = z.object({
  shipmentId: id("Shipment id"),
  action: z.enum(NDR_ACTIONS, { error: "action must be REATTEMPT or RTO" }),
  phone: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^\d{10}$/, "Phone must be 10 digits")
      .optional(),
  ),
  address: optionalText("Address", 500),
  preferredDate: z.preprocess(blank, calendarDay("Preferred date").optional()),
});

/** POST /orders/{productOrderId}/shipments/{shipmentId}/reattempt: the buyer's choice after a failed delivery. */
export const reattemptInput = z.object({
  productOrderId: productOrderIdSchema,
  shipmentId: id("Shipment id"),
  preferredDate: calendarDay("Preferred date"),
  phone: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^\d{10}$/, "Phone must be 10 digits")
      .optional(),
  ),
  landmark: optionalText("Landmark", 200),
});

/** GET /shipments */
export const shipmentListInput = pageInput.extend({
  status: z.preprocess(blank, z.enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(", ")}` }).optional()),
  courier: z.preprocess(blank, z.enum(COURIERS, { error: `courier must be one of ${COURIERS.join(", ")}` }).optional()),
  from: z.preprocess(blank, calendarDay("from").optional()),
  to: z.preprocess(blank, calendarDay("to").optional()),
});

/** GET /track/{awb}?pincode= */
export const trackInput = z.object({
  awb: z.string({ error: "AWB is required" }).trim().min(1, "AWB is required").max(40, "AWB is at most 40 characters"),
  pincode: pincodeSchema,
});
