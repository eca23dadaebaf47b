// The WhatsApp Cloud API adapter (contracts/whatsapp.md "Sending"), written against Meta's documented
// send-message API: `POST /<version>/<phone number id>/messages` with `Authorization: Bearer <token>`,
// one template message per call, its body parameters in the template's order. The answer's
// `messages[0].id` (wamid…) is what the status webhooks name later. A local stand-in: stand-in.ts.
import { WhatsAppProviderError, type WhatsAppProvider, type WhatsAppSend } from "../port.ts";

export const CLOUD_API_BASE = "https://graph.facebook.com/v21.0";

export interface CloudApiOptions {
  /** a system user's permanent access token (WHATSAPP_TOKEN) */
  token: string;
  /** the business phone number's id in Meta (WHATSAPP_PHONE_NUMBER_ID), not the number itself */
  phoneNumberId: string;
  /** default https://graph.facebook.com/v21.0; a local stand-in in tests */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface SendAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

/** an Indian mobile number: 10 digits starting 6–9 */
const MOBILE = /^[6-9]\d{9}$/;

/** The Cloud API body of one template message; no `components` when the template has no parameters. */
export function cloudApiTemplateBody(message: WhatsAppSend) {
  return {
    messaging_product: "whatsapp",
    to: `91${message.phone}`,
    type: "template",
    template: {
      name: message.templateName,
      language: { code: message.language },
      ...(message.params.length > 0 ? { components: [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }] } : {}),
    },
  };
}

export function createCloudApiWhatsAppProvider(opts: CloudApiOptions): WhatsAppProvider {
  const base = (opts.apiBase ?? CLOUD_API_BASE).replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const { token } = opts;
  const url = `${base}/${encodeURIComponent(opts.phoneNumberId)}/messages`;

  /** Meta's own words, shortened, with the token taken out should an answer ever echo it */
  const words = (text: string) => (token ? text.split(token).join("[token]") : text).trim().slice(0, 300);

  return {
    name: "cloud-api",

    async send(message) {
      if (!MOBILE.test(message.phone)) throw new WhatsAppProviderError("WhatsApp takes a 10-digit Indian mobile number.", false);

      let response: Response;
      let raw: string;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(cloudApiTemplateBody(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new WhatsAppProviderError(timedOut ? "WhatsApp did not answer in time." : "WhatsApp could not be reached.", true);
      }

      let answer: SendAnswer | null = null;
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (typeof parsed === "object" && parsed !== null) answer = parsed;
      } catch {
        // an HTML error page from a proxy: the status says enough
      }

      if (!response.ok) {
        const said = typeof answer?.error?.message === "string" && answer.error.message.trim() ? words(answer.error.message) : `HTTP ${response.status}`;
        const retryable = response.status === 429 || response.status === 408 || response.status >= 500;
        throw new WhatsAppProviderError(said, retryable, response.status);
      }
      const id = answer?.messages?.[0]?.id;
      if (typeof id !== "string" || !id.trim()) {
        // not retried: the message may have gone, and a second copy confuses more than a missing one
        throw new WhatsAppProviderError("WhatsApp's answer could not be read; the message may or may not have been sent.", false, response.status);
      }
      return { providerMessageId: id.trim() };
    },
  };
}
