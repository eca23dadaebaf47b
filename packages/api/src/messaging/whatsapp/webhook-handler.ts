// The WhatsApp webhook (contracts/whatsapp.md "Webhook"): Meta's subscription check (GET), and the
// signed events (POST). The signature is checked over the raw bytes before anything is read; a
// body that is JSON but carries nothing the store knows is 200, so Meta does not send it again.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "@store/db";
import type { Services } from "../../context.ts";
import { parseWhatsAppWebhook, whatsappSignatureMatches } from "./cloud-api/webhook.ts";
import { applyWhatsAppStatuses } from "./statuses.ts";
import { keepInboundMessages } from "./inbound.ts";

export const SIGNATURE_HEADER = "x-hub-signature-256";

export interface WhatsAppWebhookResult {
  status: number;
  message: string;
}

export type WhatsAppSubscriptionAnswer = { status: 200; body: string } | { status: 400 | 403; message: string };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
/** digests make the buffers equal in length, so the time says nothing about the token */
const sameSecret = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));
const CHALLENGE = /^[A-Za-z0-9._~-]{1,256}$/;

/** GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…: the challenge when the token is WHATSAPP_VERIFY_TOKEN, else 403. */
export function verifyWhatsAppSubscription(services: Pick<Services, "whatsapp">, query: Record<string, unknown>): WhatsAppSubscriptionAnswer {
  const expected = services.whatsapp.verifyToken;
  const token = query["hub.verify_token"];
  if (!expected) return { status: 403, message: "The WhatsApp webhook is not set up (WHATSAPP_VERIFY_TOKEN)." };
  if (query["hub.mode"] !== "subscribe" || typeof token !== "string" || !sameSecret(expected, token)) {
    return { status: 403, message: "hub.mode must be subscribe and hub.verify_token the webhook's verify token." };
  }
  const challenge = query["hub.challenge"];
  if (typeof challenge !== "string" || !CHALLENGE.test(challenge)) {
    return { status: 400, message: "hub.challenge must be 1 to 256 letters, digits, dots, dashes, underscores or tildes." };
  }
  return { status: 200, body: challenge };
}

function jsonOf(rawBody: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(rawBody.toString("utf8")) };
  } catch {
    return { ok: false };
  }
}

/** POST: the statuses applied once each, the inbound messages kept once each (a STOP opts out). */
export async function handleWhatsAppWebhook(
  db: Db,
  services: Pick<Services, "whatsapp">,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WhatsAppWebhookResult> {
  const appSecret = services.whatsapp.appSecret;
  if (!appSecret) return { status: 401, message: "The WhatsApp webhook is not set up (WHATSAPP_APP_SECRET)." };
  const header = request.headers[SIGNATURE_HEADER];
  if (!whatsappSignatureMatches(appSecret, request.rawBody, typeof header === "string" ? header : undefined)) {
    return { status: 401, message: "The X-Hub-Signature-256 header does not match the body." };
  }
  const json = jsonOf(request.rawBody);
  if (!json.ok) return { status: 400, message: "The webhook body is not JSON." };
  const { statuses, messages } = parseWhatsAppWebhook(json.value);
  if (statuses.length === 0 && messages.length === 0) return { status: 200, message: "No statuses or messages; ignored." };
  const applied = await applyWhatsAppStatuses(db, statuses);
  const kept = await keepInboundMessages(db, messages);
  const parts = [
    statuses.length > 0 && `Statuses: ${applied.applied} applied, ${applied.duplicates} already received, ${applied.unknown} of no known message.`,
    messages.length > 0 && `Messages: ${kept.kept} kept (${kept.stops} STOP), ${kept.duplicates} already received.`,
  ].filter(Boolean);
  return { status: 200, message: parts.join(" ") };
}
