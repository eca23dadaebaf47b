// The MSG91 adapter against the local stand-in of MSG91's documented Flow API: what a send puts on the
// wire, the request id it hands back, and which refusals the outbox may retry. The authkey never
// leaves in an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsProviderError, type SmsProvider, type SmsSend } from "../port.ts";
import { createMsg91SmsProvider } from "./adapter.ts";
import { startMsg91StandIn, type Msg91StandIn } from "./stand-in.ts";

const AUTH_KEY = "417236AbCdEfGhIjKlMnOp1a2b3c";

let msg91: Msg91StandIn;
let sms: SmsProvider;

const message = (over: Partial<SmsSend> = {}): SmsSend => ({
  phone: "9876543210",
  text: "Your Zz Store login code is 482913. It is valid for 5 minutes.",
  dltTemplateId: "1107161234567890123",
  senderId: "ZZSTOR",
  providerTemplateId: "65a1b2c3d4e5f60718293a4b",
  variables: ["482913", "5"],
  ...over,
});

/** the SmsProviderError a send ends in */
async function refusal(provider: SmsProvider, m: SmsSend = message()): Promise<SmsProviderError> {
  const error = await provider.send(m).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsProviderError);
  const failure = error as SmsProviderError;
  expect(failure.message).not.toContain(AUTH_KEY);
  return failure;
}

beforeAll(async () => {
  msg91 = await startMsg91StandIn({ authKey: AUTH_KEY });
  sms = createMsg91SmsProvider({ authKey: AUTH_KEY, apiBase: `${msg91.url}/`, timeoutMs: 300 });
});
afterAll(() => msg91.close());

describe("a send", () => {
  it("posts the Flow body: MSG91's template id, short_url off, 91 and the number, VAR1… in order", async () => {
    const before = msg91.state.requests.length;
    const answer = await sms.send(message({ variables: ["PO-2026-0042", "AWB123", "https://zz.example/t/42"] }));
    const request = msg91.state.requests.at(-1);
    expect(msg91.state.requests.length - before).toBe(1);
    expect(request).toMatchObject({ method: "POST", path: "/api/v5/flow/", authorized: true });
    expect(request?.body).toEqual({
      template_id: "65a1b2c3d4e5f60718293a4b",
      short_url: "0",
      recipients: [{ mobiles: "919876543210", VAR1: "PO-2026-0042", VAR2: "AWB123", VAR3: "https://zz.example/t/42" }],
    });
    // the variable order survives the JSON object's key order
    expect(Object.keys((request?.body as { recipients: object[] }).recipients[0] ?? {})).toEqual(["mobiles", "VAR1", "VAR2", "VAR3"]);
    expect(answer.providerMessageId).toMatch(/^[0-9a-f]{24}$/);
    expect(answer.providerMessageId).toBe(msg91.state.sent.at(-1)?.requestId);
    expect(msg91.state.sent.at(-1)).toMatchObject({ mobile: "919876543210", templateId: "65a1b2c3d4e5f60718293a4b", shortUrl: "0" });
  });

  it("uses the DLT template id when the template has no MSG91 id, and sends no VAR for no variables", async () => {
    await sms.send(message({ providerTemplateId: null, variables: [] }));
    expect(msg91.state.requests.at(-1)?.body).toEqual({
      template_id: "1107161234567890123",
      short_url: "0",
      recipients: [{ mobiles: "919876543210" }],
    });
  });

  it("refuses a number that is not a 10-digit Indian mobile without calling MSG91", async () => {
    const before = msg91.state.requests.length;
    const error = await refusal(sms, message({ phone: "+919876543210" }));
    expect(error.retryable).toBe(false);
    expect(msg91.state.requests.length).toBe(before);
  });
});

describe("a refusal", () => {
  it("a wrong authkey is not retryable, and the key sent is in no error", async () => {
    const wrong = createMsg91SmsProvider({ authKey: `${AUTH_KEY}x`, apiBase: msg91.url, timeoutMs: 300 });
    const error = await refusal(wrong);
    expect(msg91.state.requests.at(-1)?.authorized).toBe(false);
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toContain("Authentication failure");
    expect(error.message).not.toContain(`${AUTH_KEY}x`);
  });

  it("a 500 is retryable, and so is a proxy's HTML 502", async () => {
    msg91.failNext({ status: 500 });
    expect(await refusal(sms)).toMatchObject({ retryable: true, status: 500 });
    msg91.failNext({ status: 502, body: "<html><body>Bad Gateway</body></html>" });
    const error = await refusal(sms);
    expect(error).toMatchObject({ retryable: true, status: 502 });
    expect(error.message).toContain("HTTP 502");
  });

  it("a 429 is retryable", async () => {
    msg91.failNext({ status: 429, body: { type: "error", message: "Too many requests" } });
    expect(await refusal(sms)).toMatchObject({ retryable: true, status: 429 });
  });

  it("a timeout is retryable", async () => {
    msg91.failNext("timeout");
    const error = await refusal(sms);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("did not answer in time");
  });

  it("a server that cannot be reached is retryable", async () => {
    const gone = await startMsg91StandIn({ authKey: AUTH_KEY });
    await gone.close();
    const error = await refusal(createMsg91SmsProvider({ authKey: AUTH_KEY, apiBase: gone.url, timeoutMs: 300 }));
    expect(error.retryable).toBe(true);
  });

  it('type "error" with HTTP 200 (a template not approved) is not retryable and says why', async () => {
    msg91.failNext({ type: "error", message: "Template ID is not approved" });
    const error = await refusal(sms);
    expect(error).toMatchObject({ retryable: false, status: 200 });
    expect(error.message).toContain("Template ID is not approved");
  });

  it("another 4xx (a body MSG91 rejects) is not retryable", async () => {
    msg91.failNext({ status: 400, body: { type: "error", message: "Mobile number is invalid" } });
    expect(await refusal(sms)).toMatchObject({ retryable: false, status: 400 });
  });

  it("an answer that echoes the authkey has it taken out", async () => {
    msg91.failNext({ type: "error", message: `Invalid authkey ${AUTH_KEY} for this route` });
    const error = await refusal(sms);
    expect(error.message).toContain("Invalid authkey [authkey] for this route");
  });

  it("an HTTP 200 that is neither success nor error is not retried (the message may have gone)", async () => {
    msg91.failNext({ status: 200, body: { ok: true } });
    expect(await refusal(sms)).toMatchObject({ retryable: false, status: 200 });
  });
});
