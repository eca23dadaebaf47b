// The port: what the store needs from WhatsApp (issue 30, contracts/whatsapp.md). Business-initiated
// messages are pre-approved templates, named with their language and filled with body parameters in
// order; the provider answers with its message id, which its status webhooks name later. The adapter
// (cloud-api/) is Meta's WhatsApp Cloud API; its wire format and signatures live only there.

export interface WhatsAppSend {
  /** 10 digits, an Indian mobile number (the adapter adds the country code) */
  phone: string;
  /** the template's name as approved in Meta */
  templateName: string;
  /** en | hi */
  language: string;
  /** the body parameters in the template's order */
  params: readonly string[];
}

export interface WhatsAppProvider {
  /** "cloud-api" */
  readonly name: string;
  /** sends one template message; the provider's message id (wamid…) */
  send(message: WhatsAppSend): Promise<{ providerMessageId: string }>;
}

/** The provider refused or could not be reached; `retryable` for a timeout, a 429 or a 5xx, never for another 4xx. */
export class WhatsAppProviderError extends Error {
  override name = "WhatsAppProviderError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What the server knows of WhatsApp (Services.whatsapp): the sender, and the webhook's two secrets. */
export interface WhatsAppSettings {
  /** WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID set: the Cloud API adapter; null: WhatsApp messages wait */
  provider: WhatsAppProvider | null;
  /** WHATSAPP_APP_SECRET: the key of X-Hub-Signature-256; null refuses every webhook POST (401) */
  appSecret: string | null;
  /** WHATSAPP_VERIFY_TOKEN: the webhook's subscription check; null refuses it (403) */
  verifyToken: string | null;
}

export const NO_WHATSAPP: WhatsAppSettings = { provider: null, appSecret: null, verifyToken: null };
