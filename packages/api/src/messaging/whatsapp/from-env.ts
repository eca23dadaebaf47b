// What this server knows of WhatsApp, from its environment (README "Configuration"): WHATSAPP_TOKEN
// and WHATSAPP_PHONE_NUMBER_ID together send through the Cloud API (at WHATSAPP_API_BASE, a stand-in in
// tests); WHATSAPP_APP_SECRET checks the webhook's signatures, WHATSAPP_VERIFY_TOKEN its subscription.
import { CLOUD_API_BASE, createCloudApiWhatsAppProvider } from "./cloud-api/adapter.ts";
import type { WhatsAppSettings } from "./port.ts";

export class WhatsAppConfigError extends Error {
  override name = "WhatsAppConfigError";
}

const value = (v: string | undefined) => v?.trim() || null;

export function whatsappFromEnv(env: Record<string, string | undefined>): WhatsAppSettings {
  const token = value(env.WHATSAPP_TOKEN);
  const phoneNumberId = value(env.WHATSAPP_PHONE_NUMBER_ID);
  if (token && !phoneNumberId) {
    throw new WhatsAppConfigError("WHATSAPP_TOKEN is set but WHATSAPP_PHONE_NUMBER_ID is not: set the phone number id of the WhatsApp Manager too.");
  }
  if (phoneNumberId && !token) {
    throw new WhatsAppConfigError("WHATSAPP_PHONE_NUMBER_ID is set but WHATSAPP_TOKEN is not: set the Cloud API access token too.");
  }
  return {
    provider: token && phoneNumberId ? createCloudApiWhatsAppProvider({ token, phoneNumberId, apiBase: value(env.WHATSAPP_API_BASE) ?? CLOUD_API_BASE }) : null,
    appSecret: value(env.WHATSAPP_APP_SECRET),
    verifyToken: value(env.WHATSAPP_VERIFY_TOKEN),
  };
}
