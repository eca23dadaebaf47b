import { z } from "zod";

export const successOutput = z.object({ success: z.boolean(), message: z.string() });

export const pageOutput = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Delivery charge as the API speaks it: rupees, or "Free" (stored as null). */
export const deliveryOutput = z.union([z.number(), z.literal("Free")]);
