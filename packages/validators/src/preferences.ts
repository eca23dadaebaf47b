// A customer's message preferences (issue 30, contracts/whatsapp.md "Consent"): every box is unticked
// until the customer ticks it, and each change is kept with its time (ConsentChange).
import { z } from "zod";
import { WHATSAPP_LANGUAGES } from "@store/domain";
import { trueOrFalse } from "./common.ts";

export const MESSAGE_LANGUAGES = WHATSAPP_LANGUAGES;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** POST /customers/me/preferences: what is left out keeps its value. */
export const preferencesUpdateSchema = z
  .object({
    whatsappOptIn: trueOrFalse("whatsappOptIn").optional(),
    smsMarketingOptIn: trueOrFalse("smsMarketingOptIn").optional(),
    emailMarketingOptIn: trueOrFalse("emailMarketingOptIn").optional(),
    language: z.enum(MESSAGE_LANGUAGES, { error: `language must be one of: ${MESSAGE_LANGUAGES.join(", ")}` }).optional(),
  })
  .strict();
export type PreferencesUpdateInput = z.infer<typeof preferencesUpdateSchema>;

/** The "Send order updates on WhatsApp" box of registration and checkout: unticked unless sent as true. */
export const whatsappOptInField = trueOrFalse("whatsappOptIn").optional();

/** How a consent changed: the screen it was given on, or the buyer's STOP reply. */
export const CONSENT_SOURCES = ["checkout", "profile", "register", "reply"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
