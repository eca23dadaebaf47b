// GET /api/v1/export/{orders|customers|products|carts}.csv: the admin lists as CSV files, streamed
// from the database (packages/api back-office/exports.ts) through csv-stringify, so that the server's memory stays
// flat whatever the size. The admin procedure exports.info checks the caller and the filters first.
import { pipeline, Readable } from "node:stream";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import { stringify } from "csv-stringify";
import { appRouter, auditExport, createCallerFactory, exportRows, spreadsheetSafe, type Context } from "@store/api";
import type { Db } from "@store/db";
import { EXPORT_KINDS, type ExportInput } from "@store/validators";
import { rawRoute } from "./raw-route.ts";

const createCaller = createCallerFactory(appRouter);

export const exportsPlugin: FastifyPluginCallback<{ db: Db; contextFor: (request: FastifyRequest) => Promise<Context> }> = (app, { db, contextFor }, done) => {
  rawRoute<FastifyRequest<{ Params: { kind: string }; Querystring: { search?: string; view?: string } }>>(app, {
    method: "GET",
    path: "/export/{kind}.csv",
    url: `/export/:kind(^(?:${EXPORT_KINDS.join("|")})).csv`,
    operationId: "exports-csv",
    summary: "A back-office list as a CSV file, with the list's own ?search= (and ?view= for orders) (admin; what it will hold: GET /export/{kind})",
    tags: ["Exports"],
    protect: true,
    parameters: [
      { name: "kind", in: "path", required: true, schema: { type: "string", enum: [...EXPORT_KINDS] } },
      { name: "search", in: "query", schema: { type: "string", maxLength: 100 } },
      { name: "view", in: "query", description: "orders only", schema: { type: "string", enum: ["all", "shipping", "delivered"] } },
    ],
    success: { description: "The list as CSV (UTF-8 with a byte-order mark)", contentType: "text/csv", schema: { type: "string" } },
    handler: async (request, reply) => {
      // the procedure checks the caller and validates these (the types are its to enforce)
      const asked = { kind: request.params.kind, search: request.query.search, view: request.query.view } as ExportInput;
      const ctx = await contextFor(request);
      const info = await createCaller(ctx).exports.info(asked);
      await auditExport(ctx, info);
      const csv = stringify({
        header: true,
        columns: info.columns,
        // Excel reads UTF-8 (₹, Hindi names) only after a byte-order mark
        bom: true,
        cast: { string: spreadsheetSafe, boolean: (b) => (b ? "true" : "false") },
      });
      // a database error mid-file ends the response: the client sees a cut-off download, never a half file as whole
      pipeline(Readable.from(exportRows(db, info.filters)), csv, (error) => {
        if (error) request.log.error({ err: error }, "export failed part-way");
      });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${info.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  });
  done();
};
