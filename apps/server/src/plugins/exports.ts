// GET /api/v1/export/{orders|customers|products|carts}.csv: the admin lists as CSV files, streamed
// from the database (packages/api back-office/exports.ts) through csv-stringify, so that the server's memory stays
// flat whatever the size. The admin procedure exports.info checks the caller and the filters first.
import { pipeline, Readable } from "node:stream";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import { stringify } from "csv-stringify";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { appRouter, createCallerFactory, exportRows, spreadsheetSafe, type Context } from "@store/api";
import type { Db } from "@store/db";
import { EXPORT_KINDS, type ExportInput } from "@store/validators";
import { pathOf, springError } from "../spring-error.ts";

const createCaller = createCallerFactory(appRouter);

export const exportsPlugin: FastifyPluginCallback<{ db: Db; contextFor: (request: FastifyRequest) => Promise<Context> }> = (app, { db, contextFor }, done) => {
  app.get<{ Params: { kind: string }; Querystring: { search?: string; view?: string } }>(
    `/api/v1/export/:kind(^(?:${EXPORT_KINDS.join("|")})).csv`,
    async (request, reply) => {
      let info;
      try {
        // the procedure checks the caller and validates these (the types are its to enforce)
        const asked = { kind: request.params.kind, search: request.query.search, view: request.query.view } as ExportInput;
        info = await createCaller(await contextFor(request)).exports.info(asked);
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        const status = getHTTPStatusCodeFromError(error);
        return reply.code(status).send(springError(status, error.message, pathOf(request.url)));
      }
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
  );
  done();
};
