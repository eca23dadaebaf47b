import type { Prisma } from "@store/db";
import { z } from "zod";

/** What leaves the database for a customer: never the password hash. */
export const customerSelect = {
  customerId: true,
  firstName: true,
  lastName: true,
  number: true,
  email: true,
  houseNo: true,
  city: true,
  pinCode: true,
  state: true,
  areaAddress: true,
  gstin: true,
  customerStatus: true,
  agreeToTerms: true,
  phoneVerified: true,
  phoneVerifiedAt: true,
  whatsappOptIn: true,
  whatsappOptInAt: true,
  whatsappOptInSource: true,
  language: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.CustomerSelect;

export const customerOutput = z.object({
  customerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  number: z.string(),
  email: z.string(),
  houseNo: z.string(),
  city: z.string(),
  pinCode: z.string(),
  state: z.string(),
  areaAddress: z.string(),
  gstin: z.string().nullable().describe("a business buyer's GSTIN, printed on its invoices"),
  customerStatus: z.boolean(),
  agreeToTerms: z.boolean(),
  phoneVerified: z.boolean().describe("the phone was proved by an SMS code (OTP login, or sign-up with a signupToken)"),
  phoneVerifiedAt: z.date().nullable(),
  whatsappOptIn: z.boolean().describe("order updates on WhatsApp (issue 30): false until the customer ticks the box"),
  whatsappOptInAt: z.date().nullable().describe("when whatsappOptIn last changed"),
  whatsappOptInSource: z.string().nullable().describe("where it last changed: checkout, profile, register or reply (a STOP reply)"),
  language: z.string().describe("en or hi: the language of the customer's WhatsApp messages"),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** A row of the admin customer lists: the customer and its order figures (customer-order-summary.ts). */
export const customerListItemOutput = customerOutput.extend({
  ordersCount: z.number().int().describe("orders placed (checkouts, one productOrderId each), cancelled ones included"),
  totalSpent: z
    .number()
    .describe("rupees received and kept: grand totals less refunds paid out, of orders whose payment came in (Paid, Partially refunded, Refunded)"),
  lastOrderAt: z.date().nullable().describe("when the latest order was placed; null without orders"),
});
