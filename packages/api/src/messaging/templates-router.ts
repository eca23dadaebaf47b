// The message templates of the back office (issue 29, contracts/otp-and-sms.md "SMS channel"): the
// owner registers them; staff may read them.
import { KIND_VARIABLES, MESSAGE_TEMPLATE_KINDS } from "@store/domain";
import { templateCreateSchema, templateIdInput, templateListInput, templateUpdateSchema } from "@store/validators";
import { z } from "zod";
import { successOutput } from "../platform/serialize-common.ts";
import { adminProcedure, createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates.ts";

const tags = ["Messaging"];

const kindsDoc = MESSAGE_TEMPLATE_KINDS.map((k) => `${k} (${KIND_VARIABLES[k].join(", ")})`).join("; ");

const templateOutput = z.object({
  templateId: z.number().int(),
  channel: z.string(),
  kind: z.string(),
  dltTemplateId: z.string().nullable(),
  senderId: z.string().nullable(),
  providerTemplateId: z.string().nullable(),
  text: z.string(),
  /** the variables the kind fills the placeholders with, in order */
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
        summary: `Register the SMS template of a kind as the DLT platform has it (owner): 201. The text's {#var#} placeholders must be as many as the kind's variables: ${kindsDoc}. A kind has one template: registering another replaces it (same templateId)`,
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
          "Change an SMS template (owner); fields left out keep their value, the result is checked as a new one. A kind that has its template already is 409",
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
        summary: "Delete a template (owner): its kind's SMS are skipped from now on",
      },
    })
    .input(templateIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteTemplate(ctx, input.templateId)),
});
