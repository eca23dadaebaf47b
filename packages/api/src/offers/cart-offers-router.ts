// The shopper's coupon calls (issue 26, contracts/offers.md "Shopper endpoints"): tRPC router
// `offers`, REST under /cart. Amounts in rupees.
import { z } from "zod";
import { PAYMENT_METHODS } from "@store/domain";
import { couponCodeSchema, id, paymentMethodSchema, shopperCouponCode } from "@store/validators";
import { createTRPCRouter, customerProcedure } from "../trpc.ts";
import { applyCartCoupon, cartQuote, removeCartCoupon } from "./cart-offers.ts";

const rupees = (what: string) => z.number().describe(`rupees: ${what}`);

export const cartQuoteOutput = z.object({
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .describe("the method priced: the one asked for, else the first of UPI, ONLINE, COD offered (and allowed by the coupon)"),
  appliedCode: z.string().nullable().describe("the code remembered on the cart (POST /cart/coupon), or null"),
  itemsTotal: rupees("the lines' price × quantity, before any discount"),
  discountTotal: rupees("the coupon's discount on the items"),
  deliveryTotal: rupees("delivery after the free-delivery threshold and a free-shipping coupon"),
  codFee: rupees("the cash-on-delivery fee (never discounted); 0 for other methods"),
  grandTotal: rupees("itemsTotal − discountTotal + deliveryTotal + codFee"),
  coupon: z
    .object({
      code: z.string(),
      description: z.string(),
      discount: rupees("what the coupon takes off (a free-shipping coupon: the delivery it saves)"),
    })
    .nullable(),
  lines: z.array(
    z.object({
      addToCartId: z.number().int(),
      amount: rupees("price × quantity"),
      discount: rupees("this line's share of the discount"),
      delivery: rupees("this line's delivery charge after the threshold and the coupon"),
      taxableValue: rupees("the value before GST inside amount − discount"),
      tax: rupees("the GST inside amount − discount"),
    }),
  ),
  freeDeliveryAbove: z.number().nullable().describe("rupees: delivery is free when itemsTotal reaches it (null: the store has no threshold)"),
  addForFreeDelivery: rupees("still needed for free delivery; 0 when met or without a threshold"),
  offers: z
    .array(
      z.object({
        code: z.string(),
        description: z.string(),
        prepaidOnly: z.boolean().describe("only for UPI or online payment"),
        eligible: z.boolean().describe("this cart can use it with this payment method"),
        message: z.string().nullable().describe("why not, when it is not eligible"),
        discount: rupees("what it would take off this cart (0 when not eligible)"),
      }),
    )
    .describe("running coupons the store lists at the checkout"),
  delivery: z
    .object({
      pincode: z.string(),
      serviceable: z.boolean().describe("the store delivers to the address's PIN code (issue 27)"),
      cod: z.boolean().describe("cash on delivery is offered there"),
      deliverBy: z.string().nullable().describe("IST date YYYY-MM-DD the parcel arrives by; null when not served"),
      message: z.string().nullable().describe("why it is not served, or not by cash on delivery when that is the method"),
    })
    .describe("delivery to the customer's address, as the checkout will judge it"),
});

const methodInput = paymentMethodSchema.optional().describe("COD, UPI or ONLINE; left out: the first of UPI, ONLINE, COD the store offers");

export const cartOffersRouter = createTRPCRouter({
  cartQuote: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/cart/quote",
        tags: ["Cart"],
        summary:
          "The caller's cart priced for a payment method with a coupon: couponCode left out = the code remembered on the cart, couponCode= (empty) = none. Changes nothing. A coupon that cannot be used answers its refusal (404 COUPON_NOT_FOUND, 400 MIN_ORDER_NOT_MET, 409 USAGE_LIMIT_REACHED…; contracts/offers.md).",
      },
    })
    .input(
      z
        .object({
          paymentMethod: methodInput,
          couponCode: shopperCouponCode.optional().describe('any case; "" = no coupon'),
          addressId: id("Address id").optional().describe("delivery priced to this address of the caller's book (404 if not theirs); left out: the default"),
        })
        .optional(),
    )
    .output(cartQuoteOutput)
    .query(({ ctx, input }) => cartQuote(ctx, input ?? {})),

  applyCartCoupon: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cart/coupon",
        tags: ["Cart"],
        summary:
          "Apply a coupon code to the caller's cart: the quote with it (for paymentMethod, else the first of UPI, ONLINE, COD the store offers and the coupon allows), and the code is remembered for the checkout. A refused code is not remembered.",
      },
    })
    .input(z.object({ code: couponCodeSchema, paymentMethod: methodInput }))
    .output(cartQuoteOutput)
    .mutation(({ ctx, input }) => applyCartCoupon(ctx, input)),

  removeCartCoupon: customerProcedure
    .meta({
      openapi: { method: "DELETE", path: "/cart/coupon", tags: ["Cart"], summary: "Take the coupon code off the caller's cart: the quote without a coupon" },
    })
    .input(z.object({ paymentMethod: methodInput }).optional())
    .output(cartQuoteOutput)
    .mutation(({ ctx, input }) => removeCartCoupon(ctx, input ?? {})),
});
