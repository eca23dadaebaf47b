// A guest's checkout (contracts/guest-and-addresses.md "Checkout"): the guest cart becomes one order for a
// typed name, phone, e-mail and address, under every rule of the customer checkout (orders/cart.ts
// checkoutCart): stock, offers and delivery, the COD cap and fee, idempotency, the anti-hoarding limits
// (per phone, and per address of the request). The answer carries the orderAccessToken that reads it.
import type { PaymentMethod } from "@store/domain";
import { packName } from "@store/domain";
import type { GuestCheckoutInput } from "@store/validators";
import type { Context, Services } from "../context.ts";
import type { CustomerContext } from "../platform/context-guards.ts";
import { StoreError } from "../platform/errors.ts";
import { idempotencyKeyOf, once } from "../platform/idempotency.ts";
import { assertOffered } from "../payments/payment-options.ts";
import { loadSettings } from "../back-office/settings.ts";
import { afterPlacing } from "../payments/gateway-payments.ts";
import { assertStateMatchesPincode } from "../delivery/pincode-state.ts";
import { assertGuestMayOrder } from "../orders/order-limits.ts";
import { placeOrder, type OrderLine, type PlacedOrder } from "../orders/order-placement.ts";
import { recordCheckoutConsent, type OrderBuyer } from "../orders/order-buyer.ts";
import { startCodConfirmation } from "../orders/cod-confirmation.ts";
import { verifyGuestOtpToken } from "../accounts/otp/otp.ts";
import { queueMail } from "../messaging/outbox.ts";
import type { Prisma } from "@store/db";
import { liveCartId } from "./guest-cart.ts";
import { PER_IP_FACTOR } from "./guest-order-limiter.ts";
import { newOrderAccessToken, newOrderLink, ORDER_LINK_DAYS, sha256 } from "./order-access.ts";

type Tx = Prisma.TransactionClient;

/** 429 when this address placed its hour's guest orders already (guest-order-limiter.ts). */
async function assertIpMayOrder(services: Services, clientIp: string, maxOrdersPerHour: number): Promise<void> {
  if ((await services.guestOrderLimiter.placed(clientIp)) >= maxOrdersPerHour * PER_IP_FACTOR) {
    throw new StoreError(429, "TOO_MANY_REQUESTS", "Too many orders were placed from your network in the last hour. Please try again later.");
  }
}

/** The guest's order mail: the order, and the one-time link to its page (placeOrder's mail goes to an account, and a guest has none). */
async function queueGuestOrderMail(tx: Tx, services: Services, buyer: OrderBuyer, placed: PlacedOrder, method: PaymentMethod, link: string) {
  const [invoice, order] = await Promise.all([
    tx.invoice.findFirst({ where: { productOrderId: placed.productOrderId, kind: "INVOICE" }, select: { number: true } }),
    tx.order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId }, select: { codConfirmation: true, codConfirmBy: true, createdAt: true } }),
  ]);
  const codConfirmHours =
    order.codConfirmation === "Pending" && order.codConfirmBy ? Math.round((order.codConfirmBy.getTime() - order.createdAt.getTime()) / 3_600_000) : null;
  const url = `${services.mail.publicUrl}/guest/order/${encodeURIComponent(placed.productOrderId)}?link=${link}`;
  await queueMail(
    tx,
    services.mail,
    buyer.email,
    {
      kind: "order-placed",
      name: buyer.name.split(" ")[0] ?? buyer.name,
      productOrderId: placed.productOrderId,
      orderUrl: url,
      oneTimeLinkDays: ORDER_LINK_DAYS,
      lines: placed.lines.map((l) => ({ productName: packName(l.productName, l.label), quantity: l.quantity, totalPaise: l.productPrice * l.quantity })),
      deliveryPaise: placed.totals.deliveryTotal,
      discountPaise: placed.totals.discountTotal,
      couponCode: placed.couponCode,
      codFeePaise: placed.totals.codFee,
      grandTotalPaise: placed.totals.grandTotal,
      paymentMethod: method,
      invoiceNumber: invoice?.number ?? null,
      codConfirmHours,
    },
    { attachInvoiceOf: placed.productOrderId },
  );
}

/** POST /guest/checkout → { productOrderId, orderAccessToken }. */
export async function guestCheckout(ctx: Context, input: GuestCheckoutInput): Promise<{ productOrderId: string; orderAccessToken: string }> {
  const method = input.paymentMethod;
  // idempotency under customerId 0; the request names the cart (its hash), so only its holder can replay it
  const guestCtx = { ...ctx, customerId: 0 } as CustomerContext;
  const key = idempotencyKeyOf(guestCtx, input.idempotencyKey);
  const buyer: OrderBuyer = {
    customerId: 0,
    isGuest: true,
    name: input.name,
    phone: input.phone,
    email: input.email,
    houseNo: input.address.houseNo,
    areaAddress: input.address.areaAddress,
    landmark: input.address.landmark ?? null,
    city: input.address.city,
    pinCode: input.address.pinCode,
    state: input.address.state,
    gstin: null,
    addressId: null,
    whatsappOptIn: input.whatsappOptIn ?? false,
  };
  const { otpToken, idempotencyKey: _key, cartToken, ...request } = input;
  await assertIpMayOrder(ctx.services, ctx.clientIp, (await loadSettings(ctx.db)).maxOrdersPerHour);
  const answer = await once(guestCtx, key, { guestCheckout: sha256(cartToken), ...request }, async (tx) => {
    const settings = await assertGuestMayOrder(tx, input.phone);
    assertOffered(method, settings, ctx.services);
    if (method === "COD" && settings.guestCodNeedsOtp && !(otpToken && verifyGuestOtpToken(ctx.services, otpToken, input.phone))) {
      throw new StoreError(
        400,
        "OTP_REQUIRED",
        "Cash on delivery needs your phone number verified by an SMS code first. Please verify it, or pay by UPI or online.",
      );
    }
    await assertStateMatchesPincode(tx, { pincode: buyer.pinCode, state: buyer.state });
    const cartId = await liveCartId(tx, cartToken);
    // taken out of the cart first: a second checkout of the same cart at the same moment finds nothing (as checkoutCart)
    const lines = await tx.$queryRaw<OrderLine[]>`
      DELETE FROM "GuestCartItem" WHERE "cartId" = ${cartId} RETURNING "productId", "variantId", quantity`;
    if (lines.length === 0) throw new StoreError(400, "BAD_REQUEST", "Your cart is empty.");
    await recordCheckoutConsent(tx, buyer, input.whatsappOptIn);
    const placed = await placeOrder(tx, buyer, lines, method, settings, ctx.services.mail, { couponCode: input.couponCode || null });
    await startCodConfirmation(
      tx,
      ctx.services,
      { productOrderId: placed.productOrderId, paymentMethod: method, phone: buyer.phone, grandTotal: placed.totals.grandTotal },
      settings,
    );
    await queueGuestOrderMail(tx, ctx.services, buyer, placed, method, await newOrderLink(tx, placed.productOrderId));
    return { productOrderId: placed.productOrderId };
  });
  await ctx.services.guestOrderLimiter.count(ctx.clientIp);
  ctx.services.productEvents.changed();
  await afterPlacing(ctx, answer.productOrderId, method);
  // issued after the order's transaction and on a replay too: the idempotency record never holds a live token
  const orderAccessToken = await ctx.db.$transaction((tx) => newOrderAccessToken(tx, answer.productOrderId));
  return { productOrderId: answer.productOrderId, orderAccessToken };
}
