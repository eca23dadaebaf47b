// The payment routes that are not JSON procedures: the gateway's webhook (its signature covers the
// exact body bytes, so the body is kept raw) and the UPI QR code as a PNG. Also the sweep that
// cancels UPI orders left unpaid past their time.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { appRouter, createCallerFactory, expireUnpaidUpiOrders, handleGatewayWebhook, type Context, type Services } from "@store/api";
import type { Db } from "@store/db";
import { pathOf, springError } from "../spring-error.ts";

export const WEBHOOK_PATH = "/api/v1/payments/webhook/razorpay";
/** how often unpaid UPI orders past their time are looked for */
export const UPI_EXPIRY_SWEEP_MS = 60_000;

const createCaller = createCallerFactory(appRouter);

export interface PaymentsPluginOptions {
  db: Db;
  services: Services;
  contextFor: (request: FastifyRequest) => Promise<Context>;
  /** 0 turns the sweep off (tests run it by hand) */
  sweepMs?: number;
}

export const paymentsPlugin: FastifyPluginAsync<PaymentsPluginOptions> = async (app, { db, services, contextFor, sweepMs = UPI_EXPIRY_SWEEP_MS }) => {
  await app.register((webhook, _opts, done) => {
    // this route only: the JSON body as the bytes that were signed
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    webhook.post(WEBHOOK_PATH, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const result = await handleGatewayWebhook(db, services, { rawBody, signature: header("x-razorpay-signature"), eventId: header("x-razorpay-event-id") });
      if (result.status >= 400) return reply.code(result.status).send(springError(result.status, result.message, pathOf(request.url)));
      return reply.code(result.status).send({ success: true, message: result.message });
    });
    done();
  });

  app.get<{ Params: { productOrderId: string } }>("/api/v1/payments/:productOrderId/qr.png", async (request, reply) => {
    try {
      const caller = createCaller(await contextFor(request));
      const png = Buffer.from(await caller.payments.upiQrPng({ productOrderId: request.params.productOrderId }), "base64");
      return reply.type("image/png").header("cache-control", "private, max-age=300").send(png);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const status = getHTTPStatusCodeFromError(error);
      return reply.code(status).send(springError(status, error.message, pathOf(request.url)));
    }
  });

  if (sweepMs > 0) {
    const sweep = async () => {
      try {
        if ((await expireUnpaidUpiOrders(db, services.mail)) > 0) services.productEvents.changed();
      } catch (error) {
        app.log.warn({ err: error }, "UPI expiry sweep failed; will try again");
      }
    };
    const timer = setInterval(() => void sweep(), sweepMs);
    timer.unref();
    app.addHook("onClose", (_app, done) => {
      clearInterval(timer);
      done();
    });
  }
};
