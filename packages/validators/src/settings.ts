import { z } from "zod";
import { wholeNumber } from "./common.ts";
import { deliveryChargeSchema } from "./products.ts";

/** Anti-hoarding limits on ordering (docs/decisions.md, issue 13): what a shopper never reaches. */
export const ORDER_LIMIT_DEFAULTS = { maxOpenUnpaidOrders: 10, maxOrdersPerHour: 20 } as const;

export const orderLimitFields = {
  /** orders neither delivered nor cancelled nor paid that one customer may have at once */
  maxOpenUnpaidOrders: wholeNumber("Open unpaid orders per customer", { min: 1, max: 10_000 }),
  /** orders one customer may place in an hour */
  maxOrdersPerHour: wholeNumber("Orders per customer an hour", { min: 1, max: 10_000 }),
};

/** Any of the settings; what is left out keeps its value. */
export const settingsUpdateSchema = z
  .object({
    defaultDeliveryCharge: deliveryChargeSchema.optional(),
    maxOpenUnpaidOrders: orderLimitFields.maxOpenUnpaidOrders.optional(),
    maxOrdersPerHour: orderLimitFields.maxOrdersPerHour.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one setting to change." });
