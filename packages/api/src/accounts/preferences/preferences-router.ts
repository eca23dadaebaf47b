// The message preferences' endpoints (issue 30): /customers/me/preferences, for a signed-in customer
// only. The path has no id: the token says whose they are.
import { z } from "zod";
import { preferencesUpdateSchema } from "@store/validators";
import { createTRPCRouter, customerProcedure } from "../../trpc.ts";
import { consentChangeOutput, myConsentHistory, myPreferences, preferencesOutput, updateMyPreferences } from "./preferences.ts";

export const preferencesRouter = createTRPCRouter({
  get: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customers/me/preferences",
        tags: ["Preferences"],
        summary: "The caller's message preferences: WhatsApp order updates, SMS and e-mail marketing (each with when it changed) and the language",
      },
    })
    .input(z.object({}).optional())
    .output(preferencesOutput)
    .query(({ ctx }) => myPreferences(ctx)),

  update: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/me/preferences",
        tags: ["Preferences"],
        summary:
          'Change the caller\'s message preferences: only the fields sent change, each change timestamped and kept (source "profile"); the same value again changes nothing. language: en or hi. Other fields are 400.',
      },
    })
    .input(preferencesUpdateSchema)
    .output(preferencesOutput)
    .mutation(({ ctx, input }) => updateMyPreferences(ctx, input)),

  history: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customers/me/preferences/history",
        tags: ["Preferences"],
        summary: "The caller's consent and language changes, the latest first (at most 200): what changed, to what, where and when",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(consentChangeOutput))
    .query(({ ctx }) => myConsentHistory(ctx)),
});
