import { z } from "zod";
import type { Context } from "../context.ts";
import { createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { JOBS } from "./registry.ts";
import { createJobRunner, type JobRunner } from "./runner.ts";

const jobInput = z.object({
  job: z
    .string()
    .trim()
    .min(1, "job is required")
    .max(60)
    .describe(`one of: ${Object.keys(JOBS).join(", ")}`),
});
const runOutput = z.object({ job: z.string(), processed: z.number().int().describe("how many items the run handled (messages sent, orders expired…)") });

const quiet = { warn: () => {} };

/** the server's runner; in procedure tests (no server) one on the context's database, without SMTP */
const runnerOf = (ctx: Context): JobRunner => ctx.services.jobs ?? createJobRunner({ db: ctx.db, services: ctx.services, log: quiet });

export const jobsRouter = createTRPCRouter({
  run: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/jobs/{job}/run",
        tags: ["Jobs"],
        summary: "Run a background job now and answer how many items it handled; a second run finds nothing left (the store owner)",
      },
    })
    .input(jobInput)
    .output(runOutput)
    .mutation(async ({ ctx, input }) => ({ job: input.job, processed: await runnerOf(ctx).run(input.job) })),
});
