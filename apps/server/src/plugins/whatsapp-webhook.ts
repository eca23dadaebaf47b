// Meta's WhatsApp webhook, /api/v1/messaging/webhook/whatsapp (contracts/whatsapp.md "Webhook"): raw
// routes, because Meta authenticates with X-Hub-Signature-256 over the exact body bytes instead of a
// bearer token. GET is the subscription check (the challenge as text); POST carries statuses and
// inbound messages (packages/api messaging/whatsapp/webhook-handler.ts). Bodies over 64 KB are refused
// by body-limits.ts; Meta's batches are far smaller.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { handleWhatsAppWebhook, verifyWhatsAppSubscription, type Services } from "@store/api";
import type { Db } from "@store/db";
import { pathOf, springError } from "../spring-error.ts";
import { RAW_PREFIX, rawRoute } from "./raw-route.ts";

export const WHATSAPP_WEBHOOK_PATH = "/api/v1/messaging/webhook/whatsapp";
const path = WHATSAPP_WEBHOOK_PATH.slice(RAW_PREFIX.length);

export interface WhatsAppWebhookPluginOptions {
  db: Db;
  services: Services;
}

const successSchema = {
  type: "object",
  required: ["success", "message"],
  properties: { success: { type: "boolean" }, message: { type: "string" } },
  additionalProperties: false,
};

export const whatsappWebhookPlugin: FastifyPluginAsync<WhatsAppWebhookPluginOptions> = async (app, { db, services }) => {
  rawRoute<FastifyRequest<{ Querystring: Record<string, unknown> }>>(app, {
    method: "GET",
    path,
    operationId: "messaging-whatsappWebhookVerify",
    summary:
      "Meta's subscription check of the WhatsApp webhook: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN (compared in constant time), else 403",
    tags: ["Messaging"],
    protect: false,
    parameters: [
      { name: "hub.mode", in: "query", required: true, description: "subscribe", schema: { type: "string" } },
      { name: "hub.verify_token", in: "query", required: true, description: "the webhook's verify token (WHATSAPP_VERIFY_TOKEN)", schema: { type: "string" } },
      { name: "hub.challenge", in: "query", required: true, description: "Meta's challenge, answered as the body", schema: { type: "string" } },
    ],
    success: { description: "The challenge, as sent", contentType: "text/plain", schema: { type: "string" } },
    moreStatuses: [403],
    handler: async (request, reply) => {
      const answer = verifyWhatsAppSubscription(services, request.query ?? {});
      if (answer.status !== 200) return reply.code(answer.status).send(springError(answer.status, answer.message, pathOf(request.url)));
      return reply.code(200).type("text/plain; charset=utf-8").send(answer.body);
    },
  });

  await app.register((webhook, _opts, done) => {
    // this route only: whatever Meta labels it, the body stays bytes until its signature has been checked
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    rawRoute(webhook, {
      method: "POST",
      path,
      operationId: "messaging-whatsappWebhook",
      summary:
        "Meta's WhatsApp webhook: entry[].changes[].value.statuses[] (sent, delivered, read, failed) set the message's deliveryStatus, each (message id, status) applied once, never backwards; messages[] are kept for GET /messaging/inbox, a text STOP opting the sender out. Signed with X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body under WHATSAPP_APP_SECRET>, missing or wrong: 401 and nothing changes. A status of an unknown message or a body without statuses or messages is 200 and ignored; a body that is not JSON is 400",
      tags: ["Messaging"],
      protect: false,
      parameters: [
        { name: "x-hub-signature-256", in: "header", required: true, description: "sha256=<hex HMAC-SHA256 of the raw body>", schema: { type: "string" } },
      ],
      requestBody: {
        required: true,
        content: { "*/*": { schema: { type: "object", description: "Meta's webhook notification (object whatsapp_business_account)" } } },
      },
      success: { description: "Applied, already applied or ignored", contentType: "application/json", schema: successSchema },
      moreStatuses: [401],
      handler: async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await handleWhatsAppWebhook(db, services, { rawBody, headers: request.headers });
        if (result.status >= 400) return reply.code(result.status).send(springError(result.status, result.message, pathOf(request.url)));
        return reply.code(result.status).send({ success: true, message: result.message });
      },
    });
    done();
  });
};
