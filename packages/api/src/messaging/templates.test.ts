// The DLT template registry at procedure depth (issue 29, contracts/otp-and-sms.md "SMS channel"):
// the placeholders must be the kind's variables, 19-digit template ids, 6-letter headers, one
// template per kind (a second registration replaces the first), the owner writes and staff reads.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
let staff: ReturnType<TestEnv["as"]>;

beforeAll(async () => {
  env = await createTestEnv();
  const created = await env.admin.staff.create({ name: "Template Staff", email: "template.staff@cleanstore.test", password: "Bucket-And-Mop-2026" });
  staff = env.as({ role: "admin", adminId: created.staff.adminId });
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  await env.handle.db.messageTemplate.deleteMany({});
});

const OTP_TEXT = "{#var#} is your Clean Store login code. It is valid for {#var#} minutes. Do not share it. - Clean Store";
const otpTemplate = (extra: Record<string, unknown> = {}) => ({
  channel: "sms" as const,
  kind: "otp" as const,
  dltTemplateId: "1107161234567890123",
  senderId: "clnstr",
  text: OTP_TEXT,
  ...extra,
});

/** the StoreError behind a rejected call */
async function refusal(call: Promise<unknown>) {
  const e = (await call.then(
    () => null,
    (err: unknown) => err,
  )) as { code?: string; message?: string; cause?: { code?: string } } | null;
  expect(e).not.toBeNull();
  return { trpc: e!.code, code: e!.cause?.code, message: e!.message ?? "" };
}

describe("registering an SMS template", () => {
  it("keeps it with its header upper-cased and lists it with the variables its kind fills in", async () => {
    const t = await env.admin.messagingTemplates.create(otpTemplate({ providerTemplateId: "65f0c0ffee" }));
    expect(t).toMatchObject({
      channel: "sms",
      kind: "otp",
      dltTemplateId: "1107161234567890123",
      senderId: "CLNSTR",
      providerTemplateId: "65f0c0ffee",
      text: OTP_TEXT,
      variables: ["code", "minutes"],
      language: "en",
      active: true,
    });
    const { items } = await env.admin.messagingTemplates.list({ channel: "sms" });
    expect(items.map((i) => [i.templateId, i.kind])).toEqual([[t.templateId, "otp"]]);
  });

  it("refuses a text whose placeholders are not the kind's variables, naming both counts", async () => {
    const one = await refusal(env.admin.messagingTemplates.create(otpTemplate({ text: "{#var#} is your Clean Store code. - Clean Store" })));
    expect(one).toMatchObject({ trpc: "BAD_REQUEST", code: "TEMPLATE_PLACEHOLDERS" });
    expect(one.message).toBe("The text has 1 placeholder ({#var#}) but the kind otp supplies 2 variables: code, minutes.");
    const three = await refusal(env.admin.messagingTemplates.create(otpTemplate({ kind: "delivered", text: "Order {#var#} {#var#} {#var#} delivered" })));
    expect(three.message).toBe("The text has 3 placeholders ({#var#}) but the kind delivered supplies 1 variable: productOrderId.");
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
  });

  it("refuses a DLT template id that is not 19 digits and a header that is not 6 letters", async () => {
    for (const dltTemplateId of ["110716123456789012", "11071612345678901234", "1107161234567890a23", ""]) {
      const r = await refusal(env.admin.messagingTemplates.create(otpTemplate({ dltTemplateId })));
      expect(r.trpc).toBe("BAD_REQUEST");
      expect(r.message).toContain("19 digits");
    }
    for (const senderId of ["CLNST", "CLNSTRE", "CLN5TR", ""]) {
      const r = await refusal(env.admin.messagingTemplates.create(otpTemplate({ senderId })));
      expect(r.trpc).toBe("BAD_REQUEST");
      expect(r.message).toContain("6-letter header");
    }
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
  });

  it("refuses a kind it does not know and the whatsapp channel (issue 30)", async () => {
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ kind: "welcome" })))).message).toContain("kind must be one of");
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ channel: "whatsapp" })))).trpc).toBe("BAD_REQUEST");
  });

  it("one template per kind: registering another replaces it in place", async () => {
    const first = await env.admin.messagingTemplates.create(otpTemplate());
    const second = await env.admin.messagingTemplates.create(
      otpTemplate({ dltTemplateId: "1107169999999999999", text: "Clean Store: {#var#} is your code, valid {#var#} min." }),
    );
    expect(second.templateId).toBe(first.templateId);
    expect(second).toMatchObject({ dltTemplateId: "1107169999999999999", text: "Clean Store: {#var#} is your code, valid {#var#} min." });
    expect(await env.handle.db.messageTemplate.count()).toBe(1);
  });

  it("lists WhatsApp rows too (issue 30 fills them in), and filters by channel", async () => {
    await env.admin.messagingTemplates.create(otpTemplate());
    await env.handle.db.messageTemplate.create({
      data: { channel: "whatsapp", kind: "shipped", text: "Your order {{1}} is on its way", name: "order_shipped" },
    });
    expect((await env.admin.messagingTemplates.list({})).items.map((i) => i.channel).sort()).toEqual(["sms", "whatsapp"]);
    expect((await env.admin.messagingTemplates.list({ channel: "whatsapp" })).items).toMatchObject([{ kind: "shipped", name: "order_shipped" }]);
  });
});

describe("changing and deleting a template", () => {
  it("a partial update is checked merged with the row: a new kind must fit the stored text", async () => {
    const t = await env.admin.messagingTemplates.create(otpTemplate());
    const changed = await env.admin.messagingTemplates.update({ templateId: t.templateId, senderId: "shopin" });
    expect(changed).toMatchObject({ senderId: "SHOPIN", text: OTP_TEXT, dltTemplateId: "1107161234567890123" });
    const r = await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, kind: "delivered" }));
    expect(r.message).toBe("The text has 2 placeholders ({#var#}) but the kind delivered supplies 1 variable: productOrderId.");
    const moved = await env.admin.messagingTemplates.update({
      templateId: t.templateId,
      kind: "out_for_delivery",
      text: "Order {#var#} (AWB {#var#}) is out for delivery.",
    });
    expect(moved).toMatchObject({ kind: "out_for_delivery", variables: ["productOrderId", "awb"] });
  });

  it("a kind that has its template already cannot be taken by another: 409", async () => {
    const otp = await env.admin.messagingTemplates.create(otpTemplate());
    await env.admin.messagingTemplates.create(otpTemplate({ kind: "delivered", text: "Order {#var#} delivered. - Clean Store" }));
    const r = await refusal(env.admin.messagingTemplates.update({ templateId: otp.templateId, kind: "delivered", text: "Order {#var#} delivered!" }));
    expect(r).toMatchObject({ trpc: "CONFLICT", code: "TEMPLATE_KIND_TAKEN" });
  });

  it("deletes a template; a missing one is 404", async () => {
    const t = await env.admin.messagingTemplates.create(otpTemplate());
    expect(await env.admin.messagingTemplates.remove({ templateId: t.templateId })).toMatchObject({ success: true });
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
    expect(await refusal(env.admin.messagingTemplates.remove({ templateId: t.templateId }))).toMatchObject({ trpc: "NOT_FOUND" });
    expect(await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, senderId: "CLNSTR" }))).toMatchObject({ trpc: "NOT_FOUND" });
  });

  it("each write is in the audit trail", async () => {
    const t = await env.admin.messagingTemplates.create(otpTemplate());
    await env.admin.messagingTemplates.update({ templateId: t.templateId, senderId: "SHOPIN" });
    await env.admin.messagingTemplates.remove({ templateId: t.templateId });
    const entries = await env.handle.db.auditEntry.findMany({
      where: { entity: "message template", entityId: String(t.templateId) },
      orderBy: { auditId: "asc" },
    });
    expect(entries.map((e) => e.summary)).toEqual([
      expect.stringContaining("registered the message template"),
      expect.stringContaining("changed the message template"),
      expect.stringContaining("deleted the message template"),
    ]);
  });
});

describe("who may", () => {
  it("staff read the templates but cannot write them; customers and guests neither", async () => {
    const t = await env.admin.messagingTemplates.create(otpTemplate());
    expect((await staff.messagingTemplates.list({ channel: "sms" })).items).toHaveLength(1);
    expect(await refusal(staff.messagingTemplates.create(otpTemplate()))).toMatchObject({ trpc: "FORBIDDEN" });
    expect(await refusal(staff.messagingTemplates.update({ templateId: t.templateId, senderId: "SHOPIN" }))).toMatchObject({ trpc: "FORBIDDEN" });
    expect(await refusal(staff.messagingTemplates.remove({ templateId: t.templateId }))).toMatchObject({ trpc: "FORBIDDEN" });
    const customer = await env.newCustomer();
    expect(await refusal(customer.caller.messagingTemplates.list({}))).toMatchObject({ trpc: "FORBIDDEN" });
    expect(await refusal(env.anonymous.messagingTemplates.list({}))).toMatchObject({ trpc: "UNAUTHORIZED" });
    expect(await env.handle.db.messageTemplate.findUniqueOrThrow({ where: { templateId: t.templateId } })).toMatchObject({ senderId: "CLNSTR" });
  });
});
