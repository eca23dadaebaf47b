// A customer's message preferences (issue 30, contracts/whatsapp.md "Consent"): GET and POST
// /customers/me/preferences read and change the caller's own consents and language; every change goes
// through changeConsent (consent.ts), which timestamps it and keeps it as a ConsentChange.
import type { Prisma } from "@store/db";
import type { PreferencesUpdateInput } from "@store/validators";
import { z } from "zod";
import type { CustomerContext } from "../../platform/context-guards.ts";
import { StoreError } from "../../platform/errors.ts";
import { changeConsent } from "./consent.ts";

const preferencesSelect = {
  number: true,
  whatsappOptIn: true,
  whatsappOptInAt: true,
  whatsappOptInSource: true,
  smsMarketingOptIn: true,
  smsMarketingOptInAt: true,
  emailMarketingOptIn: true,
  emailMarketingOptInAt: true,
  language: true,
  languageChangedAt: true,
} satisfies Prisma.CustomerSelect;

export const preferencesOutput = z.object({
  whatsappOptIn: z.boolean().describe("order updates on WhatsApp; false until the customer ticks the box"),
  whatsappOptInAt: z.date().nullable().describe("when whatsappOptIn last changed"),
  whatsappOptInSource: z.string().nullable().describe("where it last changed: checkout, profile, register or reply (a STOP reply)"),
  smsMarketingOptIn: z.boolean(),
  smsMarketingOptInAt: z.date().nullable(),
  emailMarketingOptIn: z.boolean(),
  emailMarketingOptInAt: z.date().nullable(),
  language: z.string().describe("en or hi: the language of WhatsApp messages where a template in it exists"),
  languageChangedAt: z.date().nullable(),
  phone: z.string().describe("the account's mobile number, where WhatsApp messages go"),
});
export type PreferencesOutput = z.infer<typeof preferencesOutput>;

export const consentChangeOutput = z.object({
  field: z.string().describe("whatsappOptIn, smsMarketingOptIn, emailMarketingOptIn or language"),
  value: z.string().describe('the new value: "true", "false", or the language'),
  source: z.string().describe("checkout, profile, register or reply"),
  at: z.date(),
});

type Reader = Pick<Prisma.TransactionClient, "customer">;

async function readPreferences(db: Reader, customerId: number): Promise<PreferencesOutput> {
  const row = await db.customer.findUnique({ where: { customerId }, select: preferencesSelect });
  if (!row) throw new StoreError(404, "NOT_FOUND", "Your account was not found.");
  const { number, ...preferences } = row;
  return { ...preferences, phone: number };
}

/** GET /customers/me/preferences */
export const myPreferences = (ctx: CustomerContext) => readPreferences(ctx.db, ctx.customerId);

/** POST /customers/me/preferences: the fields sent change (each timestamped), the others keep their value. */
export async function updateMyPreferences(ctx: CustomerContext, input: PreferencesUpdateInput): Promise<PreferencesOutput> {
  return ctx.db.$transaction(async (tx) => {
    await changeConsent(tx, ctx.customerId, input, "profile");
    return readPreferences(tx, ctx.customerId);
  });
}

/** GET /customers/me/preferences/history: the caller's consent changes, the latest first. */
export async function myConsentHistory(ctx: CustomerContext) {
  return ctx.db.consentChange.findMany({
    where: { customerId: ctx.customerId },
    select: { field: true, value: true, source: true, at: true },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: 200,
  });
}
