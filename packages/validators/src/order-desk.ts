// The order desk of issue 24: one row per order (a checkout), filtered as the back office's tabs
// are; one status move for a whole order; today's work as numbers; UPI confirmations and their
// undo; the owner's names of HSN codes.
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, RETURN_STATUSES } from "@store/domain";
import { pageInput, requiredText, trueOrFalse } from "./common.ts";
import { auditQueryInput } from "./back-office.ts";
import { orderStatusSchema } from "./orders.ts";
import { productOrderIdSchema } from "./payments.ts";
import { FULFILMENTS } from "./shipments.ts";

/**
 * `status` of GET /orders, the screen's tabs:
 * - all: every order;
 * - unfulfilled: a line still open (not Completed, not Cancelled);
 * - to-ship: cash on delivery or paid, with a line not yet sent out (still at its first step): the dashboard's "orders to ship";
 * - returns: a line whose return waits for the store (Requested: to decide; Approved: to refund);
 * - cancelled: every line Cancelled.
 */
export const ORDER_LIST_STATUSES = ["all", "unfulfilled", "to-ship", "returns", "cancelled"] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/**
 * `payment` of GET /orders:
 * - all: any;
 * - unpaid: paid in advance (UPI, ONLINE) and the money has not come: Pending or Failed (cash on delivery is paid at the door, never "unpaid");
 * - awaiting-verification: a UPI payment whose UTR waits for the owner's check;
 * - paid: Paid or Partially refunded;
 * - refunded: Refunded or Partially refunded.
 */
export const ORDER_LIST_PAYMENTS = ["all", "unpaid", "awaiting-verification", "paid", "refunded"] as const;
export type OrderListPayment = (typeof ORDER_LIST_PAYMENTS)[number];

/** a query parameter sent empty (`?status=`) counts as not sent */
const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

/**
 * `fulfilment` of the admin lists (issue 28), GET /orders and GET /productOrder/page:
 * - Awaiting shipment: the packing queue, a line not Cancelled or Completed and in no shipment yet;
 * - In shipment: a line packed in a shipment.
 */
export const fulfilmentFilter = z
  .preprocess(blankIsAbsent, z.enum(FULFILMENTS, { error: `fulfilment must be one of: ${FULFILMENTS.join(", ")}` }).optional())
  .describe(`${FULFILMENTS.join(" | ")}: Awaiting shipment is the packing queue (an open line in no shipment yet)`);

/** Issue 29: where a cash-on-delivery order's confirmation by OTP stands (null: none was asked). */
export const COD_CONFIRMATIONS = ["Pending", "Confirmed", "Expired"] as const;
export type CodConfirmationState = (typeof COD_CONFIRMATIONS)[number];

/** `codConfirmation` of GET /orders: Pending lists the COD orders waiting for the buyer's code (or a call). */
export const codConfirmationFilter = z
  .preprocess(blankIsAbsent, z.enum(COD_CONFIRMATIONS, { error: `codConfirmation must be one of: ${COD_CONFIRMATIONS.join(", ")}` }).optional())
  .describe(`${COD_CONFIRMATIONS.join(" | ")}: COD orders by their confirmation (Pending: awaiting the buyer's OTP or an admin's confirmation)`);

export const orderListInput = pageInput
  .extend({
    status: z.preprocess(blankIsAbsent, z.enum(ORDER_LIST_STATUSES, { error: `status must be one of: ${ORDER_LIST_STATUSES.join(", ")}` }).default("all")),
    payment: z.preprocess(blankIsAbsent, z.enum(ORDER_LIST_PAYMENTS, { error: `payment must be one of: ${ORDER_LIST_PAYMENTS.join(", ")}` }).default("all")),
    fulfilment: fulfilmentFilter,
    codConfirmation: codConfirmationFilter,
    // IST calendar days, both included (the audit trail's date filters)
    from: auditQueryInput.shape.from,
    to: auditQueryInput.shape.to,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "from must be on or before to", path: ["from"] });
export type OrderListInput = z.infer<typeof orderListInput>;

const rupeesOut = z.number().describe("rupees");

/** A line of an order as the desk shows it. */
const orderLineStatus = z.object({
  orderId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  orderStatus: z.string().describe(ORDER_STATUSES.join(", ")),
  returnStatus: z.string().describe(RETURN_STATUSES.join(", ")),
});

/** A line in a row of the desk's list: its status and whether it is packed yet. */
const orderListLine = orderLineStatus.extend({
  fulfilment: z.enum(FULFILMENTS).describe("Awaiting shipment until the line is in a shipment, then In shipment"),
  shipmentId: z.number().int().nullable().describe("the line's shipment; null while it awaits shipment"),
});

export const orderListItemOutput = z.object({
  productOrderId: z.string(),
  createdAt: z.date(),
  customerName: z.string(),
  phone: z.string().nullable().describe("the customer's mobile number; null once the customer was deleted"),
  itemCount: z.number().int().describe("units ordered, over every line"),
  grandTotal: rupeesOut,
  couponCode: z.string().nullable().describe("the coupon used on the order (issue 26), null without one"),
  discountTotal: rupeesOut.describe("rupees: the coupon's discount, included in grandTotal"),
  paymentMethod: z.string().describe(PAYMENT_METHODS.join(", ")),
  paymentStatus: z.string().describe(PAYMENT_STATUSES.join(", ")),
  lineStatuses: z.array(orderListLine),
  awaitingShipment: z.number().int().describe("lines neither Cancelled nor Completed that are in no shipment yet: what is left to pack"),
  codConfirmation: z
    .enum(COD_CONFIRMATIONS)
    .nullable()
    .describe("issue 29: a COD order's confirmation by OTP: Pending (not shippable yet), Confirmed, Expired (cancelled); null when none was asked"),
  codConfirmBy: z.date().nullable().describe("Pending: the order is cancelled at this time unless confirmed"),
});

export const orderListOutput = z.object({
  items: z.array(orderListItemOutput),
  total: z.number().int(),
  page: z.number().int().describe("1 for the first page"),
  pageSize: z.number().int(),
});

/** POST /orders/{productOrderId}/status: every open line of the order to one status. */
export const orderMoveInput = z.object({
  productOrderId: productOrderIdSchema,
  orderStatus: orderStatusSchema,
  // a pipe, so that the REST facade does not coerce it (trpc-to-openapi turns a plain z.boolean into
  // z.coerce.boolean, which reads "false" or "no" as true)
  force: trueOrFalse("force")
    .default(false)
    .describe("move an unpaid UPI or ONLINE order forward anyway (recorded on the audit trail); without it that is a 409 ORDER_UNPAID"),
});

export const orderMoveOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  productOrderId: z.string(),
  orderStatus: z.string().describe("the status asked for"),
  moved: z.array(z.number().int()).describe("the orderIds of the lines that moved"),
  forced: z.boolean().describe("true when an unpaid UPI or ONLINE order was moved forward with force"),
  paymentStatus: z.string().describe("the order's payment after the move (a COD order delivered becomes Paid)"),
  lines: z.array(orderLineStatus),
});

export const todoOutput = z.object({
  paymentsToVerify: z.number().int().describe("UPI payments whose UTR waits for the owner's check"),
  returnsToDecide: z.number().int().describe("returns asked for and not yet approved or rejected"),
  ordersToShip: z.number().int().describe("orders with a line not yet on its way (Shipped), paid or cash on delivery"),
  lowStock: z.number().int().describe("products for sale with stock at or under Settings' lowStockThreshold"),
  lowStockThreshold: z.number().int(),
  failedMessages: z.number().int().describe("emails that failed (retrying or given up)"),
});

export const confirmOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  undoUntil: z.date().describe("the confirmation can be undone until then (POST …/confirm/undo); its mail to the customer waits until then"),
});

export const PAYMENT_DECISIONS = ["confirmed", "rejected", "undone"] as const;

export const verificationsOutput = z.object({
  items: z.array(
    z.object({
      at: z.date(),
      productOrderId: z.string(),
      customerName: z.string(),
      amount: rupeesOut,
      utr: z.string().nullable().describe("the UTR the decision was about"),
      decision: z.enum(PAYMENT_DECISIONS).describe("confirmed (Paid), rejected (back to Pending) or undone (a confirmation taken back)"),
      by: z.string().describe("the account's name"),
      reason: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /payments/undoable: UPI confirmations still within their undo window, newest first. */
export const undoableOutput = z.object({
  items: z.array(
    z.object({
      productOrderId: z.string(),
      customerName: z.string(),
      amount: rupeesOut,
      undoUntil: z.date().describe("POST /payments/{productOrderId}/confirm/undo works until then; the customer is mailed then"),
    }),
  ),
});

/**
 * POST /orders/{productOrderId}/cod-confirm: the buyer sends the SMS `code`; an admin who confirmed
 * with the buyer by phone sends `byAdmin: true` and a `note` (kept on the order and the audit trail).
 */
export const codConfirmInput = z
  .object({
    productOrderId: productOrderIdSchema,
    code: z
      .string({ error: "code must be text" })
      .trim()
      .regex(/^\d{6}$/, "The code has 6 digits")
      .optional()
      .describe("the buyer: the 6-digit code sent by SMS"),
    // a pipe, so that the REST facade does not coerce "false" to true (see orderMoveInput.force)
    byAdmin: trueOrFalse("byAdmin").optional().describe("an admin: true, confirmed with the buyer by phone"),
    note: z
      .string({ error: "note must be text" })
      .trim()
      .min(1, "Write a note: how the buyer confirmed (1 to 300 characters)")
      .max(300, "The note must be at most 300 characters")
      .optional()
      .describe("an admin: how the buyer confirmed, 1 to 300 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.byAdmin === true) {
      if (v.note === undefined) ctx.addIssue({ code: "custom", path: ["note"], message: "Write a note: how the buyer confirmed (1 to 300 characters)" });
    } else if (v.code === undefined) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "code is required: the 6 digits sent by SMS" });
    }
  });
export type CodConfirmInput = z.infer<typeof codConfirmInput>;

export const codConfirmOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  productOrderId: z.string(),
  codConfirmation: z.enum(COD_CONFIRMATIONS),
  codConfirmedAt: z.date().nullable(),
  codConfirmedBy: z.string().nullable().describe('"otp", or the name of the admin who confirmed after a call'),
});

/** An HSN code as the GST summary prints it: 4 to 8 digits. */
export const hsnCodeSchema = z
  .string({ error: "HSN code is required" })
  .trim()
  .regex(/^\d{4,8}$/, "An HSN code is 4 to 8 digits");

export const hsnNameInput = z.object({ hsnCode: hsnCodeSchema, description: requiredText("Description", 200) });

export const hsnNameOutput = z.object({ hsnCode: z.string(), description: z.string(), updatedAt: z.date() });
