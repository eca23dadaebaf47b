import { z } from "zod";
import { deliveryChargeSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { deliveryOutput, successOutput } from "../serialize/common.ts";
import { readSettings, saveSettings } from "../domain/settings.ts";

const settingsOutput = z.object({ defaultDeliveryCharge: deliveryOutput });

export const settingsRouter = createTRPCRouter({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings", tags: ["Settings"], summary: "Store settings (admin)" } })
    .input(z.object({}).optional())
    .output(settingsOutput)
    .query(({ ctx }) => readSettings(ctx)),

  update: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings", tags: ["Settings"], summary: "Change the default delivery charge of new products (admin)" } })
    .input(z.object({ defaultDeliveryCharge: deliveryChargeSchema }))
    .output(successOutput.extend(settingsOutput.shape))
    .mutation(({ ctx, input }) => saveSettings(ctx, input)),
});
