import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { id, lineQuantity, MAX_LINE_QUANTITY, pageInput, PAGE_SIZE } from "@store/validators";
import type { Db, Prisma } from "@store/db";
import { adminProcedure, assertOwnCustomer, createTRPCRouter, customerOrAdminProcedure, customerProcedure } from "../trpc.ts";
import { productImageUrl } from "../services/images.ts";
import { toRupees } from "../services/money.ts";
import { likeText } from "../services/search.ts";
import { orderOutput, placeOrders, STOCK_TX_OPTIONS, toOrderOutput } from "../services/orders.ts";
import { pageOutput, successOutput } from "../services/serialize.ts";
import type { AuthUser, Context } from "../context.ts";

const cartSelect = {
  addToCartId: true,
  customerId: true,
  productId: true,
  quantity: true,
  addToCartDateTime: true,
  product: { select: { productName: true, productPrice: true, deliveryCharge: true, packSize: true, imageHash: true, quantity: true } },
} satisfies Prisma.CartItemSelect;
type CartRow = Prisma.CartItemGetPayload<{ select: typeof cartSelect }>;

const cartOutput = z.object({
  addToCartId: z.number().int(),
  productOrderId: z.string().describe("cart line reference; the order reference is made at checkout"),
  productId: z.number().int(),
  customerId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("current price in rupees"),
  quantity: z.number().int(),
  deliveryCharge: z.union([z.number(), z.literal("Free")]),
  lineTotal: z.number().describe("rupees: price x quantity + delivery charge"),
  packSize: z.string(),
  inStock: z.number().int().describe("units left"),
  productImg: z.string().nullable(),
  addToCartDateTime: z.date(),
});

function toCartOutput(c: CartRow): z.infer<typeof cartOutput> {
  const delivery = c.product.deliveryCharge ?? 0;
  return {
    addToCartId: c.addToCartId,
    productOrderId: `CART-${String(c.addToCartId).padStart(6, "0")}`,
    productId: c.productId,
    customerId: c.customerId,
    productName: c.product.productName,
    productPrice: toRupees(c.product.productPrice),
    quantity: c.quantity,
    deliveryCharge: c.product.deliveryCharge === null ? "Free" : toRupees(c.product.deliveryCharge),
    lineTotal: toRupees(c.product.productPrice * c.quantity + delivery),
    packSize: c.product.packSize,
    inStock: c.product.quantity,
    productImg: productImageUrl(c.productId, c.product.imageHash, 150),
    addToCartDateTime: c.addToCartDateTime,
  };
}

async function ownedLine(ctx: Context & { auth: AuthUser }, addToCartId: number) {
  const line = await ctx.db.cartItem.findUnique({ where: { addToCartId }, select: cartSelect });
  if (!line) throw new TRPCError({ code: "NOT_FOUND", message: `Cart entry ${addToCartId} was not found.` });
  assertOwnCustomer(ctx.auth, line.customerId, "the cart");
  return line;
}

async function setQuantity(db: Db, line: CartRow, quantity: number) {
  if (quantity > line.product.quantity) {
    throw new TRPCError({
      code: "CONFLICT",
      message:
        line.product.quantity === 0 ? `${line.product.productName} is out of stock.` : `Only ${line.product.quantity} left of ${line.product.productName}.`,
    });
  }
  return db.cartItem.update({ where: { addToCartId: line.addToCartId }, data: { quantity }, select: cartSelect });
}

async function removeLine(ctx: Context & { auth: AuthUser }, addToCartId: number) {
  await ownedLine(ctx, addToCartId);
  await ctx.db.cartItem.delete({ where: { addToCartId } });
  return { success: true, message: "Removed from your cart." };
}

const updateInput = z.object({ addToCartId: id("Cart entry id"), quantity: lineQuantity });
const updateOutput = successOutput.extend({ addToCart: cartOutput });

export const cartRouter = createTRPCRouter({
  save: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addToCart/save",
        tags: ["Cart"],
        summary: "Add a product to the caller's cart; adding it again raises the quantity. Name and price come from the product.",
      },
    })
    .input(
      z.object({
        productId: id("Product id"),
        quantity: lineQuantity.default(1),
        customerId: id("Customer id").optional().describe("if sent, must be the caller's own id"),
        productName: z.string().max(200).optional().describe("ignored: taken from the product"),
        productPrice: z.unknown().optional().describe("ignored: taken from the product"),
        productOrderId: z.unknown().optional().describe("ignored"),
      }),
    )
    .output(updateOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.customerId !== undefined) assertOwnCustomer(ctx.auth, input.customerId, "the cart");
      const product = await ctx.db.product.findFirst({ where: { productId: input.productId, deletedAt: null }, select: { quantity: true, productName: true } });
      if (!product) throw new TRPCError({ code: "NOT_FOUND", message: `Product ${input.productId} was not found.` });
      const key = { customerId_productId: { customerId: ctx.customerId, productId: input.productId } };
      // increment in the database, then check the result (rolled back if too many): two adds of
      // the same product at the same moment both count, instead of one overwriting the other
      const line = await ctx.db.$transaction(async (tx) => {
        const { addToCartId, quantity } = await tx.cartItem.upsert({
          where: key,
          create: { customerId: ctx.customerId, productId: input.productId, quantity: input.quantity },
          update: { quantity: { increment: input.quantity } },
          select: { addToCartId: true, quantity: true },
        });
        if (quantity > MAX_LINE_QUANTITY) throw new TRPCError({ code: "BAD_REQUEST", message: `At most ${MAX_LINE_QUANTITY} of one product per order.` });
        if (quantity > product.quantity) {
          throw new TRPCError({
            code: "CONFLICT",
            message: product.quantity === 0 ? `${product.productName} is out of stock.` : `Only ${product.quantity} left of ${product.productName}.`,
          });
        }
        return tx.cartItem.findUniqueOrThrow({ where: { addToCartId }, select: cartSelect });
      });
      return { success: true, message: `${product.productName} added to your cart.`, addToCart: toCartOutput(line) };
    }),

  update: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/addToCart/update/{addToCartId}",
        tags: ["Cart"],
        summary: "Set a cart line's quantity: ?quantity=3 (owner or admin; documented legacy GET — POST twin at the same path)",
      },
    })
    .input(updateInput)
    .output(updateOutput)
    .mutation(async ({ ctx, input }) => {
      const line = await ownedLine(ctx, input.addToCartId);
      return { success: true, message: "Quantity updated.", addToCart: toCartOutput(await setQuantity(ctx.db, line, input.quantity)) };
    }),

  updatePost: customerOrAdminProcedure
    .meta({ openapi: { method: "POST", path: "/addToCart/update/{addToCartId}", tags: ["Cart"], summary: "Set a cart line's quantity (owner or admin)" } })
    .input(updateInput)
    .output(updateOutput)
    .mutation(async ({ ctx, input }) => {
      const line = await ownedLine(ctx, input.addToCartId);
      return { success: true, message: "Quantity updated.", addToCart: toCartOutput(await setQuantity(ctx.db, line, input.quantity)) };
    }),

  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/addToCart/details", tags: ["Cart"], summary: "All cart entries, newest first (admin)" } })
    .input(z.object({}).optional())
    .output(z.array(cartOutput))
    .query(async ({ ctx }) => (await ctx.db.cartItem.findMany({ select: cartSelect, orderBy: { addToCartId: "desc" }, take: 1000 })).map(toCartOutput)),

  page: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/addToCart/page", tags: ["Cart"], summary: "Cart entries, 20 a page, searchable, optionally of one customer (admin)" },
    })
    .input(pageInput.extend({ customerId: id("Customer id").optional() }))
    .output(pageOutput(cartOutput))
    .query(async ({ ctx, input }) => {
      const q = input.search;
      const numeric = /^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : undefined;
      const where: Prisma.CartItemWhereInput = {
        ...(input.customerId ? { customerId: input.customerId } : {}),
        ...(q
          ? {
              OR: [
                { product: { productName: { contains: likeText(q), mode: "insensitive" } } },
                ...(numeric !== undefined ? [{ addToCartId: numeric }, { customerId: numeric }, { productId: numeric }] : []),
              ],
            }
          : {}),
      };
      const [rows, total] = await Promise.all([
        ctx.db.cartItem.findMany({ where, select: cartSelect, orderBy: { addToCartId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
        ctx.db.cartItem.count({ where }),
      ]);
      return { items: rows.map(toCartOutput), total, page: input.page, pageSize: PAGE_SIZE };
    }),

  byId: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/addToCart/details/{addToCartId}", tags: ["Cart"], summary: "One cart entry (owner or admin)" } })
    .input(z.object({ addToCartId: id("Cart entry id") }))
    .output(cartOutput)
    .query(async ({ ctx, input }) => toCartOutput(await ownedLine(ctx, input.addToCartId))),

  byCustomer: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/addToCart/details/addToCartProductCustomerDetails/{customerId}",
        tags: ["Cart"],
        summary: "A customer's cart (owner or admin)",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(z.array(cartOutput))
    .query(async ({ ctx, input }) => {
      assertOwnCustomer(ctx.auth, input.customerId, "the cart");
      const rows = await ctx.db.cartItem.findMany({ where: { customerId: input.customerId }, select: cartSelect, orderBy: { addToCartId: "desc" } });
      return rows.map(toCartOutput);
    }),

  delete: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/addToCart/delete/{addToCartId}",
        tags: ["Cart"],
        summary: "Remove a cart line (documented legacy GET — prefer DELETE /addToCart/{addToCartId})",
      },
    })
    .input(z.object({ addToCartId: id("Cart entry id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => removeLine(ctx, input.addToCartId)),

  remove: customerOrAdminProcedure
    .meta({ openapi: { method: "DELETE", path: "/addToCart/{addToCartId}", tags: ["Cart"], summary: "Remove a cart line (owner or admin)" } })
    .input(z.object({ addToCartId: id("Cart entry id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => removeLine(ctx, input.addToCartId)),

  checkout: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addToCart/checkout",
        tags: ["Cart"],
        summary: "Order every line of the caller's cart in one transaction and empty the cart",
      },
    })
    .input(z.object({}).optional())
    .output(successOutput.extend({ productOrderId: z.string(), orders: z.array(orderOutput) }))
    .mutation(async ({ ctx }) => {
      const result = await ctx.db.$transaction(async (tx) => {
        const lines = await tx.cartItem.findMany({ where: { customerId: ctx.customerId }, select: { productId: true, quantity: true } });
        if (lines.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "Your cart is empty." });
        const placed = await placeOrders(tx, ctx.customerId, lines);
        await tx.cartItem.deleteMany({ where: { customerId: ctx.customerId } });
        return placed;
      }, STOCK_TX_OPTIONS);
      ctx.services.productEvents.changed();
      return {
        success: true,
        message: `Order ${result.productOrderId} placed.`,
        productOrderId: result.productOrderId,
        orders: result.orders.map(toOrderOutput),
      };
    }),
});
