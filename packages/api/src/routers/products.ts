import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  id,
  pageInput,
  PAGE_SIZE,
  PRODUCT_CATEGORIES,
  productCreateSchema,
  productListInput,
  productShelfInput,
  productUpdateSchema,
  SHELF_SIZE,
} from "@store/validators";
import type { Db, Prisma } from "@store/db";
import { adminProcedure, createTRPCRouter, publicProcedure } from "../trpc.ts";
import { decodeDataUrl, renderProductImages, saveProductImages } from "../services/images.ts";
import { toPaise } from "../services/money.ts";
import { likeText } from "../services/search.ts";
import { queryProducts } from "../services/product-query.ts";
import { pageOutput, productOutput, productSelect, successOutput, toProductOutput } from "../services/serialize.ts";
import type { Context } from "../context.ts";

const live = { deletedAt: null } satisfies Prisma.ProductWhereInput;

function searchWhere(search: string | undefined): Prisma.ProductWhereInput {
  if (!search) return live;
  const text = likeText(search);
  return {
    ...live,
    OR: [
      { productName: { contains: text, mode: "insensitive" } },
      { productInfo: { contains: text, mode: "insensitive" } },
      { packSize: { contains: text, mode: "insensitive" } },
      { category: { contains: text, mode: "insensitive" } },
    ],
  };
}

async function findLive(db: Db, productId: number) {
  const product = await db.product.findFirst({ where: { productId, ...live }, select: productSelect });
  if (!product) throw new TRPCError({ code: "NOT_FOUND", message: `Product ${productId} was not found.` });
  return product;
}

async function softDelete(ctx: Context, productId: number) {
  const { count } = await ctx.db.product.updateMany({ where: { productId, ...live }, data: { deletedAt: new Date() } });
  if (count === 0) throw new TRPCError({ code: "NOT_FOUND", message: `Product ${productId} was not found.` });
  // a deleted product can no longer be bought: take it out of every cart; past orders keep their snapshot
  await ctx.db.cartItem.deleteMany({ where: { productId } });
  ctx.services.productEvents.changed();
  return { success: true, message: "Product deleted." };
}

type ListInput = z.infer<typeof productListInput> | undefined;

async function listProducts(db: Db, input: ListInput) {
  const { rows } = await queryProducts(db, input ?? {}, { limit: 500, offset: 0 });
  return rows.map(toProductOutput);
}

async function shelfPage(db: Db, input: z.infer<typeof productShelfInput>) {
  const { rows, total } = await queryProducts(db, input, { limit: SHELF_SIZE, offset: (input.page - 1) * SHELF_SIZE });
  return { items: rows.map(toProductOutput), total, page: input.page, pageSize: SHELF_SIZE };
}

const imageFromInput = async (dataUrl: string | undefined) => (dataUrl ? renderProductImages(decodeDataUrl(dataUrl)) : undefined);

const multipart = ["application/json", "multipart/form-data"] as const;

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
    .query(async ({ ctx, input }) => {
      // searches go to the database; the plain list, by category or sort, is served from the cache
      if (input?.search) return listProducts(ctx.db, input);
      return ctx.services.productCache.get(`list:${input?.category ?? ""}:${input?.sort ?? ""}`, () => listProducts(ctx.db, input));
    }),

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
    .query(({ ctx, input }) => {
      // like the list: searches go to the database, the pages of the plain grid come from the cache
      if (input.search) return shelfPage(ctx.db, input);
      return ctx.services.productCache.get(`shelf:${input.category ?? ""}:${input.sort ?? ""}:${input.page}`, () => shelfPage(ctx.db, input));
    }),

  categories: publicProcedure
    .meta({ openapi: { method: "GET", path: "/products/categories", tags: ["Products"], summary: "Product categories", protect: false } })
    .input(z.object({}).optional())
    .output(z.array(z.string()))
    .query(() => [...PRODUCT_CATEGORIES]),

  trending: publicProcedure
    .meta({ openapi: { method: "GET", path: "/products/trending", tags: ["Products"], summary: "Most ordered products of the last 30 days", protect: false } })
    .input(z.object({}).optional())
    .output(z.array(productOutput.extend({ orderedUnits: z.number().int() })))
    .query(async ({ ctx }) => {
      const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
      const top = await ctx.db.productOrder.groupBy({
        by: ["productId"],
        where: { orderAddDateTime: { gte: since }, orderStatus: { not: "Cancelled" } },
        _sum: { quantity: true },
        orderBy: { _sum: { quantity: "desc" } },
        take: 12,
      });
      const products = await ctx.db.product.findMany({ where: { ...live, productId: { in: top.map((t) => t.productId) } }, select: productSelect });
      const byId = new Map(products.map((p) => [p.productId, p]));
      return top.flatMap((t) => {
        const p = byId.get(t.productId);
        return p ? [{ ...toProductOutput(p), orderedUnits: t._sum.quantity ?? 0 }] : [];
      });
    }),

  byId: publicProcedure
    .meta({ openapi: { method: "GET", path: "/products/details/{productId}", tags: ["Products"], summary: "One product", protect: false } })
    .input(z.object({ productId: id("Product id") }))
    .output(productOutput)
    .query(({ ctx, input }) => ctx.services.productCache.get(`byId:${input.productId}`, async () => toProductOutput(await findLive(ctx.db, input.productId)))),

  page: adminProcedure
    .meta({ openapi: { method: "GET", path: "/products/page", tags: ["Products"], summary: "Products, 20 a page, searchable (admin)" } })
    .input(pageInput)
    .output(pageOutput(productOutput))
    .query(async ({ ctx, input }) => {
      const base = searchWhere(input.search || undefined);
      const where: Prisma.ProductWhereInput =
        /^\d+$/.test(input.search) && Number(input.search) <= 2_147_483_647 ? { ...live, OR: [...(base.OR ?? []), { productId: Number(input.search) }] } : base;
      const [rows, total] = await Promise.all([
        ctx.db.product.findMany({ where, select: productSelect, orderBy: { productId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
        ctx.db.product.count({ where }),
      ]);
      return { items: rows.map(toProductOutput), total, page: input.page, pageSize: PAGE_SIZE };
    }),

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
    .mutation(async ({ ctx, input }) => {
      const image = await imageFromInput(input.productImg);
      const product = await ctx.db.product.create({
        data: {
          productName: input.productName,
          productPrice: toPaise(input.productPrice),
          mainPrice: toPaise(input.mainPrice),
          offer: input.offer ?? "",
          packSize: input.packSize,
          productInfo: input.productInfo,
          category: input.category ?? "General",
          deliveryCharge: input.deliveryCharge === "Free" ? null : toPaise(input.deliveryCharge),
          quantity: input.quantity,
          productImgName: input.productImgName ?? null,
        },
        select: { productId: true },
      });
      if (image) await saveProductImages(ctx.db, product.productId, image);
      ctx.services.productEvents.changed();
      return { success: true, message: "Product added.", product: toProductOutput(await findLive(ctx.db, product.productId)) };
    }),

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
    .mutation(async ({ ctx, input }) => {
      await findLive(ctx.db, input.productId);
      const image = await imageFromInput(input.productImg);
      await ctx.db.product.update({
        where: { productId: input.productId },
        data: {
          productName: input.productName,
          ...(input.productPrice !== undefined ? { productPrice: toPaise(input.productPrice) } : {}),
          ...(input.mainPrice !== undefined ? { mainPrice: toPaise(input.mainPrice) } : {}),
          ...(input.offer !== undefined ? { offer: input.offer } : {}),
          ...(input.packSize !== undefined ? { packSize: input.packSize } : {}),
          ...(input.productInfo !== undefined ? { productInfo: input.productInfo } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          ...(input.deliveryCharge !== undefined ? { deliveryCharge: input.deliveryCharge === "Free" ? null : toPaise(input.deliveryCharge) } : {}),
          ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
          ...(input.productImgName !== undefined ? { productImgName: input.productImgName } : {}),
        },
      });
      if (image) await saveProductImages(ctx.db, input.productId, image);
      ctx.services.productEvents.changed();
      return { success: true, message: "Product updated.", product: toProductOutput(await findLive(ctx.db, input.productId)) };
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products/delete/{productId}",
        tags: ["Products"],
        summary: "Delete a product (admin; documented legacy GET — prefer DELETE /products/{productId})",
      },
    })
    .input(z.object({ productId: id("Product id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => softDelete(ctx, input.productId)),

  remove: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/products/{productId}", tags: ["Products"], summary: "Delete a product (admin); its past orders stay readable" },
    })
    .input(z.object({ productId: id("Product id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => softDelete(ctx, input.productId)),
});
