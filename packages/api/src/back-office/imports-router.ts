import { z } from "zod";
import { productImportInput } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { importProducts } from "./product-import.ts";

const rowError = z.object({ line: z.number().int(), field: z.string(), message: z.string() });

export const importsRouter = createTRPCRouter({
  products: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/import/products",
        tags: ["Products"],
        summary:
          "Import products from a CSV (multipart field `file`, or JSON {csv}). The export's columns, one row per pack (productId, productName, category, variantId, sku, label, netQuantity, netUnit, mrp, price, stock, hsnCode, gstRate, weightGrams, active): a row with variantId changes that pack (blank cells keep their value), with productId and no variantId adds a pack, with neither creates a product (rows of one new productName make one product). The older header of product fields (without variantId and sku) is still taken: a row with productId updates it, others create. ?dryRun=true answers the per-row errors and the changes without making them; applying is all or nothing (a row with errors: 400 with `errors`) (admin)",
      },
    })
    .input(productImportInput)
    .output(
      z.object({
        dryRun: z.boolean(),
        applied: z.boolean(),
        rows: z.number().int(),
        created: z.number().int(),
        updated: z.number().int(),
        errors: z.array(rowError),
        changes: z.array(
          z.object({ line: z.number().int(), action: z.enum(["create", "update"]), productId: z.number().int().nullable(), productName: z.string() }),
        ),
      }),
    )
    .mutation(({ ctx, input }) => importProducts(ctx, input)),
});
