// The message templates of the back office (issue 29, contracts/otp-and-sms.md "SMS channel"; issue 30,
// contracts/whatsapp.md "Templates"): the owner registers them; staff may read them.
import { KIND_VARIABLES, MESSAGE_TEMPLATE_KINDS, WHATSAPP_CATEGORY_OF, WHATSAPP_KIND_PARAMS, WHATSAPP_KINDS } from "@store/domain";
import { templateCreateSchema, templateIdInput, templateListInput, templateUpdateSchema } from "@store/validators";
import { z } from "zod";
import { successOutput } from "../platform/serialize-common.ts";
import { adminProcedure, createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates.ts";

const tags = ["Messaging"];

const kindsDoc = MESSAGE_TEMPLATE_KINDS.map((k) => `${k} (${KIND_VARIABLES[k].join(", ")})`).join("; ");
const whatsappKindsDoc = WHATSAPP_KINDS.map((k) => `${k}: ${WHATSAPP_CATEGORY_OF[k]}, ${WHATSAPP_KIND_PARAMS[k].join(", ")}`).join("; ");

const templateOutput = z.object({
  templateId: z.number().int(),
  channel: z.string(),
  kind: z.string(),
  dltTemplateId: z.string().nullable(),
  senderId: z.string().nullable(),
  providerTemplateId: z.string().nullable(),
  text: z.string(),
  /** the values the template is filled with, in order: an SMS template's kind's variables, a WhatsApp template's params */
  params: z.array(z.string()),
  /** the same as params (kept from issue 29) */
  variables: z.array(z.string()),
  name: z.string().nullable(),
  language: z.string(),
  category: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const templatesRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/messaging/templates", tags, summary: "The registered message templates, ?channel=sms|whatsapp (admin)" } })
    .input(templateListInput)
    .output(z.object({ items: z.array(templateOutput) }))
    .query(({ ctx, input }) => listTemplates(ctx, input)),

  create: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/messaging/templates",
        tags,
        summary:
          `Register a template (owner): 201. channel "sms": as the DLT platform has it {kind, dltTemplateId (19 digits), senderId (6 letters), text, providerTemplateId?}; ` +
          `the text's {#var#} placeholders must be as many as the kind's variables: ${kindsDoc} (else 400 TEMPLATE_PLACEHOLDERS). ` +
          `channel "whatsapp": as approved in Meta {kind, name ([a-z0-9_], at most 120), language (en|hi, default en), category, params, text?}; ` +
          `the category must be the kind's (else 400 TEMPLATE_CATEGORY) and params, in the body's order, some of the kind's values (else 400 TEMPLATE_PARAMS): ${whatsappKindsDoc}. ` +
          "A kind has one template per channel and language: registering another replaces it (same templateId)",
      },
    })
    .input(templateCreateSchema)
    .output(templateOutput)
    .mutation(({ ctx, input }) => createTemplate(ctx, input)),

  update: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/messaging/templates/{templateId}",
        tags,
        summary:
          "Change a template (owner); fields left out keep their value, the result is checked as a new one. SMS: kind, dltTemplateId, senderId, text, providerTemplateId; WhatsApp: name, language, category, params, text; both: active. A field of the other channel is 400; a kind (SMS) or language (WhatsApp) that has its template already is 409",
      },
    })
    .input(templateUpdateSchema)
    .output(templateOutput)
    .mutation(({ ctx, input }) => updateTemplate(ctx, input)),

  remove: ownerProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/messaging/templates/{templateId}",
        tags,
        summary: "Delete a template (owner): its kind's SMS are skipped, or its WhatsApp messages not queued, from now on",
      },
    })
    .input(templateIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteTemplate(ctx, input.templateId)),
});
