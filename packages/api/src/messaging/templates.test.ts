// The template registry at procedure depth (issue 29, contracts/otp-and-sms.md "SMS channel"; issue 30,
// contracts/whatsapp.md "Templates"): an SMS text's placeholders must be the kind's variables, 19-digit
// template ids, 6-letter headers; a WhatsApp template's category must be its kind's and its params from
// the kind's set; one template per channel, kind and language (a second registration replaces the
// first), the owner writes and staff reads.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { activeWhatsAppTemplate } from "./whatsapp/queue-whatsapp.ts";

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

  it("refuses a kind it does not know, a WhatsApp-only kind, WhatsApp fields and a language other than en", async () => {
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ kind: "welcome" })))).message).toContain("kind must be one of");
    const whatsappKind = await refusal(env.admin.messagingTemplates.create(otpTemplate({ kind: "order_placed" })));
    expect(whatsappKind.message).toContain(
      "kind must be one of: otp, cod_confirm, shipped, out_for_delivery, delivered, ndr, grievance_update for an SMS template",
    );
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ name: "login_code" })))).message).toContain("name is for WhatsApp templates only");
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ params: ["otp"] })))).message).toContain("params is for WhatsApp templates only");
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ language: "hi" })))).message).toContain("An SMS template's language is en");
    expect((await refusal(env.admin.messagingTemplates.create(otpTemplate({ text: "  " })))).message).toContain("text is required");
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
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

  it("lists WhatsApp templates too, and filters by channel", async () => {
    await env.admin.messagingTemplates.create(otpTemplate());
    await env.admin.messagingTemplates.create(shippedWhatsApp());
    expect((await env.admin.messagingTemplates.list({})).items.map((i) => i.channel).sort()).toEqual(["sms", "whatsapp"]);
    expect((await env.admin.messagingTemplates.list({ channel: "whatsapp" })).items).toMatchObject([{ kind: "shipped", name: "order_shipped" }]);
  });
});

const shippedWhatsApp = (extra: Record<string, unknown> = {}) => ({
  channel: "whatsapp" as const,
  kind: "shipped" as const,
  name: "order_shipped",
  category: "UTILITY" as const,
  params: ["customerName", "productOrderId", "trackingUrl"] as ("customerName" | "productOrderId" | "trackingUrl")[],
  ...extra,
});

describe("registering a WhatsApp template", () => {
  it("keeps its name, language (en unless told), category and params in order; lists them as params and variables", async () => {
    const t = await env.admin.messagingTemplates.create(shippedWhatsApp({ text: "Hi {{1}}, order {{2}} is on its way: {{3}}" }));
    expect(t).toMatchObject({
      channel: "whatsapp",
      kind: "shipped",
      name: "order_shipped",
      language: "en",
      category: "UTILITY",
      params: ["customerName", "productOrderId", "trackingUrl"],
      variables: ["customerName", "productOrderId", "trackingUrl"],
      text: "Hi {{1}}, order {{2}} is on its way: {{3}}",
      dltTemplateId: null,
      senderId: null,
      active: true,
    });
    const hi = await env.admin.messagingTemplates.create(shippedWhatsApp({ language: "hi", name: "order_shipped_hi", params: [], category: "utility" }));
    expect(hi).toMatchObject({ language: "hi", params: [], text: "", category: "UTILITY" });
    expect(hi.templateId).not.toBe(t.templateId);
    // an SMS template of the same kind is another template
    await env.admin.messagingTemplates.create(otpTemplate({ kind: "shipped", text: "Order {#var#} shipped, AWB {#var#}: {#var#}" }));
    expect(await env.handle.db.messageTemplate.count()).toBe(3);
  });

  it("refuses a category that does not fit the kind (400 TEMPLATE_CATEGORY) naming the kind and the category it needs", async () => {
    const r = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ category: "MARKETING" })));
    expect(r).toMatchObject({ trpc: "BAD_REQUEST", code: "TEMPLATE_CATEGORY" });
    expect(r.message).toBe("A shipped template must be approved in the UTILITY category, not MARKETING.");
    const otp = await refusal(
      env.admin.messagingTemplates.create({ channel: "whatsapp", kind: "otp", name: "login_code", category: "UTILITY", params: ["otp"] }),
    );
    expect(otp.message).toBe("A otp template must be approved in the AUTHENTICATION category, not UTILITY.");
    const cart = await refusal(
      env.admin.messagingTemplates.create({ channel: "whatsapp", kind: "cart_reminder", name: "cart", category: "UTILITY", params: ["cartUrl"] }),
    );
    expect(cart.message).toContain("MARKETING category");
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
  });

  it("refuses a param the kind does not supply (400 TEMPLATE_PARAMS) naming it and the kind's set, and a repeated param", async () => {
    const r = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ params: ["productOrderId", "refundAmount"] })));
    expect(r).toMatchObject({ trpc: "BAD_REQUEST", code: "TEMPLATE_PARAMS" });
    expect(r.message).toBe(
      "The kind shipped does not supply refundAmount: its params are customerName, productOrderId, awb, courierName, trackingUrl, deliverBy.",
    );
    const twice = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ params: ["awb", "productOrderId", "awb"] })));
    expect(twice.message).toContain("params must not repeat a variable: awb is there twice");
    const unknown = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ params: ["pincode"] })));
    expect(unknown.message).toContain("each param must be one of");
    expect(await env.handle.db.messageTemplate.count()).toBe(0);
  });

  it("refuses a name Meta would not have, missing fields naming each, and SMS fields", async () => {
    for (const name of ["Order_Shipped", "order shipped", "order-shipped", "", "x".repeat(121)]) {
      const r = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ name })));
      expect(r.trpc).toBe("BAD_REQUEST");
      expect(r.message).toContain("name must be the template's name as approved in Meta");
    }
    expect(await env.admin.messagingTemplates.create(shippedWhatsApp({ name: "x".repeat(120) }))).toMatchObject({ name: "x".repeat(120) });
    const base = { channel: "whatsapp" as const, kind: "delivered" as const, name: "order_delivered", category: "UTILITY" as const, params: [] };
    for (const field of ["name", "category", "params"] as const) {
      const { [field]: _left, ...rest } = base;
      expect((await refusal(env.admin.messagingTemplates.create(rest))).message).toContain(`${field} is required`);
    }
    const sms = await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ dltTemplateId: "1107161234567890123" })));
    expect(sms.message).toContain("dltTemplateId is for SMS templates only");
    expect((await refusal(env.admin.messagingTemplates.create(shippedWhatsApp({ language: "ta" })))).message).toContain("language must be one of: en, hi");
  });

  it("one template per kind and language: registering another replaces it in place", async () => {
    const first = await env.admin.messagingTemplates.create(shippedWhatsApp());
    const second = await env.admin.messagingTemplates.create(shippedWhatsApp({ name: "order_shipped_v2", params: ["awb"] }));
    expect(second).toMatchObject({ templateId: first.templateId, name: "order_shipped_v2", params: ["awb"] });
    expect(await env.handle.db.messageTemplate.count()).toBe(1);
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

  it("a WhatsApp template's change is checked merged with the row; SMS fields, a new kind and a taken language are refused", async () => {
    const t = await env.admin.messagingTemplates.create(shippedWhatsApp());
    const renamed = await env.admin.messagingTemplates.update({
      templateId: t.templateId,
      name: "order_shipped_v3",
      params: ["awb", "courierName"],
      text: "AWB {{1}} by {{2}}",
    });
    expect(renamed).toMatchObject({ name: "order_shipped_v3", params: ["awb", "courierName"], category: "UTILITY", text: "AWB {{1}} by {{2}}" });
    expect((await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, category: "AUTHENTICATION" }))).code).toBe("TEMPLATE_CATEGORY");
    expect((await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, params: ["otp"] }))).code).toBe("TEMPLATE_PARAMS");
    expect((await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, senderId: "CLNSTR" }))).message).toBe(
      "senderId is for SMS templates only.",
    );
    expect((await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, kind: "delivered" }))).trpc).toBe("BAD_REQUEST");
    const hi = await env.admin.messagingTemplates.update({ templateId: t.templateId, language: "hi" });
    expect(hi.language).toBe("hi");
    await env.admin.messagingTemplates.create(shippedWhatsApp());
    const taken = await refusal(env.admin.messagingTemplates.update({ templateId: t.templateId, language: "en" }));
    expect(taken).toMatchObject({ trpc: "CONFLICT", code: "TEMPLATE_KIND_TAKEN" });
    // an SMS template takes no WhatsApp fields
    const sms = await env.admin.messagingTemplates.create(otpTemplate());
    expect((await refusal(env.admin.messagingTemplates.update({ templateId: sms.templateId, params: ["otp"] }))).message).toBe(
      "params is for WhatsApp templates only.",
    );
  });

  it("an inactive WhatsApp template is not used: the English one is, else none", async () => {
    const en = await env.admin.messagingTemplates.create(shippedWhatsApp());
    const hi = await env.admin.messagingTemplates.create(shippedWhatsApp({ language: "hi", name: "order_shipped_hi" }));
    const active = (language: string) => env.handle.db.$transaction((tx) => activeWhatsAppTemplate(tx, "shipped", language));
    expect((await active("hi"))?.templateId).toBe(hi.templateId);
    expect(await env.admin.messagingTemplates.update({ templateId: hi.templateId, active: false })).toMatchObject({ active: false });
    expect((await active("hi"))?.templateId).toBe(en.templateId);
    await env.admin.messagingTemplates.update({ templateId: en.templateId, active: false });
    expect(await active("hi")).toBeNull();
    expect(await active("en")).toBeNull();
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
