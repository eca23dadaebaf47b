// The catalogue: what is on sale, and the soft-delete rule (a deleted product leaves the shop and
// every cart, while past orders keep their snapshot of it).
import type { Db, Prisma } from "@store/db";
import { toPaise } from "@store/domain";
import {
  PAGE_SIZE,
  SHELF_SIZE,
  synonymGroups,
  type productCreateSchema,
  type productListInput,
  type productPageInput,
  type productShelfInput,
  type productUpdateSchema,
} from "@store/validators";
import type { z } from "zod";
import { decodeDataUrl, renderProductImages, saveProductImages } from "./images.ts";
import { expandSearch, likeText, normalizeSearch } from "./search.ts";
import { productSelect, toProductDetailsOutput, toProductOutput } from "./serializers.ts";
import { variantOrder, variantSelect } from "./variant-serializers.ts";
import type { Context } from "../context.ts";
import { loadSearchSynonyms, loadSettings, type Settings } from "../back-office/settings.ts";
import { searchedId } from "../platform/context-guards.ts";
import { queryProducts } from "./product-query.ts";
import { StoreError } from "../platform/errors.ts";
import { SearchRefused } from "./search-gate.ts";
import { createFirstVariant, updateDefaultVariant } from "./product-variants.ts";

/** A product on sale: not soft-deleted. */
export const live = { deletedAt: null } satisfies Prisma.ProductWhereInput;

async function findLive(db: Db, productId: number) {
  const product = await db.product.findFirst({ where: { productId, ...live }, select: productSelect });
  if (!product) throw new StoreError(404, "NOT_FOUND", `Product ${productId} was not found.`);
  return product;
}

/** A live product with all its packs, in display order (404 when there is none). */
export async function productDetails(db: Db, productId: number) {
  const [product, variants] = await Promise.all([
    findLive(db, productId),
    db.productVariant.findMany({ where: { productId }, select: variantSelect, orderBy: variantOrder }),
  ]);
  return toProductDetailsOutput(product, variants);
}

/** whether the caller reads as the back office: an admin token (owner or staff) sees the inactive packs too */
const seesInactivePacks = (ctx: Context) => ctx.auth?.role === "admin";

/** GET /products/details/{productId}: kept with every pack in the product cache; a guest or a customer sees the active ones. */
export async function productById(ctx: Context, productId: number) {
  const product = await ctx.services.productCache.get(`byId:${productId}`, () => productDetails(ctx.db, productId));
  return seesInactivePacks(ctx) ? product : { ...product, variants: product.variants.filter((v) => v.active) };
}

type ListInput = z.infer<typeof productListInput>;
type ShelfInput = z.infer<typeof productShelfInput>;

/** A search and its synonym variants (docs/decisions.md, issue 18); the owner's synonym list is kept in the product cache, which every settings save empties. */
async function searchTerms(ctx: Context, search: string | undefined): Promise<string[]> {
  if (!search) return [];
  const groups = await ctx.services.productCache.get("searchSynonyms", async () => synonymGroups(await loadSearchSynonyms(ctx.db)));
  return expandSearch(search, groups);
}

/** A kept search (product-cache.ts `search`); a crowd shares the load of whoever asked first, but not a refusal of that client's (search-gate.ts). */
async function keptSearch<T>(ctx: Context, key: string, load: () => Promise<T>, rowsOf: (answer: T) => number): Promise<T> {
  try {
    return await ctx.services.productCache.search(key, load, rowsOf);
  } catch (error) {
    if (error instanceof SearchRefused && error.client !== ctx.clientIp) return ctx.services.productCache.search(key, load, rowsOf);
    throw error;
  }
}

/** one client's close-spelling statements within the bounds of search-gate.ts */
const gateOf =
  (ctx: Context) =>
  <T>(statement: () => Promise<T>) =>
    ctx.services.productCache.searchGate.closeSpelling(ctx.clientIp, statement);

async function loadList(ctx: Context, input: ListInput | undefined) {
  const { rows } = await queryProducts(ctx.db, input ?? {}, { limit: 500, offset: 0 }, await searchTerms(ctx, input?.search), gateOf(ctx));
  return rows.map(toProductOutput);
}

async function loadShelf(ctx: Context, input: ShelfInput) {
  const { rows, total } = await queryProducts(
    ctx.db,
    input,
    { limit: SHELF_SIZE, offset: (input.page - 1) * SHELF_SIZE },
    await searchTerms(ctx, input.search),
    gateOf(ctx),
  );
  return { items: rows.map(toProductOutput), total, page: input.page, pageSize: SHELF_SIZE };
}

/**
 * The newest 500 (docs/store-spec.md §7 GET /products/details): searches go to the database once
 * per normalised search (then they are kept: product-cache.ts `search`), the rest come from the cache.
 */
export function listProducts(ctx: Context, input: ListInput | undefined) {
  const search = input?.search ? normalizeSearch(input.search) : "";
  if (search) {
    const normalized = { ...input, search };
    return keptSearch(
      ctx,
      `list:${JSON.stringify([search, input?.category, input?.sort])}`,
      () => loadList(ctx, normalized),
      (rows) => rows.length,
    );
  }
  return ctx.services.productCache.get(`list:${input?.category ?? ""}:${input?.sort ?? ""}`, () => loadList(ctx, input));
}

/** One page of the storefront's grid: like the list, searches are kept per normalised search and plain pages come from the cache. */
export function shelfPage(ctx: Context, input: ShelfInput) {
  const search = input.search ? normalizeSearch(input.search) : "";
  if (search) {
    const normalized = { ...input, search };
    return keptSearch(
      ctx,
      `shelf:${JSON.stringify([search, input.category, input.sort, input.page])}`,
      () => loadShelf(ctx, normalized),
      (page) => page.items.length,
    );
  }
  return ctx.services.productCache.get(`shelf:${input.category ?? ""}:${input.sort ?? ""}:${input.page}`, () => loadShelf(ctx, input));
}

/** The most ordered live products of the last 30 days. */
export async function trendingProducts(ctx: Context) {
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
}

/** The admin product list's search (and its CSV export's). */
export function adminSearch(search: string): Prisma.ProductWhereInput {
  if (!search) return live;
  const text = likeText(search);
  const id = searchedId(search);
  return {
    ...live,
    OR: [
      { productName: { contains: text, mode: "insensitive" } },
      { productInfo: { contains: text, mode: "insensitive" } },
      { packSize: { contains: text, mode: "insensitive" } },
      { category: { contains: text, mode: "insensitive" } },
      // a pack's SKU or label (issue 25), active or not: the back office manages them all
      { variants: { some: { OR: [{ sku: { contains: text, mode: "insensitive" } }, { label: { contains: text, mode: "insensitive" } }] } } },
      ...(id !== undefined ? [{ productId: id }] : []),
    ],
  };
}

/** a pack the owner has still to complete: no net quantity, or an MRP the packs migration raised to the price */
export const packNeedsNetQuantity = { OR: [{ netQuantity: null }, { mrpRaised: true }] } satisfies Prisma.ProductVariantWhereInput;

/** The admin's product list: 20 a page, newest first, each product with all its packs (stock per pack). */
export async function productPage(ctx: Context, input: z.infer<typeof productPageInput>) {
  const searched = adminSearch(input.search);
  const where: Prisma.ProductWhereInput = input.needs === "netQuantity" ? { AND: [searched, { variants: { some: packNeedsNetQuantity } }] } : searched;
  const [rows, total] = await Promise.all([
    ctx.db.product.findMany({ where, select: productSelect, orderBy: { productId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.product.count({ where }),
  ]);
  const variants = await ctx.db.productVariant.findMany({
    where: { productId: { in: rows.map((r) => r.productId) } },
    select: variantSelect,
    orderBy: variantOrder,
  });
  const items = rows.map((r) =>
    toProductDetailsOutput(
      r,
      variants.filter((v) => v.productId === r.productId),
    ),
  );
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}

const imageFrom = async (dataUrl: string | undefined) => (dataUrl ? renderProductImages(decodeDataUrl(dataUrl)) : undefined);
const deliveryPaise = (charge: number | "Free") => (charge === "Free" ? null : toPaise(charge));

/** A new product's row: prices in paise, GST and origin from the Settings defaults where left out. */
export function newProductData(input: z.infer<typeof productCreateSchema>, defaults: Pick<Settings, "defaultHsnCode" | "defaultGstRate">) {
  return {
    hsnCode: input.hsnCode ?? defaults.defaultHsnCode,
    gstRate: input.gstRate ?? defaults.defaultGstRate,
    countryOfOrigin: input.countryOfOrigin ?? null,
    manufacturer: input.manufacturer ?? null,
    productName: input.productName,
    productPrice: toPaise(input.productPrice),
    mainPrice: toPaise(input.mainPrice),
    offer: input.offer ?? "",
    packSize: input.packSize,
    productInfo: input.productInfo,
    category: input.category ?? "General",
    deliveryCharge: deliveryPaise(input.deliveryCharge),
    quantity: input.quantity,
    productImgName: input.productImgName ?? null,
  } satisfies Prisma.ProductCreateInput;
}

/** The fields of an update that were sent; what is left out keeps its value. */
export function changedProductData(input: z.infer<typeof productUpdateSchema>) {
  return {
    productName: input.productName,
    ...(input.productPrice !== undefined ? { productPrice: toPaise(input.productPrice) } : {}),
    ...(input.mainPrice !== undefined ? { mainPrice: toPaise(input.mainPrice) } : {}),
    ...(input.offer !== undefined ? { offer: input.offer } : {}),
    ...(input.packSize !== undefined ? { packSize: input.packSize } : {}),
    ...(input.productInfo !== undefined ? { productInfo: input.productInfo } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.deliveryCharge !== undefined ? { deliveryCharge: deliveryPaise(input.deliveryCharge) } : {}),
    ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    ...(input.productImgName !== undefined ? { productImgName: input.productImgName } : {}),
    ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
    ...(input.gstRate !== undefined ? { gstRate: input.gstRate } : {}),
    ...(input.countryOfOrigin !== undefined ? { countryOfOrigin: input.countryOfOrigin } : {}),
    ...(input.manufacturer !== undefined ? { manufacturer: input.manufacturer } : {}),
  } satisfies Prisma.ProductUpdateInput;
}

export async function createProduct(ctx: Context, input: z.infer<typeof productCreateSchema>) {
  const image = await imageFrom(input.productImg);
  const defaults = await loadSettings(ctx.db);
  const data = newProductData(input, defaults);
  const product = await ctx.db.$transaction(async (tx) => {
    const created = await tx.product.create({ data, select: { productId: true } });
    await createFirstVariant(tx, created.productId, data);
    return created;
  });
  if (image) await saveProductImages(ctx.db, product.productId, image);
  ctx.services.productEvents.changed();
  return { success: true, message: "Product added.", product: toProductOutput(await findLive(ctx.db, product.productId)) };
}

/** Fields left out keep their value. */
export async function updateProduct(ctx: Context, input: z.infer<typeof productUpdateSchema> & { productId: number }) {
  await findLive(ctx.db, input.productId);
  const image = await imageFrom(input.productImg);
  const changes = changedProductData(input);
  await ctx.db.$transaction(async (tx) => {
    // packs first, then the product: the lock order of stock taking (catalogue/stock.ts), so an edit
    // and a checkout of this product cannot deadlock
    await tx.$queryRaw`SELECT 1 FROM "ProductVariant" WHERE "productId" = ${input.productId}::int ORDER BY "variantId" FOR UPDATE`;
    await tx.product.update({ where: { productId: input.productId }, data: changes });
    await updateDefaultVariant(tx, input.productId, changes);
  });
  if (image) await saveProductImages(ctx.db, input.productId, image);
  ctx.services.productEvents.changed();
  return { success: true, message: "Product updated.", product: toProductOutput(await findLive(ctx.db, input.productId)) };
}

/** Soft delete: the product leaves the shop and every cart; past orders keep their snapshot. */
export async function deleteProduct(ctx: Context, productId: number) {
  const { count } = await ctx.db.product.updateMany({ where: { productId, ...live }, data: { deletedAt: new Date() } });
  if (count === 0) throw new StoreError(404, "NOT_FOUND", `Product ${productId} was not found.`);
  await ctx.db.cartItem.deleteMany({ where: { productId } });
  ctx.services.productEvents.changed();
  return { success: true, message: "Product deleted." };
}
