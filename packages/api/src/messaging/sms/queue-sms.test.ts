// SMS through the outbox at procedure depth (issue 29, contracts/otp-and-sms.md "Sending"): the
// filled DLT text or a "skipped" row without a template, the outbox job sending SMS with the provider
// (even without SMTP), retries on a retryable refusal, no retry on the others, the template as it is
// at sending time, the owner's outbox list by channel, and the shipment SMS beside its mail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MessageTemplateKind } from "@store/domain";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { JOBS } from "../../jobs/registry.ts";
import { RETRY_DELAYS_MINUTES, sendDueMessages } from "../outbox-sender.ts";
import { placeOrderForShipping, shipManually } from "../../shipments/shipments-testing.ts";
import { NO_TEMPLATE, queueSms } from "./queue-sms.ts";
import { SmsProviderError, type SmsProvider, type SmsSend } from "./port.ts";

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  await env.handle.db.messageTemplate.deleteMany({});
  // each test sends what it queued itself
  await env.handle.db.outboxMessage.updateMany({
    where: { status: { in: ["queued", "failed", "waiting"] } },
    data: { status: "cancelled", nextAttemptAt: null },
  });
});

const OTP_TEXT = "{#var#} is your Clean Store login code, valid for {#var#} minutes. - Clean Store";
const PHONE = "9876543210";

function register(kind: MessageTemplateKind, text: string, providerTemplateId?: string) {
  return env.admin.messagingTemplates.create({ channel: "sms", kind, dltTemplateId: "1107161234567890123", senderId: "CLNSTR", text, providerTemplateId });
}

const queue = (kind: MessageTemplateKind, variables: string[], phone = PHONE) => env.handle.db.$transaction((tx) => queueSms(tx, { kind, phone, variables }));

interface Recorder extends SmsProvider {
  sent: SmsSend[];
  /** what the next sends throw, in turn */
  failures: Error[];
}
function recordingProvider(): Recorder {
  const r: Recorder = {
    name: "recorder",
    sent: [],
    failures: [],
    send(message) {
      const failure = r.failures.shift();
      if (failure) return Promise.reject(failure);
      r.sent.push(message);
      return Promise.resolve({ providerMessageId: `rec-${r.sent.length}` });
    },
  };
  return r;
}

/** one run of the outbox job with this provider and no SMTP; the log lines it wrote */
async function runOutbox(sms: SmsProvider | null) {
  const lines: string[] = [];
  const handled = await JOBS.outbox.run(
    { db: env.handle.db, services: { ...env.services, sms }, log: { warn: (details, message) => lines.push(JSON.stringify(details) + message) } },
    new AbortController().signal,
  );
  return { handled, lines };
}

const row = (messageId: number) => env.handle.db.outboxMessage.findUniqueOrThrow({ where: { messageId } });

describe("queueSms", () => {
  it("writes the kind's registered text filled with the variables, its template and variables", async () => {
    const t = await register("otp", OTP_TEXT);
    const r = await queue("otp", ["482910", "5"]);
    expect(r.queued).toBe(true);
    expect(await row(r.messageId)).toMatchObject({
      channel: "sms",
      kind: "otp",
      recipient: PHONE,
      subject: "SMS: otp",
      html: "",
      text: "482910 is your Clean Store login code, valid for 5 minutes. - Clean Store",
      templateId: t.templateId,
      variables: JSON.stringify(["482910", "5"]),
      status: "queued",
    });
  });

  it("without a template: a skipped row that no worker takes, no text and no variables kept", async () => {
    const r = await queue("otp", ["482910", "5"]);
    expect(r.queued).toBe(false);
    const skipped = await row(r.messageId);
    expect(skipped).toMatchObject({
      channel: "sms",
      status: "skipped",
      lastError: NO_TEMPLATE,
      nextAttemptAt: null,
      text: "",
      variables: null,
      templateId: null,
    });
    const sms = recordingProvider();
    expect((await runOutbox(sms)).handled).toBe(0);
    expect(sms.sent).toHaveLength(0);
  });

  it("refuses the wrong number of variables without naming them", async () => {
    await expect(queue("otp", ["482910"])).rejects.toThrow("queueSms(otp) takes 2 variables (code, minutes), got 1.");
    await expect(queue("otp", ["482910"])).rejects.not.toThrow("482910");
  });
});

describe("the outbox job sends SMS", () => {
  it("through the provider with the DLT template, even without SMTP; the row becomes sent with the provider's id", async () => {
    const t = await register("otp", OTP_TEXT, "65f0c0ffee");
    const { messageId } = await queue("otp", ["111222", "5"]);
    const welcome = await env.newCustomer(); // its welcome mail waits: there is no SMTP
    const sms = recordingProvider();
    expect((await runOutbox(sms)).handled).toBe(1);
    expect(sms.sent).toEqual([
      {
        phone: PHONE,
        text: "111222 is your Clean Store login code, valid for 5 minutes. - Clean Store",
        dltTemplateId: "1107161234567890123",
        senderId: "CLNSTR",
        providerTemplateId: "65f0c0ffee",
        variables: ["111222", "5"],
      },
    ]);
    expect(await row(messageId)).toMatchObject({ status: "sent", providerMessageId: "rec-1", attempts: 1, templateId: t.templateId });
    expect(await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: welcome.fields.email } })).toMatchObject({ status: "waiting" });
    expect((await runOutbox(sms)).handled).toBe(0);
  });

  it("without a provider SMS wait, and an e-mail-only worker leaves them alone", async () => {
    await register("otp", OTP_TEXT);
    const { messageId } = await queue("otp", ["111222", "5"]);
    expect((await runOutbox(null)).handled).toBe(0);
    const mails: string[] = [];
    const transport = {
      send: (m: { to: string }) => {
        mails.push(m.to);
        return Promise.resolve();
      },
      close: () => {},
    };
    await sendDueMessages(env.handle.db, transport, { from: "Clean Store <orders@cleanstore.test>" });
    expect(mails).not.toContain(PHONE);
    expect(await row(messageId)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("a retryable refusal is retried on the outbox's schedule; the log never shows the code", async () => {
    await register("otp", OTP_TEXT);
    const { messageId } = await queue("otp", ["909090", "5"]);
    const sms = recordingProvider();
    sms.failures.push(new SmsProviderError("MSG91 answered 503", true, 503));
    const { lines } = await runOutbox(sms);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("909090");
    const failed = await row(messageId);
    expect(failed).toMatchObject({ status: "failed", lastError: "MSG91 answered 503", attempts: 1 });
    const delayMs = failed.nextAttemptAt!.getTime() - Date.now();
    expect(delayMs).toBeGreaterThan((RETRY_DELAYS_MINUTES[0] - 0.5) * 60_000);
    expect(delayMs).toBeLessThanOrEqual(RETRY_DELAYS_MINUTES[0] * 60_000);
    // not before its time; then it goes
    expect((await runOutbox(sms)).handled).toBe(0);
    await sendDueMessages(env.handle.db, null, { from: "", sms, now: new Date(Date.now() + 2 * 60_000) });
    expect(await row(messageId)).toMatchObject({ status: "sent", attempts: 2, providerMessageId: "rec-1", lastError: null });
    const attempts = await env.handle.db.outboxAttempt.findMany({ where: { messageId }, orderBy: { attemptId: "asc" } });
    expect(attempts.map((a) => a.ok)).toEqual([false, true]);
  });

  it("a refusal another try cannot change is given up at once", async () => {
    await register("otp", OTP_TEXT);
    const { messageId } = await queue("otp", ["333444", "5"]);
    const sms = recordingProvider();
    sms.failures.push(new SmsProviderError("MSG91 refused the number", false, 400));
    await runOutbox(sms);
    expect(await row(messageId)).toMatchObject({ status: "failed", lastError: "MSG91 refused the number", nextAttemptAt: null, attempts: 1 });
  });

  it("sends the template as it is now: a corrected text goes out corrected, a deleted one fails without retry", async () => {
    const t = await register("delivered", "Your order {#var#} was delivered. - Clean Store");
    const corrected = await queue("delivered", ["ORD-1"]);
    const removed = await queue("delivered", ["ORD-2"], "9123456780");
    await env.admin.messagingTemplates.update({ templateId: t.templateId, text: "Clean Store: your order {#var#} has been delivered." });
    const sms = recordingProvider();
    await sendDueMessages(env.handle.db, null, { from: "", sms, limit: 1 });
    expect(sms.sent.map((s) => s.text)).toEqual(["Clean Store: your order ORD-1 has been delivered."]);
    expect(await row(corrected.messageId)).toMatchObject({ status: "sent", text: "Clean Store: your order ORD-1 has been delivered." });
    await env.admin.messagingTemplates.remove({ templateId: t.templateId });
    await runOutbox(sms);
    expect(await row(removed.messageId)).toMatchObject({ status: "failed", lastError: "template removed", nextAttemptAt: null });
    expect(sms.sent).toHaveLength(1);
  });
});

describe("the owner's outbox", () => {
  it("lists e-mail by default and SMS with channel=sms, each row with its channel; the text is readable; resend queues it again", async () => {
    await register("otp", OTP_TEXT);
    const { messageId } = await queue("otp", ["765432", "5"], "9000000001");
    const skipped = await queue("cod_confirm", ["123456", "ORD-9", "₹499.00"], "9000000001");
    await runOutbox(env.services.sms);
    const smsPage = await env.admin.emails.page({ page: 1, search: "9000000001", channel: "sms" });
    expect(smsPage.items.map((i) => [i.messageId, i.channel, i.status])).toEqual([
      [skipped.messageId, "sms", "skipped"],
      [messageId, "sms", "sent"],
    ]);
    expect(smsPage.items[1]!.providerMessageId).toMatch(/^console-/);
    expect((await env.admin.emails.page({ page: 1, search: "9000000001" })).items).toEqual([]);
    expect((await env.admin.emails.page({ page: 1, search: "9000000001", channel: "all" })).total).toBe(2);
    expect((await env.admin.emails.page({ page: 1, search: "9000000001", channel: "sms", status: "skipped" })).items).toHaveLength(1);
    expect(await env.admin.emails.byId({ messageId })).toMatchObject({
      channel: "sms",
      text: "765432 is your Clean Store login code, valid for 5 minutes. - Clean Store",
    });

    const again = await env.admin.emails.resend({ messageId });
    expect(await row(again.messageId)).toMatchObject({ channel: "sms", status: "queued", recipient: "9000000001", variables: JSON.stringify(["765432", "5"]) });
    await expect(env.admin.emails.resend({ messageId: skipped.messageId })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "SMS_NOT_RESENDABLE" }),
    });
  });
});

describe("shipment SMS", () => {
  it("Picked up sends the shipped SMS to the order's phone with the AWB and the tracking link; a kind without a template is skipped", async () => {
    await register("shipped", "Your Clean Store order {#var#} is shipped, AWB {#var#}. Track: {#var#}");
    const order = await placeOrderForShipping(env);
    const { phone } = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: order.productOrderId } });
    expect(phone).toMatch(/^\d{10}$/);
    const box = await shipManually(env, order.productOrderId);
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Picked up", location: "Pune" });
    const sms = await env.handle.db.outboxMessage.findMany({ where: { channel: "sms", recipient: phone! }, orderBy: { messageId: "asc" } });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ kind: "shipped", status: "queued" });
    expect(sms[0]!.text).toMatch(new RegExp(`^Your Clean Store order ${order.productOrderId} is shipped, AWB ${box.awb}\\. Track: https?://\\S+$`));
    expect(JSON.parse(sms[0]!.variables!)).toEqual([order.productOrderId, box.awb, expect.stringMatching(/^https?:\/\//)]);
    // the mail still goes beside it
    expect(
      await env.handle.db.outboxMessage.count({ where: { channel: "email", kind: "shipment-update", subject: { contains: order.productOrderId } } }),
    ).toBeGreaterThan(0);

    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Out for delivery" });
    const next = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone! }, orderBy: { messageId: "desc" } });
    expect(next).toMatchObject({ kind: "out_for_delivery", status: "skipped", lastError: NO_TEMPLATE });
  });
});
