// The storefront's "Check delivery" (issue 27, contracts/delivery.md): public, no account needed.
import { z } from "zod";
import { serviceabilityInput } from "@store/validators";
import { toPaise } from "@store/domain";
import { createTRPCRouter, publicProcedure } from "../trpc.ts";
import { loadSettings } from "../back-office/settings.ts";
import { deliveryTerms } from "./serviceability.ts";
import { serviceabilityOutput, toServiceabilityOutput } from "./serviceability-serializers.ts";

/** what the storefront may promise before a PIN code is typed */
const storeTermsOutput = z.object({
  codEnabled: z.boolean().describe("cash on delivery is offered at all (Settings); a PIN code may still be without it"),
  freeDeliveryAbove: z.number().nullable().describe("rupees; null: no threshold"),
  zoned: z.boolean().describe("the store has delivery zones: one zone fee an order (false: each product's own delivery charge)"),
});

export const serviceabilityRouter = createTRPCRouter({
  storeTerms: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/delivery-terms",
        tags: ["Delivery"],
        summary:
          "What the storefront may promise before a PIN code is known: whether cash on delivery is offered at all, the free-delivery threshold, and whether zones decide the fee",
        protect: false,
      },
    })
    .input(z.object({}).optional())
    .output(storeTermsOutput)
    .query(async ({ ctx }) => {
      const [settings, zones] = await Promise.all([loadSettings(ctx.db), ctx.db.shippingZone.count()]);
      return { codEnabled: settings.codEnabled, freeDeliveryAbove: settings.freeDeliveryAbove, zoned: zones > 0 };
    }),

  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/serviceability",
        tags: ["Delivery"],
        summary:
          "Whether we deliver to a PIN code, by when, for what fee and with cash on delivery. An unknown or unserved PIN code is 200 with serviceable: false and a message; a PIN code that is not 6 digits is 400",
        protect: false,
      },
    })
    .input(serviceabilityInput)
    .output(serviceabilityOutput)
    .query(async ({ ctx, input }) => {
      const terms = await deliveryTerms(ctx.db, {
        pincode: input.pincode,
        itemsTotalPaise: input.itemsTotal === undefined ? null : toPaise(input.itemsTotal),
        method: input.paymentMethod ?? null,
        now: new Date(),
        settings: await loadSettings(ctx.db),
      });
      return toServiceabilityOutput(terms);
    }),
});
