import { z } from "zod";
import { settingsUpdateSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { deliveryOutput, successOutput } from "../serialize/common.ts";
import { readSettings, saveSettings } from "../domain/settings.ts";

const settingsOutput = z.object({
  defaultDeliveryCharge: deliveryOutput,
  maxOpenUnpaidOrders: z.number().int(),
  maxOrdersPerHour: z.number().int(),
});

export const settingsRouter = createTRPCRouter({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings", tags: ["Settings"], summary: "Store settings (admin)" } })
    .input(z.object({}).optional())
    .output(settingsOutput)
    .query(({ ctx }) => readSettings(ctx)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/settings",
        tags: ["Settings"],
        summary: "Change settings (admin): the default delivery charge of new products, the limits on open unpaid orders and orders an hour per customer",
      },
    })
    .input(settingsUpdateSchema)
    .output(successOutput.extend(settingsOutput.shape))
    .mutation(({ ctx, input }) => saveSettings(ctx, input)),
});
