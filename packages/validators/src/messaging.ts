// Message templates and the outbox's channels (issue 29, contracts/otp-and-sms.md "SMS channel"): an
// SMS template as registered on the DLT platform. Whether the text's placeholders match its kind is the
// use case's check (packages/api/src/messaging/templates.ts), because an update is judged merged with the row.
import { z } from "zod";
import { MESSAGE_TEMPLATE_KINDS } from "@store/domain";
import { id } from "./common.ts";

/** the channels a registered template belongs to (WhatsApp's fields come with issue 30) */
export const TEMPLATE_CHANNELS = ["sms", "whatsapp"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
/** the outbox's channels; "all" in the outbox list's filter */
export const OUTBOX_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const DLT_TEMPLATE_ID_PATTERN = /^\d{19}$/;
export const SENDER_ID_PATTERN = /^[A-Z]{6}$/;

const kind = z.enum(MESSAGE_TEMPLATE_KINDS, { error: `kind must be one of: ${MESSAGE_TEMPLATE_KINDS.join(", ")}` });
const dltTemplateId = z
  .string({ error: "dltTemplateId is required" })
  .trim()
  .regex(DLT_TEMPLATE_ID_PATTERN, "dltTemplateId must be the 19 digits the DLT platform gave the template");
const senderId = z
  .string({ error: "senderId is required" })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(SENDER_ID_PATTERN, "senderId must be the 6-letter header registered on the DLT platform (e.g. CLNSTR)"));
// not trimmed: the operator compares the filled text with the registered one character by character
const text = z
  .string({ error: "text is required" })
  .min(1, "text is required")
  .max(2000, "text must be at most 2000 characters")
  .refine((t) => t.trim() !== "", "text is required");
const providerTemplateId = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().max(60, "providerTemplateId must be at most 60 characters").nullable().optional(),
);

export const templateIdInput = z.object({ templateId: id("templateId") });

/** GET /messaging/templates: one channel, or every template. */
export const templateListInput = z.object({
  channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of: ${TEMPLATE_CHANNELS.join(", ")}` }).optional(),
});

/** POST /messaging/templates: an SMS template as registered on the DLT platform. */
export const templateCreateSchema = z.object({
  channel: z.enum(["sms"], { error: "channel must be sms (WhatsApp templates come later)" }),
  kind,
  dltTemplateId,
  senderId,
  text,
  providerTemplateId,
});
export type TemplateCreateInput = z.infer<typeof templateCreateSchema>;

/** POST /messaging/templates/{templateId}: fields left out keep their value. */
export const templateUpdateSchema = templateIdInput.extend({
  kind: kind.optional(),
  dltTemplateId: dltTemplateId.optional(),
  senderId: senderId.optional(),
  text: text.optional(),
  providerTemplateId,
});
export type TemplateUpdateInput = z.infer<typeof templateUpdateSchema>;
