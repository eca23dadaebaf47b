import { z } from "zod";
import { AUDIT_ENTITIES, auditQueryInput } from "@store/validators";
import { createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { pageOutput } from "../platform/serialize-common.ts";
import { auditPage } from "./audit.ts";

const auditEntryOutput = z.object({
  auditId: z.number().int(),
  at: z.date(),
  adminId: z.number().int(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string().describe("the procedure, e.g. products.update"),
  entity: z.string().describe(AUDIT_ENTITIES.join(", ")),
  entityId: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe("changed fields: [before, after]"),
});

export const auditRouter = createTRPCRouter({
  page: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/audit",
        tags: ["Audit"],
        summary:
          "Who changed what in the back office, newest first, 20 a page; ?entity= ?entityId= ?adminId= ?action= ?from= ?to= (IST days) ?search= (the store owner)",
      },
    })
    .input(auditQueryInput)
    .output(pageOutput(auditEntryOutput))
    .query(({ ctx, input }) => auditPage(ctx, input)),
});
