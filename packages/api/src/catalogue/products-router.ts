import { z } from "zod";
import {
  id,
  PRODUCT_CATEGORIES,
  productCreateSchema,
  productListInput,
  productPageInput,
  productShelfInput,
  productUpdateSchema,
  SHELF_SIZE,
} from "@store/validators";
import { adminProcedure, createTRPCRouter, publicProcedure } from "../trpc.ts";
import { productDetailsOutput, productOutput } from "./serializers.ts";
import { pageOutput, successOutput } from "../platform/serialize-common.ts";
import { createProduct, deleteProduct, listProducts, productById, productPage, shelfPage, trendingProducts, updateProduct } from "./products.ts";

const multipart = ["application/json", "multipart/form-data"] as const;
const productIdInput = z.object({ productId: id("Product id") });

export const productsRouter = createTRPCRouter({
  list: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/details",
        tags: ["Products"],
        summary: "All products in the catalogue (optional case-insensitive search over name, details and pack size; category; sort)",
        protect: false,
      },
    })
    .input(productListInput.optional())
    .output(z.array(productOutput))
    .query(({ ctx, input }) => listProducts(ctx, input)),

  shelf: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/shelf",
        tags: ["Products"],
        summary: `The storefront's product grid, ${SHELF_SIZE} a page (same search, category and sort as /products/details)`,
        protect: false,
      },
    })
    .input(productShelfInput)
    .output(pageOutput(productOutput))
    .query(({ ctx, input }) => shelfPage(ctx, input)),

  categories: publicProcedure
    .meta({ openapi: { method: "GET", path: "/products/categories", tags: ["Products"], summary: "Product categories", protect: false } })
    .input(z.object({}).optional())
    .output(z.array(z.string()))
    .query(() => [...PRODUCT_CATEGORIES]),

  trending: publicProcedure
    .meta({ openapi: { method: "GET", path: "/products/trending", tags: ["Products"], summary: "Most ordered products of the last 30 days", protect: false } })
    .input(z.object({}).optional())
    .output(z.array(productOutput.extend({ orderedUnits: z.number().int() })))
    .query(({ ctx }) => trendingProducts(ctx)),

  byId: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/details/{productId}",
        tags: ["Products"],
        summary:
          "One product with its packs (only the active ones, except for the admin); productPrice, mainPrice, packSize and quantity are its default pack's",
        protect: false,
      },
    })
    .input(productIdInput)
    .output(productDetailsOutput)
    .query(({ ctx, input }) => productById(ctx, input.productId)),

  page: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/page",
        tags: ["Products"],
        summary:
          "Products with all their packs, 20 a page, searchable also by a pack's SKU or label; needs=netQuantity: those with a pack whose net quantity is missing or whose MRP was raised by the packs migration (admin)",
      },
    })
    .input(productPageInput)
    .output(pageOutput(productDetailsOutput))
    .query(({ ctx, input }) => productPage(ctx, input)),

  save: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/saves",
        tags: ["Products"],
        summary: "Add a product (admin). multipart/form-data or JSON; productImg is an image file or a data URL",
        contentTypes: [...multipart],
      },
    })
    .input(productCreateSchema)
    .output(successOutput.extend({ product: productOutput }))
    .mutation(({ ctx, input }) => createProduct(ctx, input)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/update/{productId}",
        tags: ["Products"],
        summary: "Update a product (admin); fields left out keep their value",
        contentTypes: [...multipart],
      },
    })
    .input(productUpdateSchema.extend({ productId: id("Product id") }))
    .output(successOutput.extend({ product: productOutput }))
    .mutation(({ ctx, input }) => updateProduct(ctx, input)),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/delete/{productId}",
        tags: ["Products"],
        summary: "Delete a product (admin; documented legacy GET — prefer DELETE /products/{productId})",
      },
    })
    .input(productIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteProduct(ctx, input.productId)),

  remove: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/products/{productId}", tags: ["Products"], summary: "Delete a product (admin); its past orders stay readable" },
    })
    .input(productIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteProduct(ctx, input.productId)),
});
