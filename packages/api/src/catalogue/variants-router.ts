// A product's packs in the back office (issue 25, contracts/packs.md): owner or staff.
import { z } from "zod";
import { id, imageOrRemoval, priceWithinMrp, variantCreateFields, variantImageFields, variantUpdateFields } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { variantOutput } from "./variant-serializers.ts";
import { createVariant, removeVariant, updateVariant } from "./variants.ts";

const packPath = { productId: id("Product id"), variantId: id("Pack id") };

/** the procedures whose REST answer is 201 Created (apps/server plugins/rest.ts) */
export const CREATED_PROCEDURES = new Set([
  "variants.create",
  "coupons.create",
  "zones.create",
  "shipments.create",
  "guest.createCart",
  "guest.checkout",
  "addresses.add",
  "messagingTemplates.create",
  "reviews.create",
  "grievances.create",
  "grievances.addMessage",
]);

export const variantsRouter = createTRPCRouter({
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/{productId}/variants",
        tags: ["Products"],
        summary:
          "Add a pack to a product (admin): 201 with the pack. At most 20 packs (400 TOO_MANY_VARIANTS); a SKU in use is 409 SKU_TAKEN. image: the pack's own photo as a data URL (left out = the product's image)",
      },
    })
    .input(z.object({ productId: id("Product id"), ...variantCreateFields, image: variantImageFields.image }).superRefine(priceWithinMrp))
    .output(variantOutput)
    .mutation(({ ctx, input }) => createVariant(ctx, input)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/{productId}/variants/{variantId}",
        tags: ["Products"],
        summary:
          "Change a pack (admin); fields left out keep their value. Deactivating the last active pack is 409 LAST_VARIANT. image (a data URL) replaces the pack's own photo; removeImage: true goes back to the product's image",
      },
    })
    .input(
      z
        .object({ ...packPath, ...variantUpdateFields, ...variantImageFields })
        .superRefine(priceWithinMrp)
        .superRefine(imageOrRemoval),
    )
    .output(variantOutput)
    .mutation(({ ctx, input }) => updateVariant(ctx, input)),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/products/{productId}/variants/{variantId}",
        tags: ["Products"],
        summary: "Remove a pack (admin): deleted, or deactivated when it is on an order line (deleted: false). The last active pack is 409 LAST_VARIANT",
      },
    })
    .input(z.object(packPath))
    .output(successOutput.extend({ deleted: z.boolean(), variant: variantOutput.nullable().describe("the deactivated pack; null when it was deleted") }))
    .mutation(({ ctx, input }) => removeVariant(ctx, input)),
});
