import { z } from "zod";
import { deliveryChargeSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { successOutput } from "../services/serialize.ts";

const DEFAULT_DELIVERY_KEY = "defaultDeliveryCharge";
const settingsOutput = z.object({ defaultDeliveryCharge: z.union([z.number(), z.literal("Free")]) });

export const settingsRouter = createTRPCRouter({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings", tags: ["Settings"], summary: "Store settings (admin)" } })
    .input(z.object({}).optional())
    .output(settingsOutput)
    .query(async ({ ctx }) => {
      const row = await ctx.db.storeSetting.findUnique({ where: { key: DEFAULT_DELIVERY_KEY } });
      const value = row?.value ?? "Free";
      return { defaultDeliveryCharge: value === "Free" ? "Free" : Number(value) };
    }),

  update: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings", tags: ["Settings"], summary: "Change the default delivery charge of new products (admin)" } })
    .input(z.object({ defaultDeliveryCharge: deliveryChargeSchema }))
    .output(successOutput.extend(settingsOutput.shape))
    .mutation(async ({ ctx, input }) => {
      const value = String(input.defaultDeliveryCharge);
      await ctx.db.storeSetting.upsert({ where: { key: DEFAULT_DELIVERY_KEY }, create: { key: DEFAULT_DELIVERY_KEY, value }, update: { value } });
      return { success: true, message: "Settings saved.", defaultDeliveryCharge: input.defaultDeliveryCharge };
    }),
});
