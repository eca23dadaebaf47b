// The payment routes that are not JSON procedures: the gateway's webhook (its signature covers the
// exact body bytes, so the body is kept raw) and the UPI QR code as a PNG. (UPI orders left unpaid
// past their time are cancelled by the job "upi-expiry", packages/api jobs/registry.ts.)
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { appRouter, createCallerFactory, handleGatewayWebhook, type Context, type Services } from "@store/api";
import type { Db } from "@store/db";
import { pathOf, springError } from "../spring-error.ts";
import { RAW_PREFIX, rawRoute, type RawOperation } from "./raw-route.ts";

export const WEBHOOK_PATH = "/api/v1/payments/webhook/razorpay";

const createCaller = createCallerFactory(appRouter);

/** The gateway's webhook as /api/v1/openapi.json describes it (no bearer token: the body is signed). */
const WEBHOOK_OPERATION: Omit<RawOperation, "method"> = {
  path: WEBHOOK_PATH.slice(RAW_PREFIX.length),
  operationId: "payments-razorpayWebhook",
  summary:
    "Razorpay's webhook (payment.captured, payment.failed, refund.processed, refund.failed): signed by X-Razorpay-Signature over the exact body bytes; an event (its type and entity id) is handled once",
  tags: ["Payments"],
  protect: false,
  parameters: [{ name: "X-Razorpay-Signature", in: "header", required: true, schema: { type: "string" } }],
  requestBody: { required: true, content: { "*/*": { schema: { type: "object", description: "the gateway's event, as Razorpay documents it" } } } },
  success: {
    description: "Handled, ignored or already handled",
    contentType: "application/json",
    schema: {
      type: "object",
      required: ["success", "message"],
      properties: { success: { type: "boolean" }, message: { type: "string" } },
      additionalProperties: false,
    },
  },
};

export interface PaymentsPluginOptions {
  db: Db;
  services: Services;
  contextFor: (request: FastifyRequest) => Promise<Context>;
}

export const paymentsPlugin: FastifyPluginAsync<PaymentsPluginOptions> = async (app, { db, services, contextFor }) => {
  await app.register((webhook, _opts, done) => {
    // this route only: the JSON body as the bytes that were signed
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    rawRoute(webhook, {
      method: "POST",
      ...WEBHOOK_OPERATION,
      handler: async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // the adapter reads its own signature header; de-duplication uses the signed body's ids only
        const result = await handleGatewayWebhook(db, services, { rawBody, headers: request.headers });
        if (result.status >= 400) return reply.code(result.status).send(springError(result.status, result.message, pathOf(request.url)));
        return reply.code(result.status).send({ success: true, message: result.message });
      },
    });
    done();
  });

  rawRoute<FastifyRequest<{ Params: { productOrderId: string } }>>(app, {
    method: "GET",
    path: "/payments/{productOrderId}/qr.png",
    operationId: "payments-upiQrImage",
    summary: "The UPI QR code of a UPI order as a PNG, to scan with any UPI app (owner or admin; base64 at /payments/{productOrderId}/qr-base64)",
    tags: ["Payments"],
    protect: true,
    parameters: [{ name: "productOrderId", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
    success: { description: "The QR code", contentType: "image/png", schema: { type: "string", format: "binary" } },
    handler: async (request, reply) => {
      const caller = createCaller(await contextFor(request));
      const png = Buffer.from(await caller.payments.upiQrPng({ productOrderId: request.params.productOrderId }), "base64");
      return reply.type("image/png").header("cache-control", "private, max-age=300").send(png);
    },
  });
};
