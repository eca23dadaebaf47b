// The courier's tracking webhook (contracts/shipments.md "Courier updates"): Shiprocket posts each scan
// of an AWB here with the shared token in `x-api-key`. The token is checked before the body is read;
// the body is parsed by the courier's folder and applied by tracking.ts exactly as a poll's answer is.
// Shiprocket retries anything but a 200, so well-formed bodies that change nothing (not a tracking
// update, an AWB this store never booked) are answered 200 with a message; only a body that is not
// JSON at all is a 400.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "@store/db";
import type { Services } from "../context.ts";
import { parseShiprocketWebhook } from "./couriers/shiprocket/webhook.ts";
import { applyTrackingUpdate } from "./tracking.ts";

export interface CourierWebhookResult {
  status: number;
  message: string;
}

export const TOKEN_HEADER = "x-api-key";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Whether the header carries the configured token; digests make the buffers equal in length, so the time says nothing about it. */
export function courierTokenMatches(expected: string | null, given: string | string[] | undefined): boolean {
  if (!expected || typeof given !== "string" || given === "") return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/** The body as JSON: raw bytes or text from the route, or an object a caller already parsed; undefined when it is not JSON. */
function jsonOf(body: unknown): unknown {
  if (Buffer.isBuffer(body) || typeof body === "string") {
    try {
      return JSON.parse(body.toString());
    } catch {
      return undefined;
    }
  }
  return body ?? undefined;
}

export async function handleCourierWebhook(
  db: Db,
  services: Services,
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
): Promise<CourierWebhookResult> {
  if (!courierTokenMatches(services.couriers.webhookToken, request.headers[TOKEN_HEADER])) {
    return {
      status: 401,
      message: services.couriers.webhookToken
        ? "The x-api-key header does not carry the courier webhook's token."
        : "The courier webhook is not set up (SHIPROCKET_WEBHOOK_TOKEN).",
    };
  }
  const json = jsonOf(request.body);
  if (json === undefined) return { status: 400, message: "The webhook body is not JSON." };
  const update = parseShiprocketWebhook(json);
  if (!update) return { status: 200, message: "Not a tracking update; ignored." };
  const result = await applyTrackingUpdate(db, services, { courier: "shiprocket", update, source: "webhook" });
  if (result.ignored) return { status: 200, message: `No shipment of this store has AWB ${update.awb}; ignored.` };
  if (result.applied === 0) return { status: 200, message: "Already applied; nothing new." };
  return { status: 200, message: result.applied === 1 ? "1 event applied." : `${result.applied} events applied.` };
}
