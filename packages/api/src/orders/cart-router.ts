import { z } from "zod";
import { chosenVariantId, id, idempotencyKey, lineQuantity, pageInput, paymentMethodSchema, shopperCouponCode, whatsappOptInField } from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, customerProcedure } from "../trpc.ts";
import { cartOutput } from "./cart-serializers.ts";
import { orderOutput } from "./serializers.ts";
import { pageOutput, successOutput } from "../platform/serialize-common.ts";
import { addToCart, cartLine, cartPage, checkoutCart, customerCart, latestCartLines, removeCartLine, setCartQuantity } from "./cart.ts";

const updateInput = z.object({ addToCartId: id("Cart entry id"), quantity: lineQuantity });
const updateOutput = successOutput.extend({ addToCart: cartOutput });
const lineInput = z.object({ addToCartId: id("Cart entry id") });

export const cartRouter = createTRPCRouter({
  save: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addToCart/save",
        tags: ["Cart"],
        summary:
          "Add a pack of a product to the caller's cart (variantId: required when the product has more than one active pack); adding the same pack again raises the quantity. Name and price come from the product and its pack.",
      },
    })
    .input(
      z.object({
        productId: id("Product id"),
        variantId: chosenVariantId,
        quantity: lineQuantity.default(1),
        customerId: id("Customer id").optional().describe("if sent, must be the caller's own id"),
        productName: z.string().max(200).optional().describe("ignored: taken from the product"),
        productPrice: z.unknown().optional().describe("ignored: taken from the product"),
        productOrderId: z.unknown().optional().describe("ignored"),
      }),
    )
    .output(updateOutput)
    .mutation(({ ctx, input }) => addToCart(ctx, input)),

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
    .mutation(({ ctx, input }) => setCartQuantity(ctx, input)),

  updatePost: customerOrAdminProcedure
    .meta({ openapi: { method: "POST", path: "/addToCart/update/{addToCartId}", tags: ["Cart"], summary: "Set a cart line's quantity (owner or admin)" } })
    .input(updateInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => setCartQuantity(ctx, input)),

  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/addToCart/details", tags: ["Cart"], summary: "All cart entries, newest first (admin)" } })
    .input(z.object({}).optional())
    .output(z.array(cartOutput))
    .query(({ ctx }) => latestCartLines(ctx)),

  page: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/addToCart/page", tags: ["Cart"], summary: "Cart entries, 20 a page, searchable, optionally of one customer (admin)" },
    })
    .input(pageInput.extend({ customerId: id("Customer id").optional() }))
    .output(pageOutput(cartOutput))
    .query(({ ctx, input }) => cartPage(ctx, input)),

  byId: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/addToCart/details/{addToCartId}", tags: ["Cart"], summary: "One cart entry (owner or admin)" } })
    .input(lineInput)
    .output(cartOutput)
    .query(({ ctx, input }) => cartLine(ctx, input.addToCartId)),

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
    .query(({ ctx, input }) => customerCart(ctx, input.customerId)),

  delete: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/addToCart/delete/{addToCartId}",
        tags: ["Cart"],
        summary: "Remove a cart line (documented legacy GET — prefer DELETE /addToCart/{addToCartId})",
      },
    })
    .input(lineInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => removeCartLine(ctx, input.addToCartId)),

  remove: customerOrAdminProcedure
    .meta({ openapi: { method: "DELETE", path: "/addToCart/{addToCartId}", tags: ["Cart"], summary: "Remove a cart line (owner or admin)" } })
    .input(lineInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => removeCartLine(ctx, input.addToCartId)),

  checkout: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addToCart/checkout",
        tags: ["Cart"],
        summary:
          'Order every line of the caller\'s cart in one transaction and empty the cart. couponCode: the coupon to use ("" = none); left out, the code remembered on the cart (POST /cart/coupon). A refused coupon changes nothing (contracts/offers.md).',
      },
    })
    .input(
      z
        .object({
          idempotencyKey: idempotencyKey.optional(),
          paymentMethod: paymentMethodSchema.default("COD"),
          couponCode: shopperCouponCode.optional().describe('the coupon code, any case; "" = no coupon; left out: the one remembered on the cart'),
          addressId: id("Address id").optional().describe("an address of the caller's book (404 if not theirs); left out: the default address"),
          whatsappOptIn: whatsappOptInField.describe(
            'the "Send order updates on WhatsApp" box: true opts the account in (source checkout); false or left out changes nothing',
          ),
        })
        .optional(),
    )
    .output(successOutput.extend({ productOrderId: z.string(), orders: z.array(orderOutput) }))
    .mutation(({ ctx, input }) => checkoutCart(ctx, input)),
});
