// Documents that are not JSON: the GST invoice and credit notes as PDFs, and the monthly GST
// summary as CSV. Each asks its procedure through a tRPC caller (the same checks as the JSON
// routes: owner or admin, admin), then renders.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { appRouter, createCallerFactory, gstSummaryCsv, renderInvoicePdf, type Context } from "@store/api";
import { pathOf, springError } from "../spring-error.ts";

const createCaller = createCallerFactory(appRouter);

/** A procedure's refusal in the REST facade's words and status. */
async function answer(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const status = getHTTPStatusCodeFromError(error);
    await reply.code(status).send(springError(status, error.message, pathOf(request.url)));
  }
}

export const documentsPlugin: FastifyPluginCallback<{ contextFor: (request: FastifyRequest) => Promise<Context> }> = (app, { contextFor }, done) => {
  const pdf = (reply: FastifyReply, name: string, body: Buffer) =>
    reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${name.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`)
      .header("cache-control", "private, no-cache")
      .send(body);

  app.get<{ Params: { productOrderId: string } }>("/api/v1/orders/:productOrderId/invoice.pdf", (request, reply) =>
    answer(request, reply, async () => {
      const document = await createCaller(await contextFor(request)).orders.invoice({ productOrderId: request.params.productOrderId });
      await pdf(reply, document.number, await renderInvoicePdf(document));
    }),
  );

  app.get<{ Params: { productOrderId: string; file: string } }>("/api/v1/orders/:productOrderId/credit-notes/:file", (request, reply) =>
    answer(request, reply, async () => {
      const creditNoteNumber = request.params.file.replace(/\.pdf$/, "");
      const document = await createCaller(await contextFor(request)).orders.creditNote({ productOrderId: request.params.productOrderId, creditNoteNumber });
      await pdf(reply, document.number, await renderInvoicePdf(document));
    }),
  );

  // JSON as the REST facade would answer it, or CSV for an accountant's spreadsheet
  app.get<{ Querystring: { month?: string; format?: string } }>("/api/v1/reports/gst", (request, reply) =>
    answer(request, reply, async () => {
      const summary = await createCaller(await contextFor(request)).reports.gst({ month: request.query.month ?? "" });
      const csv = request.query.format === "csv" || (request.query.format !== "json" && /\btext\/csv\b/.test(request.headers.accept ?? ""));
      if (!csv) return void (await reply.send(summary));
      await reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="gst-summary-${summary.month}.csv"`)
        .send(gstSummaryCsv(summary));
    }),
  );
  done();
};
