// Guest checkout (issue 29, contracts/guest-and-addresses.md): the cart token, the cart lines and the
// checkout form of a shopper without an account.
import { z } from "zod";
import { email, id, lineQuantity, optionalText, pinCode, requiredText, wholeNumber } from "./common.ts";
import { MAX_LINE_QUANTITY } from "@store/domain";
import { chosenVariantId, shopperCouponCode } from "./orders.ts";
import { paymentMethodSchema, productOrderIdSchema } from "./payments.ts";
import { whatsappOptInField } from "./preferences.ts";

/** A guest cart's token: 32 random bytes in base64url (43 characters); anything else is simply not found. */
export const guestCartToken = z.string().trim().min(32, "Cart token is not valid").max(100, "Cart token is not valid");

/** An Indian mobile number for SMS: 10 digits starting 6 to 9. */
export const mobileNumber = z
  .string({ error: "Phone Number is required" })
  .trim()
  .regex(/^[6-9]\d{9}$/, "Enter a 10-digit mobile number starting with 6, 7, 8 or 9");

export const guestCartAddInput = z.object({
  cartToken: guestCartToken,
  productId: id("Product id"),
  variantId: chosenVariantId,
  quantity: lineQuantity.default(1),
});

/** 0 removes the line. */
export const guestCartSetInput = z.object({
  cartToken: guestCartToken,
  itemId: id("Cart item id"),
  quantity: wholeNumber("Quantity", { min: 0, max: MAX_LINE_QUANTITY }),
});

export const guestAddress = z.object({
  houseNo: requiredText("House Number", 100),
  areaAddress: requiredText("Area Address", 200),
  landmark: optionalText("Landmark", 200),
  city: requiredText("City", 80),
  pinCode,
  state: requiredText("State", 80),
});

export const guestCheckoutInput = z.object({
  cartToken: guestCartToken,
  name: requiredText("Name", 121),
  phone: mobileNumber,
  email,
  address: guestAddress,
  paymentMethod: paymentMethodSchema,
  couponCode: shopperCouponCode.optional(),
  otpToken: z.string().trim().max(2000).optional(),
  idempotencyKey: z.string().max(255).optional(),
  /** issue 30: the unticked "Send order updates on WhatsApp" box; the order keeps it */
  whatsappOptIn: whatsappOptInField,
});
export type GuestCheckoutInput = z.infer<typeof guestCheckoutInput>;

export const guestOrderLinkInput = z.object({ productOrderId: productOrderIdSchema, link: z.string().trim().min(1, "Link is required").max(100) });
