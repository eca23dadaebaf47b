// Message preferences and consent (issue 30, contracts/whatsapp.md "Consent"): every box unticked until
// ticked, each change timestamped and logged (ConsentChange) with where it was made — the profile, the
// registration form, a checkout (a customer's or a guest's) — and a STOP reply turning it off.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, customerFields, type TestEnv } from "../../testing.ts";
import { optOutWhatsAppByPhone } from "./consent.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const changesOf = (customerId: number) =>
  db().consentChange.findMany({ where: { customerId }, orderBy: { id: "asc" }, select: { field: true, value: true, source: true, phone: true } });
const whatsappOf = (customerId: number) =>
  db().customer.findUniqueOrThrow({ where: { customerId }, select: { whatsappOptIn: true, whatsappOptInAt: true, whatsappOptInSource: true } });

let phoneSerial = 0;
const guestPhone = () => `71${String(Date.now() % 10_000_000).padStart(7, "0")}${phoneSerial++ % 10}`;

async function guestCheckout(phone: string, extra: Record<string, unknown> = {}) {
  const productId = await env.newProduct({ productPrice: 120, quantity: 20 });
  const { cartToken } = await env.anonymous.guest.createCart();
  await env.anonymous.guest.addItem({ cartToken, productId, quantity: 1 });
  return env.anonymous.guest.checkout({
    cartToken,
    name: "Ravi Kumar",
    phone,
    email: `ravi.${phone}@example.in`,
    address: { houseNo: "4A", areaAddress: "FC Road", city: "Pune", pinCode: "411004", state: "Maharashtra" },
    paymentMethod: "UPI",
    ...extra,
  });
}

describe("GET /customers/me/preferences", () => {
  it("starts with every box unticked, no timestamps and English, and names the mobile WhatsApp goes to", async () => {
    const c = await env.newCustomer();
    expect(await c.caller.preferences.get()).toEqual({
      whatsappOptIn: false,
      whatsappOptInAt: null,
      whatsappOptInSource: null,
      smsMarketingOptIn: false,
      smsMarketingOptInAt: null,
      emailMarketingOptIn: false,
      emailMarketingOptInAt: null,
      language: "en",
      languageChangedAt: null,
      phone: c.fields.number,
    });
    expect(await c.caller.preferences.history()).toEqual([]);
  });

  it("is for a signed-in customer: anonymous is 401, an admin 403", async () => {
    await expect(env.anonymous.preferences.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.preferences.get()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.admin.preferences.update({ whatsappOptIn: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("POST /customers/me/preferences", () => {
  it("sets and timestamps each field sent, leaves the others untouched, and logs each change", async () => {
    const c = await env.newCustomer();
    const before = Date.now();
    const first = await c.caller.preferences.update({ whatsappOptIn: true });
    expect(first).toMatchObject({
      whatsappOptIn: true,
      whatsappOptInSource: "profile",
      smsMarketingOptIn: false,
      smsMarketingOptInAt: null,
      emailMarketingOptIn: false,
      emailMarketingOptInAt: null,
      language: "en",
      languageChangedAt: null,
    });
    expect(first.whatsappOptInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const second = await c.caller.preferences.update({ language: "hi", smsMarketingOptIn: true });
    expect(second).toMatchObject({ whatsappOptIn: true, whatsappOptInAt: first.whatsappOptInAt, language: "hi", smsMarketingOptIn: true });
    expect(second.languageChangedAt).toBeInstanceOf(Date);
    expect(second.smsMarketingOptInAt).toEqual(second.languageChangedAt);
    expect(second.emailMarketingOptInAt).toBeNull();

    const third = await c.caller.preferences.update({ whatsappOptIn: false, emailMarketingOptIn: true });
    expect(third).toMatchObject({ whatsappOptIn: false, emailMarketingOptIn: true, smsMarketingOptIn: true, language: "hi" });
    expect(third.whatsappOptInAt!.getTime()).toBeGreaterThanOrEqual(first.whatsappOptInAt!.getTime());

    const phone = c.fields.number;
    expect(await changesOf(c.customerId)).toEqual([
      { field: "whatsappOptIn", value: "true", source: "profile", phone },
      { field: "smsMarketingOptIn", value: "true", source: "profile", phone },
      { field: "language", value: "hi", source: "profile", phone },
      { field: "whatsappOptIn", value: "false", source: "profile", phone },
      { field: "emailMarketingOptIn", value: "true", source: "profile", phone },
    ]);
    const history = await c.caller.preferences.history();
    expect(history.map((h) => `${h.field}=${h.value}`)).toEqual([
      "emailMarketingOptIn=true",
      "whatsappOptIn=false",
      "language=hi",
      "smsMarketingOptIn=true",
      "whatsappOptIn=true",
    ]);
    expect(await c.caller.preferences.get()).toEqual(third);
  });

  it("the same value again, or nothing sent, is no change: no new timestamp, no ConsentChange", async () => {
    const c = await env.newCustomer();
    const set = await c.caller.preferences.update({ whatsappOptIn: true, language: "hi" });
    expect(await c.caller.preferences.update({ whatsappOptIn: true, language: "hi", smsMarketingOptIn: false })).toEqual(set);
    expect(await c.caller.preferences.update({})).toEqual(set);
    expect(await changesOf(c.customerId)).toHaveLength(2);
  });

  it("logs one change when the same box is saved many times at once", async () => {
    const c = await env.newCustomer();
    const results = await Promise.all(Array.from({ length: 6 }, () => c.caller.preferences.update({ whatsappOptIn: true })));
    expect(new Set(results.map((r) => r.whatsappOptInAt!.getTime())).size).toBe(1);
    expect(await changesOf(c.customerId)).toEqual([{ field: "whatsappOptIn", value: "true", source: "profile", phone: c.fields.number }]);
  });

  it("refuses a language other than en or hi, a box that is not true or false, and any other field (400), changing nothing", async () => {
    const c = await env.newCustomer();
    // @ts-expect-error a language not offered
    await expect(c.caller.preferences.update({ language: "ta" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "language must be one of: en, hi" });
    await expect(c.caller.preferences.update({ whatsappOptIn: "yes" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "whatsappOptIn must be true or false",
    });
    const other = await env.newCustomer();
    // @ts-expect-error the path has no id: a customerId in the body is refused, not followed
    await expect(c.caller.preferences.update({ whatsappOptIn: true, customerId: other.customerId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("customerId"),
    });
    expect(await whatsappOf(other.customerId)).toEqual({ whatsappOptIn: false, whatsappOptInAt: null, whatsappOptInSource: null });
    expect(await whatsappOf(c.customerId)).toEqual({ whatsappOptIn: false, whatsappOptInAt: null, whatsappOptInSource: null });
    expect(await changesOf(c.customerId)).toEqual([]);
  });
});

describe("the box at registration", () => {
  it("ticked, the new account is opted in with source register; left out or false, it is not", async () => {
    const ticked = customerFields({ whatsappOptIn: true });
    const { customerId } = await env.anonymous.customers.save(ticked);
    expect(await whatsappOf(customerId)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "register", whatsappOptInAt: expect.any(Date) });
    expect(await changesOf(customerId)).toEqual([{ field: "whatsappOptIn", value: "true", source: "register", phone: ticked.number }]);

    for (const box of [false, undefined]) {
      const { customerId: plain } = await env.anonymous.customers.save(customerFields(box === undefined ? {} : { whatsappOptIn: box }));
      expect(await whatsappOf(plain)).toEqual({ whatsappOptIn: false, whatsappOptInAt: null, whatsappOptInSource: null });
      expect(await changesOf(plain)).toEqual([]);
    }
  });

  it("refuses a box that is not true or false", async () => {
    const fields = customerFields({ whatsappOptIn: "on" });
    await expect(env.anonymous.customers.save(fields)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "whatsappOptIn must be true or false" });
    expect(await db().customer.count({ where: { number: fields.number } })).toBe(0);
  });
});

describe("the box at a customer's checkout", () => {
  it("ticked, opts the account in with source checkout; unticked later does not withdraw it", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 20 });
    await c.caller.cart.save({ productId, quantity: 1 });
    await c.caller.cart.checkout({ whatsappOptIn: true });
    expect(await whatsappOf(c.customerId)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "checkout" });
    expect(await changesOf(c.customerId)).toEqual([{ field: "whatsappOptIn", value: "true", source: "checkout", phone: c.fields.number }]);

    await c.caller.cart.save({ productId, quantity: 1 });
    await c.caller.cart.checkout({ whatsappOptIn: false });
    await c.caller.orders.save({ productId, quantity: 1 });
    expect(await whatsappOf(c.customerId)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "checkout" });
    expect(await changesOf(c.customerId)).toHaveLength(1);
  });

  it("buying one product with the box ticked opts in too; a refused order opts in nobody", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 3 });
    // refused in the order's transaction after the box was read: out of stock
    await expect(c.caller.orders.save({ productId, quantity: 5, paymentMethod: "UPI", whatsappOptIn: true })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Only 3 left"),
    });
    expect(await whatsappOf(c.customerId)).toMatchObject({ whatsappOptIn: false });
    await c.caller.orders.save({ productId, quantity: 1, whatsappOptIn: true });
    expect(await whatsappOf(c.customerId)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "checkout" });
  });
});

describe("the box at a guest's checkout", () => {
  it("ticked, the order keeps it and a ConsentChange keeps the phone; unticked, neither", async () => {
    const phone = guestPhone();
    const ticked = await guestCheckout(phone, { whatsappOptIn: true });
    expect(await db().order.findUniqueOrThrow({ where: { productOrderId: ticked.productOrderId }, select: { whatsappOptIn: true } })).toEqual({
      whatsappOptIn: true,
    });
    expect(await db().consentChange.findMany({ where: { phone }, select: { customerId: true, field: true, value: true, source: true } })).toEqual([
      { customerId: null, field: "whatsappOptIn", value: "true", source: "checkout" },
    ]);

    const otherPhone = guestPhone();
    const plain = await guestCheckout(otherPhone);
    expect((await db().order.findUniqueOrThrow({ where: { productOrderId: plain.productOrderId } })).whatsappOptIn).toBe(false);
    expect(await db().consentChange.count({ where: { phone: otherPhone } })).toBe(0);
  });
});

describe("a STOP reply (optOutWhatsAppByPhone)", () => {
  it("turns off the customer with that mobile (source reply) and the guest orders placed with it", async () => {
    const c = await env.newCustomer();
    await c.caller.preferences.update({ whatsappOptIn: true });
    const guestOrder = await guestCheckout(c.fields.number, { whatsappOptIn: true });
    await db().$transaction((tx) => optOutWhatsAppByPhone(tx, c.fields.number));
    expect(await whatsappOf(c.customerId)).toMatchObject({ whatsappOptIn: false, whatsappOptInSource: "reply" });
    expect((await db().order.findUniqueOrThrow({ where: { productOrderId: guestOrder.productOrderId } })).whatsappOptIn).toBe(false);
    expect((await changesOf(c.customerId)).at(-1)).toEqual({ field: "whatsappOptIn", value: "false", source: "reply", phone: c.fields.number });
    expect(await c.caller.preferences.get()).toMatchObject({ whatsappOptIn: false, whatsappOptInSource: "reply" });
  });

  it("a guest's phone with no account: its orders are turned off and the STOP is logged for the phone", async () => {
    const phone = guestPhone();
    const order = await guestCheckout(phone, { whatsappOptIn: true });
    await db().$transaction((tx) => optOutWhatsAppByPhone(tx, phone));
    expect((await db().order.findUniqueOrThrow({ where: { productOrderId: order.productOrderId } })).whatsappOptIn).toBe(false);
    expect(await db().consentChange.findMany({ where: { phone }, orderBy: { id: "asc" }, select: { value: true, source: true } })).toEqual([
      { value: "true", source: "checkout" },
      { value: "false", source: "reply" },
    ]);
  });
});

describe("the back office's customer view", () => {
  it("shows the WhatsApp consent, where it was given and the language", async () => {
    const c = await env.newCustomer();
    await c.caller.preferences.update({ whatsappOptIn: true, language: "hi" });
    const seen = await env.admin.customers.details({ customerId: c.customerId });
    expect(seen).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "profile", whatsappOptInAt: expect.any(Date), language: "hi" });
    const page = await env.admin.customers.page({ page: 1, search: c.fields.email });
    expect(page.items[0]).toMatchObject({ customerId: c.customerId, whatsappOptIn: true, language: "hi" });
  });
});
