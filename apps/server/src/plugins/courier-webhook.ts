// The courier's tracking webhook, POST /api/v1/shipping/webhook/courier (contracts/shipments.md
// "Courier updates"): a raw route, because the courier authenticates with a shared token instead of a
// bearer token and may send any content type; the body stays bytes until the token has been checked
// (packages/api shipments/courier-webhook.ts). Bodies over 64 KB are refused by body-limits.ts.
import type { FastifyPluginAsync } from "fastify";
import { handleCourierWebhook, type Services } from "@store/api";
import type { Db } from "@store/db";
import { pathOf, springError } from "../spring-error.ts";
import { RAW_PREFIX, rawRoute } from "./raw-route.ts";

export const COURIER_WEBHOOK_PATH = "/api/v1/shipping/webhook/courier";

export interface CourierWebhookPluginOptions {
  db: Db;
  services: Services;
}

export const courierWebhookPlugin: FastifyPluginAsync<CourierWebhookPluginOptions> = async (app, { db, services }) => {
  await app.register((webhook, _opts, done) => {
    // this route only: whatever the courier labels it, the body is read here, after the token check
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    rawRoute(webhook, {
      method: "POST",
      path: COURIER_WEBHOOK_PATH.slice(RAW_PREFIX.length),
      operationId: "shipments-courierWebhook",
      summary:
        "The courier's tracking webhook (Shiprocket: awb, current_status, current_status_id, scans[], etd), authenticated by the shared token SHIPROCKET_WEBHOOK_TOKEN in x-api-key (401 without it). Each (AWB, status, time) is applied once; an unknown AWB or a body that is not a tracking update is 200 and ignored, so the courier does not retry; a body that is not JSON is 400. The path names no courier because Shiprocket refuses callback URLs containing shiprocket, kartrocket, sr or kr",
      tags: ["Shipments"],
      protect: false,
      parameters: [{ name: "x-api-key", in: "header", required: true, description: "the courier webhook's shared token", schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: { "*/*": { schema: { type: "object", description: "the courier's tracking update, as Shiprocket documents it" } } },
      },
      success: {
        description: "Applied, already applied or ignored",
        contentType: "application/json",
        schema: {
          type: "object",
          required: ["success", "message"],
          properties: { success: { type: "boolean" }, message: { type: "string" } },
          additionalProperties: false,
        },
      },
      moreStatuses: [401],
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await handleCourierWebhook(db, services, { headers: request.headers, body });
        if (result.status >= 400) return reply.code(result.status).send(springError(result.status, result.message, pathOf(request.url)));
        return reply.code(result.status).send({ success: true, message: result.message });
      },
    });
    done();
  });
};
