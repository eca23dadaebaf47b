// The MSG91 adapter, written against its documented Flow (template) API (INDIA.md "SMS and WhatsApp"):
// `POST /api/v5/flow/` with the `authkey` header, one recipient per call, the variables named VAR1,
// VAR2, … in the template's order. A local stand-in of the API for tests: stand-in.ts.
//
// The owner's setup at MSG91: one MSG91 SMS template per store template, created in the MSG91 panel
// with the DLT template id, the sender id and the exact DLT-registered text, its variables written
// ##VAR1##, ##VAR2##, … in the order of the store template's {#var#} placeholders (KIND_VARIABLES in
// @store/domain). Its MSG91 template id goes into the store template's `providerTemplateId`.
// The DLT template id travels with the MSG91 template, so it is not sent on each call (`DLT_TE_ID` is a
// parameter of MSG91's older send-SMS APIs, not of the Flow API).
import { SmsProviderError, type SmsProvider, type SmsSend } from "../port.ts";

export interface Msg91Options {
  authKey: string;
  /** default https://control.msg91.com; a local stand-in in tests */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface FlowAnswer {
  type?: unknown;
  message?: unknown;
}

/** an Indian mobile number: 10 digits starting 6–9 */
const MOBILE = /^[6-9]\d{9}$/;

/** The Flow API body for one message: `mobiles` with the country code, then VAR1… in order. */
export function msg91FlowBody(message: SmsSend) {
  const recipient: Record<string, string> = { mobiles: `91${message.phone}` };
  message.variables.forEach((value, i) => {
    recipient[`VAR${i + 1}`] = value;
  });
  // short_url off: MSG91 would rewrite links, and a rewritten text no longer matches its DLT template
  return { template_id: message.providerTemplateId ?? message.dltTemplateId, short_url: "0", recipients: [recipient] };
}

export function createMsg91SmsProvider(opts: Msg91Options): SmsProvider {
  const base = (opts.apiBase ?? "https://control.msg91.com").replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const authKey = opts.authKey;

  /** MSG91's own words, shortened, with the key taken out should an answer ever echo it */
  const words = (text: string) => (authKey ? text.split(authKey).join("[authkey]") : text).trim().slice(0, 300);

  return {
    name: "msg91",

    async send(message) {
      if (!MOBILE.test(message.phone)) throw new SmsProviderError("MSG91 takes a 10-digit Indian mobile number.", false);

      let response: Response;
      let raw: string;
      try {
        response = await doFetch(`${base}/api/v5/flow/`, {
          method: "POST",
          headers: { authkey: authKey, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(msg91FlowBody(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new SmsProviderError(timedOut ? "MSG91 did not answer in time." : "MSG91 could not be reached.", true);
      }

      let answer: FlowAnswer | null = null;
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (typeof parsed === "object" && parsed !== null) answer = parsed;
      } catch {
        // an HTML error page from a proxy: the status says enough
      }
      const said = typeof answer?.message === "string" && answer.message.trim() ? words(answer.message) : null;

      if (!response.ok) {
        const retryable = response.status === 429 || response.status === 408 || response.status >= 500;
        throw new SmsProviderError(`MSG91 refused the message: ${said ?? `HTTP ${response.status}`}`, retryable, response.status);
      }
      // MSG91 reports some refusals (a template not approved, a wrong variable) with HTTP 200
      if (answer?.type === "error") throw new SmsProviderError(`MSG91 refused the message: ${said ?? "no reason given"}`, false, response.status);
      if (answer?.type !== "success") {
        // not retried: the message may have gone, and a second copy of an OTP confuses more than a missing one
        throw new SmsProviderError("MSG91's answer could not be read; the message may or may not have been sent.", false, response.status);
      }
      const requestId = typeof answer.message === "string" ? answer.message.trim() : "";
      return { providerMessageId: requestId || null };
    },
  };
}
