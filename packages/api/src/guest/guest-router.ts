// Guest checkout's endpoints (contracts/guest-and-addresses.md): no login; every one answers 403
// GUEST_CHECKOUT_OFF while the owner has guest checkout turned off.
import { z } from "zod";
import { guestCartAddInput, guestCartSetInput, guestCartToken, guestCheckoutInput, guestOrderLinkInput, paymentMethodSchema, pinCode } from "@store/validators";
import { createTRPCRouter, publicProcedure } from "../trpc.ts";
import { addGuestItem, assertGuestCheckoutOn, createGuestCart, guestCartView, setGuestItem } from "./guest-cart.ts";
import { guestCheckout } from "./guest-checkout.ts";
import { exchangeOrderLink } from "./order-access.ts";

const guestProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await assertGuestCheckoutOn(ctx.db);
  return next();
});

const tags = ["Guest checkout"];
const money = z.number();
const cartOutput = z.object({
  lines: z.array(
    z.object({
      itemId: z.number().int(),
      productId: z.number().int(),
      variantId: z.number().int(),
      productName: z.string(),
      label: z.string(),
      sku: z.string(),
      imageHash: z.string().nullable(),
      price: money,
      mrp: money,
      quantity: z.number().int(),
      amount: money,
      inStock: z.boolean(),
    }),
  ),
  quote: z.object({
    paymentMethod: z.string(),
    itemsTotal: money,
    deliveryTotal: money,
    codFee: money,
    grandTotal: money,
    freeDeliveryAbove: money.nullable(),
    addForFreeDelivery: money,
  }),
  delivery: z
    .object({ pincode: z.string(), serviceable: z.boolean(), cod: z.boolean(), deliverBy: z.string().nullable(), message: z.string().nullable() })
    .nullable(),
});
const orderAccessOutput = z.object({ productOrderId: z.string(), orderAccessToken: z.string() });

export const guestRouter = createTRPCRouter({
  createCart: guestProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/cart",
        tags,
        summary: "A new guest cart: 201 { cartToken } (keep it; valid 30 days from last use)",
        protect: false,
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ cartToken: z.string() }))
    .mutation(({ ctx }) => createGuestCart(ctx)),

  cart: guestProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/guest/cart/{cartToken}",
        tags,
        summary: "The guest cart's lines and quote (?paymentMethod=, default COD; ?pincode= for the delivery charge); unknown or expired token 404",
        protect: false,
      },
    })
    .input(z.object({ cartToken: guestCartToken, pincode: pinCode.optional(), paymentMethod: paymentMethodSchema.optional() }))
    .output(cartOutput)
    .query(({ ctx, input }) => guestCartView(ctx, input)),

  addItem: guestProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/cart/{cartToken}/items",
        tags,
        summary: "Add a pack to the guest cart { productId, variantId?, quantity }; the same pack again raises its quantity",
        protect: false,
      },
    })
    .input(guestCartAddInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => addGuestItem(ctx, input)),

  setItem: guestProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/cart/{cartToken}/items/{itemId}",
        tags,
        summary: "Set a guest cart line's quantity { quantity } (0 removes it)",
        protect: false,
      },
    })
    .input(guestCartSetInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => setGuestItem(ctx, input)),

  checkout: guestProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/checkout",
        tags,
        summary:
          "Order the guest cart without an account: 201 { productOrderId, orderAccessToken } (send it as X-Order-Token to read the order). COD needs otpToken from a GUEST_CHECKOUT OTP (400 OTP_REQUIRED)",
        protect: false,
      },
    })
    .input(guestCheckoutInput)
    .output(orderAccessOutput)
    .mutation(({ ctx, input }) => guestCheckout(ctx, input)),

  exchangeLink: guestProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/orders/{productOrderId}/link",
        tags,
        summary: "Exchange the order mail's one-time link { link } for a new orderAccessToken (once; a used, expired or wrong link 404)",
        protect: false,
      },
    })
    .input(guestOrderLinkInput)
    .output(orderAccessOutput)
    .mutation(({ ctx, input }) => exchangeOrderLink(ctx, input.productOrderId, input.link)),
});
