import { z } from "zod";
import { settingsUpdateSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter, ownerProcedure, publicProcedure } from "../trpc.ts";
import { deliveryOutput, successOutput } from "../platform/serialize-common.ts";
import { readSettings, saveSettings, storeFacts } from "./settings.ts";
import { gstSettingsOutput, storeFactsOutput } from "./settings-serializers.ts";

const settingsOutput = z.object({
  defaultDeliveryCharge: deliveryOutput,
  maxOpenUnpaidOrders: z.number().int(),
  maxOrdersPerHour: z.number().int(),
  maxUnitsPerProductPerOrder: z
    .number()
    .int()
    .describe("units of one product an order not paid online at placement (cash on delivery, UPI) may take; more must be paid online"),
  codEnabled: z.boolean(),
  codFee: z.number().describe("rupees added to a cash-on-delivery order"),
  codMaxOrderValue: z.number().nullable().describe("rupees; above it cash on delivery is refused (null: no cap)"),
  codBlockedPinCodes: z.array(z.string()).describe("pin codes without cash on delivery"),
  freeDeliveryAbove: z.number().nullable().describe("rupees; delivery is free when the items' value before any coupon reaches it (null: never)"),
  upiVpa: z.string().describe("the merchant VPA UPI payments go to; empty: UPI not offered"),
  upiPayeeName: z.string(),
  upiExpiryHours: z.number().int().describe("an unpaid UPI order is cancelled after this many hours"),
  ...gstSettingsOutput.shape,
  lowStockThreshold: z.number().int().describe("the dashboard lists products with stock at or under this"),
  dispatchPincode: z.string().describe('the PIN code parcels are dispatched from ("" = not set)'),
  dispatchCutoff: z.string().describe('"HH:MM" IST: an order placed after it counts from the next working day'),
  nonWorkingDays: z.array(z.string()).describe('days the shop does not dispatch: weekdays ("SUN") and dates ("2026-01-26")'),
  searchSynonyms: z
    .array(z.string())
    .describe('the storefront search\'s synonym groups, one a line: "phenyl, fenyl" (each finds the others) or "pocha => mop" (the left also finds the right)'),
  codConfirmation: z.enum(["off", "otp"]).describe('"otp": a new cash-on-delivery order stays Pending until the buyer confirms it with an SMS code'),
  codConfirmHours: z.number().int().describe("an unconfirmed cash-on-delivery order is cancelled after this many hours"),
  guestCheckoutEnabled: z.boolean().describe("shoppers may order without an account"),
  whatsappEnabled: z.boolean().describe("order messages on WhatsApp to customers who opted in (issue 30)"),
  guestCodNeedsOtp: z.boolean().describe("a guest's cash-on-delivery order needs a verified OTP for its phone"),
  reviewsRequirePurchase: z.boolean().describe("a review needs a delivered, not returned line of the product (issue 31)"),
});

export const settingsRouter = createTRPCRouter({
  storeFacts: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/store-facts",
        tags: ["Settings"],
        summary:
          "What the storefront must show by law: the seller's legal name, address, GSTIN and state, grievance officer, customer care, default origin and manufacturer",
        protect: false,
      },
    })
    .input(z.object({}).optional())
    .output(storeFactsOutput)
    .query(({ ctx }) => storeFacts(ctx)),

  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings", tags: ["Settings"], summary: "Store settings (admin)" } })
    .input(z.object({}).optional())
    .output(settingsOutput)
    .query(({ ctx }) => readSettings(ctx)),

  update: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/settings",
        tags: ["Settings"],
        summary:
          "Change settings (the store owner): default delivery charge, order limits per customer (maxOpenUnpaidOrders, maxOrdersPerHour, maxUnitsPerProductPerOrder), cash on delivery (codEnabled, codFee, codMaxOrderValue, codBlockedPinCodes), freeDeliveryAbove, UPI (upiVpa, upiPayeeName, upiExpiryHours), GST and seller facts, lowStockThreshold, searchSynonyms (the search's synonym lines, a list or one text of lines), checkout (codConfirmation off|otp, codConfirmHours 1-168, guestCheckoutEnabled, guestCodNeedsOtp), whatsappEnabled, reviewsRequirePurchase",
      },
    })
    .input(settingsUpdateSchema)
    .output(successOutput.extend(settingsOutput.shape))
    .mutation(({ ctx, input }) => saveSettings(ctx, input)),
});
