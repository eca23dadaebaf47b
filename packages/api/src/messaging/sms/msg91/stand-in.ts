// A small local stand-in for the part of MSG91's HTTP API the store uses (the Flow API,
// `POST /api/v5/flow/`), so tests run the real adapter over real HTTP. Start it, point MSG91_API_BASE
// (or the adapter's apiBase) at `url`, and read what it received in `state`:
//
//   const msg91 = await startMsg91StandIn();
//   const sms = createMsg91SmsProvider({ authKey: msg91.authKey, apiBase: msg91.url });
//   msg91.failNext({ status: 500 });   // or "timeout", or { type: "error", message: "…" } (an HTTP 200 refusal)
//   msg91.state.sent[0];                // { requestId, templateId, mobile, variables: { VAR1: … } }
//   await msg91.close();
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Msg91StandInRequest {
  method: string;
  path: string;
  /** whether the authkey header was the stand-in's key (the key itself is not kept) */
  authorized: boolean;
  /** the JSON body exactly as received (null when it was not JSON) */
  body: unknown;
}

export interface Msg91StandInSent {
  /** the request id answered, which the adapter returns as providerMessageId */
  requestId: string;
  templateId: string;
  shortUrl: unknown;
  /** with its country code: 91XXXXXXXXXX */
  mobile: string;
  /** VAR1, VAR2, … as received */
  variables: Record<string, string>;
}

export interface Msg91StandInState {
  requests: Msg91StandInRequest[];
  /** one entry per recipient of an accepted request */
  sent: Msg91StandInSent[];
}

/** a status with MSG91's error body (or the given one, or text such as a proxy's HTML page), a hang, or an HTTP 200 refusal */
export type Msg91StandInFailure = { status: number; body?: object | string } | "timeout" | { type: "error"; message: string };

export interface Msg91StandIn {
  url: string;
  authKey: string;
  state: Msg91StandInState;
  /** the next request (queued: each call adds one) answers this way instead of sending */
  failNext(how: Msg91StandInFailure): void;
  close(): Promise<void>;
}

const FLOW_PATHS = new Set(["/api/v5/flow/", "/api/v5/flow"]);
const MOBILE = /^91[6-9]\d{9}$/;
const VARIABLE = /^VAR\d+$/;

/** what is wrong with a Flow body, or null */
function problemOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "The request body must be a JSON object.";
  const { template_id: templateId, recipients } = body as Record<string, unknown>;
  if (typeof templateId !== "string" || !templateId.trim()) return "template_id is required.";
  if (!Array.isArray(recipients) || recipients.length === 0) return "recipients is required.";
  for (const recipient of recipients) {
    if (typeof recipient !== "object" || recipient === null) return "Each recipient must be an object.";
    const { mobiles, ...rest } = recipient as Record<string, unknown>;
    if (typeof mobiles !== "string" || !MOBILE.test(mobiles)) return "Mobile number is invalid: use 91 followed by 10 digits.";
    for (const [key, value] of Object.entries(rest)) {
      if (VARIABLE.test(key) && typeof value !== "string") return `${key} must be a string.`;
    }
  }
  return null;
}

export async function startMsg91StandIn(opts: { authKey?: string } = {}): Promise<Msg91StandIn> {
  const authKey = opts.authKey ?? `standin${randomBytes(12).toString("hex")}`;
  const state: Msg91StandInState = { requests: [], sent: [] };
  const failures: Msg91StandInFailure[] = [];
  const hanging = new Set<http.ServerResponse>();

  const send = (res: http.ServerResponse, status: number, body: object) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, status: number, message: string) => send(res, status, { type: "error", message });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      let body: unknown = null;
      let isJson = true;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        isJson = false;
      }
      const authorized = req.headers.authkey === authKey;
      state.requests.push({ method, path, authorized, body });

      const failure = failures.shift();
      if (failure === "timeout") {
        hanging.add(res);
        return;
      }
      if (failure && "type" in failure) return send(res, 200, { type: "error", message: failure.message });
      if (failure) {
        if (typeof failure.body === "string") return res.writeHead(failure.status, { "content-type": "text/html" }).end(failure.body);
        return send(res, failure.status, failure.body ?? { type: "error", message: "The stand-in was told to fail." });
      }

      if (!FLOW_PATHS.has(path)) return refuse(res, 404, "Not found.");
      if (method !== "POST") return refuse(res, 405, "Method not allowed.");
      if (!authorized) return refuse(res, 401, "Authentication failure");
      if (!isJson) return refuse(res, 400, "The request body is not JSON.");
      const problem = problemOf(body);
      if (problem) return refuse(res, 400, problem);

      const flow = body as { template_id: string; short_url?: unknown; recipients: Record<string, unknown>[] };
      // like MSG91's: 24 hex characters
      const requestId = randomBytes(12).toString("hex");
      for (const recipient of flow.recipients) {
        const variables: Record<string, string> = {};
        for (const [key, value] of Object.entries(recipient)) if (VARIABLE.test(key)) variables[key] = String(value);
        state.sent.push({ requestId, templateId: flow.template_id, shortUrl: flow.short_url, mobile: String(recipient.mobiles), variables });
      }
      return send(res, 200, { type: "success", message: requestId });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authKey,
    state,
    failNext(how) {
      failures.push(how);
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
