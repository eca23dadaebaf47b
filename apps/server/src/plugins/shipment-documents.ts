// A shipment's label as a PDF (issue 28, contracts/shipments.md): the store's 4×6 inch label for a
// manual box, the courier's own for an adapter's. The shipment's procedure is asked first through a
// tRPC caller, so the label has the same checks as GET /shipments/{shipmentId} (admin only, 404 for
// an unknown one). Registered through rawRoute (raw-route.ts), like the invoice PDFs (documents.ts).
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import { appRouter, createCallerFactory, shipmentLabelPdf, type Context } from "@store/api";
import { rawRoute } from "./raw-route.ts";

const createCaller = createCallerFactory(appRouter);
type ContextFor = (request: FastifyRequest) => Promise<Context>;

export const shipmentDocumentsPlugin: FastifyPluginCallback<{ contextFor: ContextFor }> = (app, { contextFor }, done) => {
  rawRoute<FastifyRequest<{ Params: { shipmentId: string } }>>(app, {
    method: "GET",
    path: "/shipments/{shipmentId}/label.pdf",
    operationId: "shipments-labelPdf",
    summary:
      "The shipment's label as a PDF (admin): for manual a 4×6 inch label with the AWB barcode, both addresses and the COD amount; for an adapter the courier's own label (400 COURIER_NOT_CONFIGURED, 502 COURIER_ERROR, 404 when the courier has none yet)",
    tags: ["Shipments"],
    protect: true,
    parameters: [{ name: "shipmentId", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
    success: { description: "The shipping label", contentType: "application/pdf", schema: { type: "string", format: "binary" } },
    moreStatuses: [502],
    handler: async (request, reply) => {
      const ctx = await contextFor(request);
      const shipment = await createCaller(ctx).shipments.get({ shipmentId: request.params.shipmentId });
      const { filename, pdf } = await shipmentLabelPdf(ctx.db, ctx.services, shipment.shipmentId);
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${filename.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`)
        .header("cache-control", "private, no-cache")
        .send(pdf);
    },
  });
  done();
};
