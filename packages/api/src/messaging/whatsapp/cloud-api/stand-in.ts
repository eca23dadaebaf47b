// A small local stand-in for the part of Meta's WhatsApp Cloud API the store uses, so tests run the real
// adapter and the real webhook over real HTTP: `POST /v21.0/<phone number id>/messages` (a template
// message), and the webhooks Meta POSTs back (statuses, inbound texts), signed as Meta signs them.
//
//   const wa = await startWhatsAppStandIn();
//   const provider = createCloudApiWhatsAppProvider({ token: wa.token, phoneNumberId: wa.phoneNumberId, apiBase: wa.url });
//   wa.failNext(500, 2);                  // or 400 with Meta's error, 429, "timeout"
//   wa.sent[0];                            // { to: "91…", templateName, language, params, id: "wamid.…", body }
//   await wa.postStatus(webhookUrl, appSecret, { id: wa.sent[0].id, status: "delivered" });
//   await wa.close();
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Meta's error object, as inside `{ error: … }` */
export interface MetaError {
  message: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { messaging_product?: string; details: string };
  fbtrace_id?: string;
}

export interface WhatsAppStandInSent {
  /** as received: 91 and the 10 digits */
  to: string;
  templateName: string;
  language: string;
  /** the body parameters' texts in order */
  params: string[];
  /** the wamid answered, which the adapter returns as providerMessageId */
  id: string;
  /** the JSON body exactly as received */
  body: unknown;
}

export interface WhatsAppStandInRequest {
  method: string;
  path: string;
  /** whether the bearer token was the stand-in's (the token itself is not kept) */
  authorized: boolean;
  body: unknown;
}

/** a status webhook: `recipientPhone` 10 digits or 91…, default the message's recipient; `timestamp` default now */
export interface StatusWebhookInput {
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  recipientPhone?: string;
  timestamp?: Date | number;
  /** Meta's errors of a failed message, e.g. [{ code: 131026, title: "Message undeliverable" }] */
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[];
}

/** an inbound text: `from` 10 digits or 91…; `id` default a new wamid */
export interface InboundWebhookInput {
  from: string;
  text: string;
  id?: string;
  name?: string;
  timestamp?: Date | number;
}

export interface WhatsAppStandInOptions {
  token?: string;
  phoneNumberId?: string;
  /** default a free port */
  port?: number;
  /** the WhatsApp Business Account id the webhooks name (entry[].id) */
  businessAccountId?: string;
  /** the business number the webhooks name (metadata.display_phone_number) */
  displayPhoneNumber?: string;
}

export interface WhatsAppStandIn {
  /** the API base, with its version: http://127.0.0.1:PORT/v21.0 */
  url: string;
  token: string;
  phoneNumberId: string;
  sent: WhatsAppStandInSent[];
  requests: WhatsAppStandInRequest[];
  /**
   * The next `times` sends (default 1) answer `status` with Meta's error body (`error` replaces its
   * message or the whole error object), or hang until the client gives up ("timeout").
   */
  failNext(status: number | "timeout", times?: number, error?: string | Partial<MetaError>): void;
  /** POSTs a status webhook, signed; the webhook's HTTP status */
  postStatus(webhookUrl: string, appSecret: string, input: StatusWebhookInput): Promise<number>;
  /** POSTs an inbound text webhook, signed; the webhook's HTTP status */
  postInbound(webhookUrl: string, appSecret: string, input: InboundWebhookInput): Promise<number>;
  /** the raw body and headers of a status webhook, for a test that injects it rather than POSTing it */
  statusWebhook(appSecret: string, input: StatusWebhookInput): SignedWebhook;
  inboundWebhook(appSecret: string, input: InboundWebhookInput): SignedWebhook;
  close(): Promise<void>;
}

export interface SignedWebhook {
  rawBody: string;
  headers: { "content-type": string; "x-hub-signature-256": string };
}

/** Meta's signature: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret */
export const signWhatsAppWebhook = (rawBody: string | Buffer, appSecret: string) => `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

const wamid = () => `wamid.${randomBytes(24).toString("base64url")}`;
const fbtrace = () => randomBytes(8).toString("base64url");
const unixSeconds = (t: Date | number | undefined) =>
  String(t === undefined ? Math.floor(Date.now() / 1000) : t instanceof Date ? Math.floor(t.getTime() / 1000) : Math.floor(t));
const waId = (phone: string) => (/^\d{10}$/.test(phone) ? `91${phone}` : phone.replace(/^\+/, ""));

/** what Meta answers by status when the test names no error */
function defaultError(status: number): MetaError {
  if (status === 401) return { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190 };
  if (status === 429) return { message: "(#130429) Rate limit hit", type: "OAuthException", code: 130429 };
  if (status >= 500) return { message: "(#131000) Something went wrong", type: "OAuthException", code: 131000 };
  return {
    message: "(#132001) Template name does not exist in the translation",
    type: "OAuthException",
    code: 132001,
    error_data: { messaging_product: "whatsapp", details: "template name does not exist in the translation" },
  };
}

const missing = (parameter: string): MetaError => ({
  message: `(#100) The parameter ${parameter} is required.`,
  type: "OAuthException",
  code: 100,
});

/** what Meta would refuse in a template message body, or null */
function problemOf(body: unknown): MetaError | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return missing("messaging_product");
  const b = body as Record<string, unknown>;
  if (b.messaging_product !== "whatsapp") return missing("messaging_product");
  if (typeof b.to !== "string" || !b.to.trim()) return missing("to");
  if (!/^\+?\d{8,15}$/.test(b.to)) {
    return { message: "(#100) Invalid parameter", type: "OAuthException", code: 100, error_data: { details: "to: not a phone number" } };
  }
  if (b.type !== "template") return { message: "(#100) Param type must be template for this stand-in", type: "OAuthException", code: 100 };
  const template = b.template as Record<string, unknown> | undefined;
  if (typeof template !== "object" || template === null) return missing("template");
  if (typeof template.name !== "string" || !template.name) return missing("template['name']");
  const language = template.language as Record<string, unknown> | undefined;
  if (typeof language !== "object" || language === null || typeof language.code !== "string" || !language.code) {
    return missing("template['language']");
  }
  if (template.components !== undefined) {
    if (!Array.isArray(template.components)) return missing("template['components']");
    for (const component of template.components as Record<string, unknown>[]) {
      if (!Array.isArray(component?.parameters)) return missing("components['parameters']");
      for (const p of component.parameters as Record<string, unknown>[]) {
        if (p?.type !== "text" || typeof p.text !== "string" || !p.text.trim()) {
          return {
            message: "(#131008) Required parameter is missing",
            type: "OAuthException",
            code: 131008,
            error_data: { messaging_product: "whatsapp", details: "body parameter text is missing or empty" },
          };
        }
      }
    }
  }
  return null;
}

interface TemplateBody {
  name: string;
  language: { code: string };
  components?: { type?: string; parameters?: { text?: string }[] }[];
}

function paramsOf(template: TemplateBody): string[] {
  const body = template.components?.find((c) => c.type === "body");
  return (body?.parameters ?? []).map((p) => String(p.text));
}

export async function startWhatsAppStandIn(opts: WhatsAppStandInOptions = {}): Promise<WhatsAppStandIn> {
  const token = opts.token ?? `EAAG${randomBytes(24).toString("hex")}`;
  const phoneNumberId = opts.phoneNumberId ?? "106540352242922";
  const businessAccountId = opts.businessAccountId ?? "102290129340398";
  const displayPhoneNumber = opts.displayPhoneNumber ?? "919876500000";
  const sent: WhatsAppStandInSent[] = [];
  const requests: WhatsAppStandInRequest[] = [];
  const failures: { status: number | "timeout"; error: MetaError }[] = [];
  const hanging = new Set<http.ServerResponse>();

  const answer = (res: http.ServerResponse, status: number, body: object) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, status: number, error: MetaError) => answer(res, status, { error: { ...error, fbtrace_id: fbtrace() } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // not JSON: refused below like Meta refuses it
        body = null;
      }
      const authorized = req.headers.authorization === `Bearer ${token}`;
      requests.push({ method, path, authorized, body });

      const route = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
      if (!route) return refuse(res, 400, { message: `Unknown path components: ${path}`, type: "OAuthException", code: 2500 });
      if (method !== "POST") return refuse(res, 400, { message: "Unsupported get request.", type: "GraphMethodException", code: 100 });
      if (!authorized) return refuse(res, 401, defaultError(401));

      const failure = failures.shift();
      if (failure?.status === "timeout") {
        hanging.add(res);
        return;
      }
      if (failure) return refuse(res, failure.status, failure.error);

      if (decodeURIComponent(route[1]!) !== phoneNumberId) {
        return refuse(res, 400, {
          message: `Unsupported post request. Object with ID '${route[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          type: "GraphMethodException",
          code: 100,
          error_subcode: 33,
        });
      }
      const problem = problemOf(body);
      if (problem) return refuse(res, 400, problem);

      const message = body as { to: string; template: TemplateBody };
      const id = wamid();
      sent.push({
        to: message.to,
        templateName: message.template.name,
        language: message.template.language.code,
        params: paramsOf(message.template),
        id,
        body,
      });
      const input = message.to;
      return answer(res, 200, { messaging_product: "whatsapp", contacts: [{ input, wa_id: input.replace(/^\+/, "") }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));

  const envelope = (value: object) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: businessAccountId,
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });

  const signed = (appSecret: string, payload: object): SignedWebhook => {
    const rawBody = JSON.stringify(payload);
    return { rawBody, headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsAppWebhook(rawBody, appSecret) } };
  };

  const statusWebhook = (appSecret: string, input: StatusWebhookInput) => {
    const recipient = input.recipientPhone ?? sent.find((s) => s.id === input.id)?.to ?? "919999999999";
    const status = {
      id: input.id,
      status: input.status,
      timestamp: unixSeconds(input.timestamp),
      recipient_id: waId(recipient),
      // Meta adds what the conversation costs to the statuses it bills for
      ...(input.status === "failed"
        ? { errors: input.errors ?? [{ code: 131026, title: "Message undeliverable" }] }
        : {
            conversation: { id: randomBytes(16).toString("hex"), origin: { type: "utility" } },
            pricing: { billable: true, pricing_model: "CBP", category: "utility" },
            ...(input.errors ? { errors: input.errors } : {}),
          }),
    };
    return signed(appSecret, envelope({ statuses: [status] }));
  };

  const inboundWebhook = (appSecret: string, input: InboundWebhookInput) => {
    const from = waId(input.from);
    return signed(
      appSecret,
      envelope({
        contacts: [{ profile: { name: input.name ?? "Buyer" }, wa_id: from }],
        messages: [{ from, id: input.id ?? wamid(), timestamp: unixSeconds(input.timestamp), type: "text", text: { body: input.text } }],
      }),
    );
  };

  const post = async (webhookUrl: string, webhook: SignedWebhook) => {
    const response = await fetch(webhookUrl, { method: "POST", headers: webhook.headers, body: webhook.rawBody });
    await response.arrayBuffer();
    return response.status;
  };

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    token,
    phoneNumberId,
    sent,
    requests,
    failNext(status, times = 1, error) {
      const base = status === "timeout" ? defaultError(500) : defaultError(status);
      const full: MetaError = typeof error === "string" ? { ...base, message: error } : { ...base, ...error };
      for (let i = 0; i < times; i++) failures.push({ status, error: full });
    },
    postStatus: (webhookUrl, appSecret, input) => post(webhookUrl, statusWebhook(appSecret, input)),
    postInbound: (webhookUrl, appSecret, input) => post(webhookUrl, inboundWebhook(appSecret, input)),
    statusWebhook,
    inboundWebhook,
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
