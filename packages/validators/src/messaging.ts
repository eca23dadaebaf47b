// Message templates and the outbox's channels (issue 29, contracts/otp-and-sms.md "SMS channel"; issue 30,
// contracts/whatsapp.md "Templates"): an SMS template as registered on the DLT platform, or a WhatsApp
// template as approved in Meta. Whether the text's placeholders, a WhatsApp category and its params fit
// the kind is the use case's check (packages/api/src/messaging/templates.ts): an update is judged merged
// with the row, and those refusals carry their own codes.
import { z } from "zod";
import { MESSAGE_TEMPLATE_KINDS, WHATSAPP_CATEGORIES, WHATSAPP_KINDS, WHATSAPP_LANGUAGES, WHATSAPP_PARAMS } from "@store/domain";
import { id, trueOrFalse } from "./common.ts";

/** the channels a registered template belongs to */
export const TEMPLATE_CHANNELS = ["sms", "whatsapp"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
/** the outbox's channels; "all" in the outbox list's filter */
export const OUTBOX_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const DLT_TEMPLATE_ID_PATTERN = /^\d{19}$/;
export const SENDER_ID_PATTERN = /^[A-Z]{6}$/;

const SMS_KINDS_LIST = MESSAGE_TEMPLATE_KINDS.join(", ");
const kind = z.enum(MESSAGE_TEMPLATE_KINDS, { error: `kind must be one of: ${SMS_KINDS_LIST}` });
/** every kind a template may be registered for: WhatsApp's are a superset of the SMS kinds */
const anyKind = z.enum(WHATSAPP_KINDS, { error: `kind must be one of: ${WHATSAPP_KINDS.join(", ")}` });
const dltTemplateId = z
  .string({ error: "dltTemplateId is required" })
  .trim()
  .regex(DLT_TEMPLATE_ID_PATTERN, "dltTemplateId must be the 19 digits the DLT platform gave the template");
const senderId = z
  .string({ error: "senderId is required" })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(SENDER_ID_PATTERN, "senderId must be the 6-letter header registered on the DLT platform (e.g. CLNSTR)"));
const providerTemplateId = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().max(60, "providerTemplateId must be at most 60 characters").nullable().optional(),
);

export const templateIdInput = z.object({ templateId: id("templateId") });

/** GET /messaging/templates: one channel, or every template. */
export const templateListInput = z.object({
  channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of: ${TEMPLATE_CHANNELS.join(", ")}` }).optional(),
});

/**
 * Meta allows 512 characters; the store keeps 120 (MessageTemplate.name is VarChar(120)), far beyond the
 * names owners give templates ("order_shipped_v2").
 */
export const WHATSAPP_TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,120}$/;
const name = z
  .string({ error: "name is required" })
  .trim()
  .regex(WHATSAPP_TEMPLATE_NAME_PATTERN, "name must be the template's name as approved in Meta: lower-case letters, digits and _ only, at most 120 characters");
const language = z.enum(WHATSAPP_LANGUAGES, { error: `language must be one of: ${WHATSAPP_LANGUAGES.join(", ")}` });
const category = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z.enum(WHATSAPP_CATEGORIES, { error: `category must be one of: ${WHATSAPP_CATEGORIES.join(", ")}` }),
);
/** the template's body variables {{1}}, {{2}}… in order; which ones fit the kind is the use case's check */
const params = z
  .array(z.enum(WHATSAPP_PARAMS, { error: `each param must be one of: ${WHATSAPP_PARAMS.join(", ")}` }), {
    error: "params must be a list of the template's variables in order (it may be empty)",
  })
  .superRefine((list, ctx) => {
    const repeated = list.find((p, i) => list.indexOf(p) !== i);
    if (repeated) ctx.addIssue({ code: "custom", message: `params must not repeat a variable: ${repeated} is there twice` });
  });
/**
 * SMS: the registered text, required (checked with the channel); WhatsApp: the approved body for the
 * owner's reference, optional. Blank is none. Not trimmed: the operator compares the filled SMS text with
 * the registered one character by character.
 */
const text = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().max(2000, "text must be at most 2000 characters").optional(),
);

const SMS_ONLY = ["dltTemplateId", "senderId", "providerTemplateId"] as const;
const WHATSAPP_ONLY = ["name", "category", "params"] as const;

/**
 * POST /messaging/templates: `channel: "sms"`, an SMS template as registered on the DLT platform (kind,
 * dltTemplateId, senderId, text, providerTemplateId?), or `channel: "whatsapp"`, a template as approved
 * in Meta (kind, name, language, category, params, text?). One flat object for the REST facade; the
 * fields each channel needs are checked here, each refusal naming its field.
 */
export const templateCreateSchema = z
  .object({
    channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of: ${TEMPLATE_CHANNELS.join(", ")}` }),
    kind: anyKind,
    dltTemplateId: dltTemplateId.optional(),
    senderId: senderId.optional(),
    text,
    providerTemplateId,
    name: name.optional(),
    /** WhatsApp: en (default) or hi; an SMS template is en */
    language: language.optional(),
    category: category.optional(),
    params: params.optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const given = (field: keyof typeof v) => v[field] !== undefined && v[field] !== null;
    if (v.channel === "sms") {
      if (!(MESSAGE_TEMPLATE_KINDS as readonly string[]).includes(v.kind)) issue("kind", `kind must be one of: ${SMS_KINDS_LIST} for an SMS template`);
      if (!given("dltTemplateId")) issue("dltTemplateId", "dltTemplateId is required");
      if (!given("senderId")) issue("senderId", "senderId is required");
      if (!given("text")) issue("text", "text is required");
      for (const field of WHATSAPP_ONLY) if (given(field)) issue(field, `${field} is for WhatsApp templates only`);
      if (v.language !== undefined && v.language !== "en") issue("language", "An SMS template's language is en");
      return;
    }
    if (!given("name")) issue("name", "name is required: the template's name as approved in Meta");
    if (!given("category")) issue("category", `category is required: ${WHATSAPP_CATEGORIES.join(", ")}`);
    if (!given("params")) issue("params", "params is required: the template's variables in order ([] when it has none)");
    for (const field of SMS_ONLY) if (given(field)) issue(field, `${field} is for SMS templates only`);
  });
export type TemplateCreateInput = z.infer<typeof templateCreateSchema>;

/**
 * POST /messaging/templates/{templateId}: fields left out keep their value. SMS: kind, dltTemplateId,
 * senderId, text, providerTemplateId; WhatsApp: name, language, category, params, text; both: active.
 */
export const templateUpdateSchema = templateIdInput.extend({
  kind: kind.optional(),
  dltTemplateId: dltTemplateId.optional(),
  senderId: senderId.optional(),
  // blank is the use case's call: an SMS template needs its text, a WhatsApp one may drop its reference copy
  text: z.string().max(2000, "text must be at most 2000 characters").optional(),
  providerTemplateId,
  name: name.optional(),
  language: language.optional(),
  category: category.optional(),
  params: params.optional(),
  active: trueOrFalse("active").optional(),
});
export type TemplateUpdateInput = z.infer<typeof templateUpdateSchema>;
