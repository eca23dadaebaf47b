// Documents that are not JSON: the GST invoice and credit notes as PDFs, and the monthly GST
// summary as CSV. Each asks its procedure through a tRPC caller (the same checks as the JSON
// routes: owner or admin, admin), then renders. Registered through rawRoute (raw-route.ts), so
// they answer refusals as the facade does and appear in /api/v1/openapi.json.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { appRouter, createCallerFactory, gstSummaryCsv, renderInvoicePdf, type Context } from "@store/api";
import { pathOf } from "../spring-error.ts";
import { rawRoute, type RawParameter } from "./raw-route.ts";

const createCaller = createCallerFactory(appRouter);
type ContextFor = (request: FastifyRequest) => Promise<Context>;

export const GST_CSV_PATH = "/reports/gst.csv";
const PDF = { type: "string", format: "binary" };
const byOrder: RawParameter = { name: "productOrderId", in: "path", required: true, schema: { type: "string", maxLength: 40 } };
const month: RawParameter = { name: "month", in: "query", required: true, description: "YYYY-MM", schema: { type: "string", pattern: "^\\d{4}-\\d{2}$" } };

function pdf(reply: FastifyReply, name: string, body: Buffer) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `inline; filename="${name.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`)
    .header("cache-control", "private, no-cache")
    .send(body);
}

type GstRequest = FastifyRequest<{ Querystring: { month?: string } }>;

/** The month's GST summary as CSV, for an accountant's spreadsheet. */
export const answerGstCsv = (contextFor: ContextFor) => async (request: GstRequest, reply: FastifyReply) => {
  const summary = await createCaller(await contextFor(request)).reports.gst({ month: request.query.month ?? "" });
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="gst-summary-${summary.month}.csv"`)
    .send(gstSummaryCsv(summary));
};

/**
 * What GET /reports/gst answered before the CSV had a path of its own: CSV for `?format=csv`, or
 * for `Accept: text/csv` unless `?format=json` (rest.ts answers these before the facade).
 */
export function asksGstCsv(request: FastifyRequest): boolean {
  if (request.method !== "GET" || pathOf(request.url) !== "/api/v1/reports/gst") return false;
  const format = (request.query as { format?: unknown }).format;
  return format === "csv" || (format !== "json" && /\btext\/csv\b/.test(request.headers.accept ?? ""));
}

export const documentsPlugin: FastifyPluginCallback<{ contextFor: ContextFor }> = (app, { contextFor }, done) => {
  rawRoute<FastifyRequest<{ Params: { productOrderId: string } }>>(app, {
    method: "GET",
    path: "/orders/{productOrderId}/invoice.pdf",
    operationId: "orders-invoicePdf",
    summary: "The order's GST tax invoice as a PDF (owner or admin; JSON at /orders/{productOrderId}/invoice)",
    tags: ["Orders"],
    protect: true,
    parameters: [byOrder],
    success: { description: "The tax invoice", contentType: "application/pdf", schema: PDF },
    handler: async (request, reply) => {
      const document = await createCaller(await contextFor(request)).orders.invoice({ productOrderId: request.params.productOrderId });
      return pdf(reply, document.number, await renderInvoicePdf(document));
    },
  });

  rawRoute<FastifyRequest<{ Params: { productOrderId: string; file: string } }>>(app, {
    method: "GET",
    path: "/orders/{productOrderId}/credit-notes/{creditNoteNumber}.pdf",
    url: "/orders/:productOrderId/credit-notes/:file",
    operationId: "orders-creditNotePdf",
    summary: "A credit note of the order as a PDF, at its URL-encoded number (owner or admin; listed in GET /orders/{productOrderId})",
    tags: ["Orders"],
    protect: true,
    parameters: [
      byOrder,
      { name: "creditNoteNumber", in: "path", required: true, description: "URL-encoded, e.g. SC%2F2026-27%2F00001", schema: { type: "string" } },
    ],
    success: { description: "The credit note", contentType: "application/pdf", schema: PDF },
    handler: async (request, reply) => {
      const creditNoteNumber = request.params.file.replace(/\.pdf$/, "");
      const document = await createCaller(await contextFor(request)).orders.creditNote({ productOrderId: request.params.productOrderId, creditNoteNumber });
      return pdf(reply, document.number, await renderInvoicePdf(document));
    },
  });

  rawRoute<GstRequest>(app, {
    method: "GET",
    path: GST_CSV_PATH,
    operationId: "reports-gstCsv",
    summary: "The month's GST summary as CSV: HSN-wise, then state-wise B2C, then the totals (admin; JSON at /reports/gst)",
    tags: ["Reports"],
    protect: true,
    parameters: [month],
    success: { description: "The summary as CSV (UTF-8)", contentType: "text/csv", schema: { type: "string" } },
    handler: answerGstCsv(contextFor),
  });
  done();
};
