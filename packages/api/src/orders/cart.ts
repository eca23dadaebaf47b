// The cart: adding, changing and removing lines, and checking it out as one order reference.
import type { Prisma } from "@store/db";
import { whyNotAvailable, type PaymentMethod } from "@store/domain";
import { PAGE_SIZE } from "@store/validators";
import { assertOwnCustomer } from "../trpc.ts";
import { likeText } from "../catalogue/search.ts";
import { cartSelect, toCartOutput, type CartRow } from "./cart-serializers.ts";
import { toOrderOutput } from "./serializers.ts";
import type { Context } from "../context.ts";
import { type AuthedContext, type CustomerContext, searchedId } from "../platform/context-guards.ts";
import { placeOrder, type OrderLine } from "./order-placement.ts";
import { cartName, choosePack } from "./variant-choice.ts";
import { assertOffered } from "../payments/payment-options.ts";
import { afterPlacing } from "../payments/gateway-payments.ts";
import { idempotencyKeyOf, once } from "../platform/idempotency.ts";
import { assertMayOrder } from "./order-limits.ts";
import { StoreError } from "../platform/errors.ts";
import { takeRememberedCouponCode } from "../offers/cart-coupon.ts";
import { customerBuyer, recordCheckoutConsent } from "./order-buyer.ts";
import { startCodConfirmation } from "./cod-confirmation.ts";
import { markAddressUsed } from "../accounts/addresses/addresses.ts";

async function ownedLine(ctx: AuthedContext, addToCartId: number): Promise<CartRow> {
  const line = await ctx.db.cartItem.findUnique({ where: { addToCartId }, select: cartSelect });
  if (!line) throw new StoreError(404, "NOT_FOUND", `Cart entry ${addToCartId} was not found.`);
  assertOwnCustomer(ctx.auth, line.customerId, "the cart");
  return line;
}

const unavailable = (refusal: NonNullable<ReturnType<typeof whyNotAvailable>>) =>
  refusal.over === "limit" ? new StoreError(400, "QUANTITY_LIMIT", refusal.message) : new StoreError(409, "OUT_OF_STOCK", refusal.message);

/**
 * Add a pack of a product to the caller's cart (docs/store-spec.md §7 POST /addToCart/save); adding the same
 * pack again raises the quantity, another pack of the product makes a second line (issue 25).
 */
export async function addToCart(ctx: CustomerContext, input: { productId: number; variantId?: number; quantity: number; customerId?: number }) {
  if (input.customerId !== undefined) assertOwnCustomer(ctx.auth, input.customerId, "the cart");
  const pack = await choosePack(ctx.db, input.productId, input.variantId);
  const key = { customerId_variantId: { customerId: ctx.customerId, variantId: pack.variantId } };
  // increment in the database, then check the result (rolled back if too many): two adds of the
  // same pack at the same moment both count, instead of one overwriting the other
  const line = await ctx.db.$transaction(async (tx) => {
    const { addToCartId, quantity } = await tx.cartItem.upsert({
      where: key,
      create: { customerId: ctx.customerId, productId: pack.productId, variantId: pack.variantId, quantity: input.quantity },
      update: { quantity: { increment: input.quantity } },
      select: { addToCartId: true, quantity: true },
    });
    const refusal = whyNotAvailable({ productName: cartName(pack), quantity: pack.stock }, quantity);
    if (refusal) throw unavailable(refusal);
    return tx.cartItem.findUniqueOrThrow({ where: { addToCartId }, select: cartSelect });
  });
  return { success: true, message: `${cartName(pack)} added to your cart.`, addToCart: toCartOutput(line) };
}

/** Set a line's quantity (owner or admin). */
export async function setCartQuantity(ctx: AuthedContext, input: { addToCartId: number; quantity: number }) {
  const line = await ownedLine(ctx, input.addToCartId);
  const name = cartName({ productName: line.product.productName, label: line.variant.label, variantCount: line.product.variantCount });
  const refusal = whyNotAvailable({ productName: name, quantity: line.variant.stock }, input.quantity);
  if (refusal) throw unavailable(refusal);
  const updated = await ctx.db.cartItem.update({ where: { addToCartId: line.addToCartId }, data: { quantity: input.quantity }, select: cartSelect });
  return { success: true, message: "Quantity updated.", addToCart: toCartOutput(updated) };
}

export async function removeCartLine(ctx: AuthedContext, addToCartId: number) {
  await ownedLine(ctx, addToCartId);
  await ctx.db.cartItem.delete({ where: { addToCartId } });
  return { success: true, message: "Removed from your cart." };
}

export const cartLine = async (ctx: AuthedContext, addToCartId: number) => toCartOutput(await ownedLine(ctx, addToCartId));

export async function customerCart(ctx: AuthedContext, customerId: number) {
  assertOwnCustomer(ctx.auth, customerId, "the cart");
  const rows = await ctx.db.cartItem.findMany({ where: { customerId }, select: cartSelect, orderBy: { addToCartId: "desc" } });
  return rows.map(toCartOutput);
}

export const latestCartLines = async (ctx: Context) =>
  (await ctx.db.cartItem.findMany({ select: cartSelect, orderBy: { addToCartId: "desc" }, take: 1000 })).map(toCartOutput);

/** The admin cart list's filters (and its CSV export's). */
export function cartListWhere(input: { search: string; customerId?: number }): Prisma.CartItemWhereInput {
  const q = input.search;
  const id = searchedId(q);
  return {
    ...(input.customerId ? { customerId: input.customerId } : {}),
    ...(q
      ? {
          OR: [
            { product: { productName: { contains: likeText(q), mode: "insensitive" } } },
            { variant: { sku: { contains: likeText(q), mode: "insensitive" } } },
            ...(id !== undefined ? [{ addToCartId: id }, { customerId: id }, { productId: id }] : []),
          ],
        }
      : {}),
  };
}

export async function cartPage(ctx: Context, input: { page: number; search: string; customerId?: number }) {
  const where = cartListWhere(input);
  const [rows, total] = await Promise.all([
    ctx.db.cartItem.findMany({ where, select: cartSelect, orderBy: { addToCartId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.cartItem.count({ where }),
  ]);
  return { items: rows.map(toCartOutput), total, page: input.page, pageSize: PAGE_SIZE };
}

/**
 * Every line of the caller's cart ordered in one transaction under one reference. The lines are
 * taken out of the cart first (DELETE … RETURNING) and only what was removed is ordered: a second
 * checkout of the same cart running at the same moment waits for the first one's row locks and
 * then finds nothing to remove, so one cart becomes exactly one order (docs/decisions.md, issue 13).
 * The coupon (issue 26) is `couponCode`, else the one remembered on the cart ("" = none); a refusal
 * rolls everything back, so the cart and its remembered code stay as they were.
 */
export async function checkoutCart(
  ctx: CustomerContext,
  input: { idempotencyKey?: string; paymentMethod?: PaymentMethod; couponCode?: string; addressId?: number; whatsappOptIn?: boolean } = {},
) {
  const key = idempotencyKeyOf(ctx, input.idempotencyKey);
  const method = input.paymentMethod ?? "COD";
  const answer = await once(ctx, key, { checkout: true, method, couponCode: input.couponCode, addressId: input.addressId }, async (tx) => {
    const settings = await assertMayOrder(tx, ctx.customerId);
    assertOffered(method, settings, ctx.services);
    const remembered = await takeRememberedCouponCode(tx, ctx.customerId);
    const couponCode = input.couponCode ?? remembered;
    const lines = await tx.$queryRaw<OrderLine[]>`
      DELETE FROM "CartItem" WHERE "customerId" = ${ctx.customerId}::int RETURNING "productId", "variantId", quantity`;
    if (lines.length === 0) throw new StoreError(400, "BAD_REQUEST", "Your cart is empty.");
    // the address book's entry (issue 29): `addressId`, else the default
    const buyer = await customerBuyer(tx, ctx.customerId, input.addressId);
    await recordCheckoutConsent(tx, buyer, input.whatsappOptIn);
    const placed = await placeOrder(tx, buyer, lines, method, settings, ctx.services.mail, { couponCode });
    // issue 29: with codConfirmation "otp" a COD order waits for the buyer's SMS code
    await startCodConfirmation(
      tx,
      ctx.services,
      { productOrderId: placed.productOrderId, paymentMethod: method, phone: buyer.phone, grandTotal: placed.totals.grandTotal },
      settings,
    );
    await markAddressUsed(tx, buyer.addressId);
    return {
      success: true,
      message: `Order ${placed.productOrderId} placed.`,
      productOrderId: placed.productOrderId,
      orders: placed.lines.map(toOrderOutput),
    };
  });
  ctx.services.productEvents.changed();
  await afterPlacing(ctx, answer.productOrderId, method);
  return answer;
}
