// The shopper's side of coupons (issue 26, contracts/offers.md): the cart's quote for a payment
// method, applying a code to the cart (remembered for the checkout) and taking it off, and the offers
// the checkout lists. None of these places an order or counts a use; the checkout re-checks everything.
import type { CouponModel } from "@store/db";
import { PREPAID_METHODS, quoteCart, toRupees, type CartQuote, type PaymentMethod } from "@store/domain";
import type { Services } from "../context.ts";
import { loadSettings, type Settings } from "../back-office/settings.ts";
import { paymentOptions } from "../payments/payment-options.ts";
import type { CustomerContext } from "../platform/context-guards.ts";
import { couponTermsOf } from "./coupon-serializers.ts";
import { forgetCartCoupon, rememberCouponCode, rememberedCouponCode } from "./cart-coupon.ts";
import { deliveryTerms } from "../delivery/serviceability.ts";
import { quoteDelivery } from "../delivery/checkout-delivery.ts";
import { baseQuoteInput, cartLinesOf, findCoupon, hasLiveOrder, priceWithCoupon } from "./quote.ts";
import { StoreError } from "../platform/errors.ts";

/** The checkout's preference when the shopper has not chosen: UPI, then online, then cash on delivery. */
const PREFERRED: readonly PaymentMethod[] = ["UPI", "ONLINE", "COD"];
/** at most this many offers are listed at the checkout */
const MAX_OFFERS = 20;

/** The first of UPI, ONLINE, COD that the store offers and the coupon allows (else the first offered). */
export function defaultPaymentMethod(settings: Settings, services: Pick<Services, "paymentProvider">, allowed?: readonly PaymentMethod[]): PaymentMethod {
  const offered = new Set(
    paymentOptions(settings, services)
      .filter((o) => o.offered)
      .map((o) => o.method),
  );
  return PREFERRED.find((m) => offered.has(m) && (!allowed || allowed.includes(m))) ?? PREFERRED.find((m) => offered.has(m)) ?? "COD";
}

const isPrepaidOnly = (methods: readonly PaymentMethod[]) => methods.length > 0 && methods.every((m) => PREPAID_METHODS.includes(m));

function inRupees(q: CartQuote) {
  return {
    itemsTotal: toRupees(q.itemsTotal),
    discountTotal: toRupees(q.discountTotal),
    deliveryTotal: toRupees(q.deliveryTotal),
    codFee: toRupees(q.codFee),
    grandTotal: toRupees(q.grandTotal),
    coupon: q.coupon && { ...q.coupon, discount: toRupees(q.coupon.discount) },
    lines: q.lines.map((l) => ({
      addToCartId: l.key,
      amount: toRupees(l.amount),
      discount: toRupees(l.discount),
      delivery: toRupees(l.delivery),
      taxableValue: toRupees(l.taxableValue),
      tax: toRupees(l.tax),
    })),
    freeDeliveryAbove: q.freeDeliveryAbove === null ? null : toRupees(q.freeDeliveryAbove),
    addForFreeDelivery: toRupees(q.addForFreeDelivery),
  };
}

/** The running coupons listed at the checkout, each with whether this cart and method can use it, and if not why. */
async function checkoutOffers(ctx: CustomerContext, base: ReturnType<typeof baseQuoteInput>) {
  const coupons = await ctx.db.coupon.findMany({
    where: { showAtCheckout: true, active: true, startsAt: { lte: base.now }, endsAt: { gt: base.now } },
    orderBy: { couponId: "asc" },
    take: MAX_OFFERS,
  });
  if (coupons.length === 0) return [];
  const uses = await ctx.db.couponUse.groupBy({
    by: ["couponId"],
    where: { customerId: ctx.customerId, releasedAt: null, couponId: { in: coupons.map((c) => c.couponId) } },
    _count: { _all: true },
  });
  const usesOf = new Map(uses.map((u) => [u.couponId, u._count._all]));
  const hasOrders = await hasLiveOrder(ctx.db, ctx.customerId);
  return coupons.map((c) => {
    const terms = couponTermsOf(c);
    const result = quoteCart({ ...base, coupon: terms, history: { customerUses: usesOf.get(c.couponId) ?? 0, hasOrders } });
    const quote = "quote" in result ? result.quote : null;
    return {
      code: c.code,
      description: c.description,
      prepaidOnly: isPrepaidOnly(terms.paymentMethods),
      eligible: quote !== null,
      message: "refusal" in result ? result.refusal.message : null,
      discount: toRupees(quote?.coupon?.discount ?? 0),
    };
  });
}

/** The caller's cart priced with `coupon` for `method` (default: defaultPaymentMethod); a refusal is thrown. */
async function quoteOfCart(
  ctx: CustomerContext,
  opts: { method: PaymentMethod | undefined; coupon: CouponModel | null; appliedCode: string | null; addressId?: number },
) {
  const settings = await loadSettings(ctx.db);
  const method = opts.method ?? defaultPaymentMethod(settings, ctx.services, opts.coupon ? couponTermsOf(opts.coupon).paymentMethods : undefined);
  // an address of the book (issue 29), else the profile's (the default address's copy)
  const customer =
    opts.addressId === undefined
      ? await ctx.db.customer.findUniqueOrThrow({ where: { customerId: ctx.customerId }, select: { state: true, pinCode: true } })
      : await ctx.db.customerAddress.findFirst({ where: { addressId: opts.addressId, customerId: ctx.customerId }, select: { state: true, pinCode: true } });
  if (!customer) throw new StoreError(404, "NOT_FOUND", `Address ${opts.addressId} was not found.`);
  const lines = await cartLinesOf(ctx.db, ctx.customerId);
  const now = new Date();
  // the zone's one charge for the order and the PIN code's state, as the checkout will take them (issue 27)
  const delivery = quoteDelivery(await deliveryTerms(ctx.db, { pincode: customer.pinCode, method, now, settings }));
  const customerState = delivery.stateName ?? customer.state;
  const input = { customerId: ctx.customerId, customerState, lines, method, settings, now, orderDelivery: delivery.orderDelivery };
  const { quote } = await priceWithCoupon(ctx.db, { ...input, coupon: opts.coupon });
  const { terms } = delivery;
  return {
    paymentMethod: method,
    appliedCode: opts.appliedCode,
    ...inRupees(quote),
    offers: await checkoutOffers(ctx, baseQuoteInput(input)),
    delivery: { pincode: terms.pincode, serviceable: terms.serviceable || !terms.zoned, cod: terms.cod, deliverBy: terms.deliverBy, message: terms.message },
  };
}

/** GET /cart/quote: `couponCode` left out → the code remembered on the cart; "" → none. Changes nothing. */
export async function cartQuote(ctx: CustomerContext, input: { paymentMethod?: PaymentMethod; couponCode?: string; addressId?: number }) {
  const remembered = await rememberedCouponCode(ctx.db, ctx.customerId);
  const code = input.couponCode === undefined ? remembered : input.couponCode || null;
  const coupon = code ? await findCoupon(ctx.db, code) : null;
  return quoteOfCart(ctx, { method: input.paymentMethod, coupon, appliedCode: remembered, addressId: input.addressId });
}

/** POST /cart/coupon: the quote with the code, which is then remembered on the cart; a refused code is not. */
export async function applyCartCoupon(ctx: CustomerContext, input: { code: string; paymentMethod?: PaymentMethod }) {
  const coupon = await findCoupon(ctx.db, input.code);
  const quote = await quoteOfCart(ctx, { method: input.paymentMethod, coupon, appliedCode: coupon.code });
  await rememberCouponCode(ctx.db, ctx.customerId, coupon.code);
  return quote;
}

/** DELETE /cart/coupon: the code is forgotten; the quote without a coupon. */
export async function removeCartCoupon(ctx: CustomerContext, input: { paymentMethod?: PaymentMethod }) {
  await forgetCartCoupon(ctx.db, ctx.customerId);
  return quoteOfCart(ctx, { method: input.paymentMethod, coupon: null, appliedCode: null });
}
