// The owner's delivery zones (issue 27, contracts/delivery.md) and the preview of a PIN code's terms.
import { z } from "zod";
import { zoneCreateSchema, zoneIdInput, zonePreviewInput, zoneUpdateSchema } from "@store/validators";
import { createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { loadSettings } from "../back-office/settings.ts";
import { createZone, listZones, removeZone, updateZone } from "./zones.ts";
import { deliveryTerms } from "./serviceability.ts";
import { termsOutput, toTermsOutput } from "./serviceability-serializers.ts";

const zoneOutput = z.object({
  zoneId: z.number().int(),
  name: z.string(),
  match: z.array(z.string()).describe('PIN-code prefixes ("400", "4000") and GST state codes ("27"); empty: the default zone'),
  fee: z.number().describe("rupees per order"),
  etaDaysMin: z.number().int(),
  etaDaysMax: z.number().int(),
  codAllowed: z.boolean(),
  position: z.number().int(),
});

const TAGS = ["Delivery"];

export const zonesRouter = createTRPCRouter({
  list: ownerProcedure
    .meta({ openapi: { method: "GET", path: "/shipping/zones", tags: TAGS, summary: "Every delivery zone, in position order (owner)" } })
    .input(z.object({}).optional())
    .output(z.array(zoneOutput))
    .query(({ ctx }) => listZones(ctx)),

  create: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipping/zones",
        tags: TAGS,
        summary:
          "Add a delivery zone (owner): 201 with the zone. match: PIN-code prefixes of 1–6 digits and GST state codes (empty: the default zone); the most specific match serves a PIN code (the longest prefix, then its state, then the default). A match another zone has is 409 ZONE_OVERLAP",
      },
    })
    .input(zoneCreateSchema)
    .output(zoneOutput)
    .mutation(({ ctx, input }) => createZone(ctx, input)),

  update: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipping/zones/{zoneId}",
        tags: TAGS,
        summary: "Change a delivery zone (owner); fields left out keep their value. A match another zone has is 409 ZONE_OVERLAP",
      },
    })
    .input(zoneUpdateSchema)
    .output(zoneOutput)
    .mutation(({ ctx, input }) => updateZone(ctx, input)),

  remove: ownerProcedure
    .meta({ openapi: { method: "DELETE", path: "/shipping/zones/{zoneId}", tags: TAGS, summary: "Remove a delivery zone (owner)" } })
    .input(zoneIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => removeZone(ctx, input.zoneId)),

  preview: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shipping/zones/preview",
        tags: TAGS,
        summary: "What a PIN code gets (owner): the zone that serves it, the fee, the ETA, cash on delivery and the delivery date of an order placed now",
      },
    })
    .input(zonePreviewInput)
    .output(termsOutput)
    .query(async ({ ctx, input }) =>
      toTermsOutput(await deliveryTerms(ctx.db, { pincode: input.pincode, now: new Date(), settings: await loadSettings(ctx.db) })),
    ),
});
