import { z } from "zod";
import { EXPORT_KINDS, exportInput } from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { exportInfo } from "./exports.ts";

export const exportsRouter = createTRPCRouter({
  info: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/export/{kind}",
        tags: ["Exports"],
        summary:
          "What GET /export/{kind}.csv will hold: its file name, columns and number of rows, with the list's own ?search= (and ?view= for orders) (admin). The CSV itself is streamed from /api/v1/export/{orders|customers|products|carts}.csv",
      },
    })
    .input(exportInput)
    .output(
      z.object({
        kind: z.enum(EXPORT_KINDS),
        fileName: z.string(),
        columns: z.array(z.string()),
        rows: z.number().int(),
        filters: exportInput.describe("the filters as understood"),
      }),
    )
    .query(({ ctx, input }) => exportInfo(ctx, input)),
});
