// A guest's cart (contracts/guest-and-addresses.md "Guest checkout"): named by a random token the browser
// keeps (only its SHA-256 is stored), valid 30 days from last use; its lines are checked as the customer
// cart checks them (the pack chosen by choosePack, stock and the per-line limit by whyNotAvailable).
import type { Prisma } from "@store/db";
import { toRupees, whyNotAvailable, type PaymentMethod } from "@store/domain";
import type { Context } from "../context.ts";
import { loadSettings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";
import { cartName, choosePack } from "../orders/variant-choice.ts";
import { deliveryTerms } from "../delivery/serviceability.ts";
import { quoteDelivery } from "../delivery/checkout-delivery.ts";
import { priceWithCoupon } from "../offers/quote.ts";
import { newSecret, sha256 } from "./order-access.ts";

type Reader = Pick<Prisma.TransactionClient, "guestCart">;

export const GUEST_CART_DAYS = 30;

/** Every guest endpoint: 403 GUEST_CHECKOUT_OFF when the owner turned guest checkout off (Setting guestCheckoutEnabled). */
export async function assertGuestCheckoutOn(db: Context["db"]): Promise<void> {
  const settings = await loadSettings(db);
  if (!settings.guestCheckoutEnabled)
    throw new StoreError(403, "GUEST_CHECKOUT_OFF", "Ordering without an account is turned off. Please log in or register to order.");
}

const notFound = () => new StoreError(404, "NOT_FOUND", "This cart was not found or has expired. Please start a new cart.");

/** The live cart's id (the token's hash); unknown, or unused for 30 days → 404. Using it keeps it alive. */
export async function liveCartId(db: Reader, cartToken: string, now = new Date()): Promise<string> {
  const cartId = sha256(cartToken);
  const touched = await db.guestCart.updateMany({
    where: { cartId, lastUsedAt: { gt: new Date(now.getTime() - GUEST_CART_DAYS * 86_400_000) } },
    data: { lastUsedAt: now },
  });
  if (touched.count !== 1) throw notFound();
  return cartId;
}

/** POST /guest/cart: a new, empty cart; its token is shown this once. */
export async function createGuestCart(ctx: Pick<Context, "db">): Promise<{ cartToken: string }> {
  const cartToken = newSecret();
  await ctx.db.guestCart.create({ data: { cartId: sha256(cartToken) } });
  return { cartToken };
}

const unavailable = (refusal: NonNullable<ReturnType<typeof whyNotAvailable>>) =>
  refusal.over === "limit" ? new StoreError(400, "QUANTITY_LIMIT", refusal.message) : new StoreError(409, "OUT_OF_STOCK", refusal.message);

/** POST /guest/cart/{cartToken}/items: adding a pack again raises its quantity. */
export async function addGuestItem(ctx: Pick<Context, "db">, input: { cartToken: string; productId: number; variantId?: number; quantity: number }) {
  await ctx.db.$transaction(async (tx) => {
    const cartId = await liveCartId(tx, input.cartToken);
    const pack = await choosePack(tx, input.productId, input.variantId);
    const { quantity } = await tx.guestCartItem.upsert({
      where: { cartId_variantId: { cartId, variantId: pack.variantId } },
      create: { cartId, productId: pack.productId, variantId: pack.variantId, quantity: input.quantity },
      update: { quantity: { increment: input.quantity } },
      select: { quantity: true },
    });
    const refusal = whyNotAvailable({ productName: cartName(pack), quantity: pack.stock }, quantity);
    if (refusal) throw unavailable(refusal);
  });
  return guestCartView(ctx, { cartToken: input.cartToken });
}

/** POST /guest/cart/{cartToken}/items/{itemId}: a new quantity; 0 removes the line. */
export async function setGuestItem(ctx: Pick<Context, "db">, input: { cartToken: string; itemId: number; quantity: number }) {
  await ctx.db.$transaction(async (tx) => {
    const cartId = await liveCartId(tx, input.cartToken);
    const line = await tx.guestCartItem.findFirst({ where: { itemId: input.itemId, cartId }, select: { productId: true, variantId: true } });
    if (!line) throw new StoreError(404, "NOT_FOUND", `Cart item ${input.itemId} was not found.`);
    if (input.quantity === 0) {
      await tx.guestCartItem.delete({ where: { itemId: input.itemId } });
      return;
    }
    const pack = await choosePack(tx, line.productId, line.variantId);
    const refusal = whyNotAvailable({ productName: cartName(pack), quantity: pack.stock }, input.quantity);
    if (refusal) throw unavailable(refusal);
    await tx.guestCartItem.update({ where: { itemId: input.itemId }, data: { quantity: input.quantity } });
  });
  return guestCartView(ctx, { cartToken: input.cartToken });
}

/**
 * GET /guest/cart/{cartToken}: the lines and their quote for `paymentMethod` (default COD). The delivery
 * part follows the PIN code when one is given (?pincode=); without one each product's own charge is shown.
 * Coupons are not quoted here: they apply through couponCode at checkout, counted by the buyer's phone.
 */
export async function guestCartView(ctx: Pick<Context, "db">, input: { cartToken: string; pincode?: string; paymentMethod?: PaymentMethod }) {
  const cartId = await liveCartId(ctx.db, input.cartToken);
  const items = await ctx.db.guestCartItem.findMany({ where: { cartId }, orderBy: { variantId: "asc" } });
  const [variants, products] = await Promise.all([
    ctx.db.productVariant.findMany({
      where: { variantId: { in: items.map((i) => i.variantId) } },
      select: { variantId: true, price: true, mrp: true, gstRate: true, stock: true, label: true, sku: true, active: true },
    }),
    ctx.db.product.findMany({
      where: { productId: { in: items.map((i) => i.productId) } },
      select: { productId: true, productName: true, category: true, deliveryCharge: true, variantCount: true, imageHash: true, deletedAt: true },
    }),
  ]);
  const variantOf = new Map(variants.map((v) => [v.variantId, v]));
  const productOf = new Map(products.map((p) => [p.productId, p]));
  // a line whose product or pack is gone is left out (the checkout would refuse it)
  const rows = items.flatMap((i) => {
    const variant = variantOf.get(i.variantId);
    const product = productOf.get(i.productId);
    return variant && product && !product.deletedAt ? [{ ...i, variant, product }] : [];
  });
  const settings = await loadSettings(ctx.db);
  const method = input.paymentMethod ?? "COD";
  const now = new Date();
  const terms = input.pincode ? await deliveryTerms(ctx.db, { pincode: input.pincode, method, now, settings }) : null;
  const delivery = terms ? quoteDelivery(terms) : null;
  const lines = rows.map((r) => ({
    key: r.itemId,
    productId: r.productId,
    category: r.product.category,
    amount: r.variant.price * r.quantity,
    gstRate: r.variant.gstRate,
    delivery: r.product.deliveryCharge,
  }));
  const { quote } = await priceWithCoupon(ctx.db, {
    customerId: 0,
    customerState: delivery?.stateName ?? "",
    lines,
    method,
    settings,
    now,
    orderDelivery: delivery?.orderDelivery ?? null,
    coupon: null,
  });
  return {
    lines: rows.map((r) => ({
      itemId: r.itemId,
      productId: r.productId,
      variantId: r.variantId,
      productName: cartName({ productName: r.product.productName, label: r.variant.label, variantCount: r.product.variantCount }),
      label: r.variant.label,
      sku: r.variant.sku,
      imageHash: r.product.imageHash,
      price: toRupees(r.variant.price),
      mrp: toRupees(r.variant.mrp),
      quantity: r.quantity,
      amount: toRupees(r.variant.price * r.quantity),
      inStock: r.variant.active && r.variant.stock >= r.quantity,
    })),
    quote: {
      paymentMethod: method,
      itemsTotal: toRupees(quote.itemsTotal),
      deliveryTotal: toRupees(quote.deliveryTotal),
      codFee: toRupees(quote.codFee),
      grandTotal: toRupees(quote.grandTotal),
      freeDeliveryAbove: quote.freeDeliveryAbove === null ? null : toRupees(quote.freeDeliveryAbove),
      addForFreeDelivery: toRupees(quote.addForFreeDelivery),
    },
    delivery: terms
      ? { pincode: terms.pincode, serviceable: terms.serviceable || !terms.zoned, cod: terms.cod, deliverBy: terms.deliverBy, message: terms.message }
      : null,
  };
}
