// HTTP tests of the message preferences (issue 30, contracts/whatsapp.md "Consent") over the real Fastify
// app: GET/POST /api/v1/customers/me/preferences and their statuses (200, 400 naming the field, 401
// without a token, 403 for an admin), one customer never reaching another's, and the unticked WhatsApp
// box of the registration and checkout bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFields } from "@store/api/testing";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const BASE = "/api/v1/customers/me/preferences";
const call = (method: "GET" | "POST", url: string, token: string | null, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

async function customer() {
  const c = await env.newCustomer();
  return { ...c, token: await env.tokenFor(c.customerId) };
}

describe("/api/v1/customers/me/preferences", () => {
  it("reads the defaults, changes what is sent (200 with the new preferences) and lists the changes", async () => {
    const c = await customer();
    const first = await call("GET", BASE, c.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
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

    const saved = await call("POST", BASE, c.token, { whatsappOptIn: true, language: "hi" });
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "profile", language: "hi", smsMarketingOptIn: false, smsMarketingOptInAt: null });
    expect(new Date(body.whatsappOptInAt).toISOString()).toBe(body.whatsappOptInAt);
    expect(body.languageChangedAt).toBe(body.whatsappOptInAt);
    expect((await call("GET", BASE, c.token)).json()).toEqual(body);

    const history = await call("GET", `${BASE}/history`, c.token);
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .map((h: { field: string; value: string; source: string }) => [h.field, h.value, h.source])
        .sort(),
    ).toEqual([
      ["language", "hi", "profile"],
      ["whatsappOptIn", "true", "profile"],
    ]);
  });

  it('answers a bad language or box with 400 naming the field, and changes nothing; "true"/"false" are read as such', async () => {
    const c = await customer();
    const language = await call("POST", BASE, c.token, { language: "fr", whatsappOptIn: true });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({
      status: 400,
      path: BASE,
      message: "language must be one of: en, hi",
      errors: { language: "language must be one of: en, hi" },
    });
    // never coerced: "yes" or 1 is no consent, and "false" is false
    for (const value of ["yes", 1]) {
      const box = await call("POST", BASE, c.token, { smsMarketingOptIn: value });
      expect(box.statusCode, String(value)).toBe(400);
      expect(box.json().errors).toEqual({ smsMarketingOptIn: "smsMarketingOptIn must be true or false" });
    }
    expect((await call("POST", BASE, c.token, { whatsappOptIn: "false", emailMarketingOptIn: "true" })).json()).toMatchObject({
      whatsappOptIn: false,
      emailMarketingOptIn: true,
    });
    expect((await call("GET", BASE, c.token)).json()).toMatchObject({ whatsappOptIn: false, whatsappOptInAt: null, language: "en", smsMarketingOptIn: false });
  });

  it("needs a customer's token: none is 401, an admin's 403", async () => {
    for (const [method, url] of [
      ["GET", BASE],
      ["POST", BASE],
      ["GET", `${BASE}/history`],
    ] as const) {
      const payload = method === "POST" ? { whatsappOptIn: true } : undefined;
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, env.adminToken, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("reaches only the caller's own: another customer neither sees nor changes them, a customerId in the body is refused", async () => {
    const a = await customer();
    const b = await customer();
    expect((await call("POST", BASE, a.token, { emailMarketingOptIn: true })).statusCode).toBe(200);
    // b sees its own, untouched
    expect((await call("GET", BASE, b.token)).json()).toMatchObject({ emailMarketingOptIn: false, phone: b.fields.number });
    const forged = await call("POST", BASE, b.token, { customerId: a.customerId, emailMarketingOptIn: false, whatsappOptIn: true });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toContain("customerId");
    const forgedQuery = await call("GET", `${BASE}?customerId=${a.customerId}`, b.token);
    // the query is not read: the answer is the caller's own
    expect(forgedQuery.statusCode).toBe(200);
    expect(forgedQuery.json()).toMatchObject({ phone: b.fields.number, emailMarketingOptIn: false });
    expect((await call("GET", BASE, a.token)).json()).toMatchObject({ emailMarketingOptIn: true, whatsappOptIn: false, phone: a.fields.number });
    expect((await call("GET", BASE, b.token)).json()).toMatchObject({ emailMarketingOptIn: false, whatsappOptIn: false });
    expect((await call("GET", `${BASE}/history`, b.token)).json()).toEqual([]);
  });
});

describe("the WhatsApp box of the registration and checkout bodies", () => {
  it("POST /customers/save with whatsappOptIn true opts the new account in (source register); the admin's view shows it", async () => {
    const fields = customerFields({ whatsappOptIn: true });
    const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: fields });
    expect(res.statusCode).toBe(200);
    const { customerId } = res.json();
    const token = await env.tokenFor(customerId);
    expect((await call("GET", BASE, token)).json()).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "register" });
    const seen = await call("GET", `/api/v1/customers/details/${customerId}`, env.adminToken);
    expect(seen.json()).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "register", whatsappOptInAt: expect.any(String), language: "en" });
  });

  it("POST /addToCart/checkout with whatsappOptIn true opts the buyer in (source checkout)", async () => {
    const c = await customer();
    const productId = await env.newProduct({ productName: "Zz WhatsApp Gel" });
    expect((await call("POST", "/api/v1/addToCart/save", c.token, { productId })).statusCode).toBe(200);
    const placed = await call("POST", "/api/v1/addToCart/checkout", c.token, { whatsappOptIn: true });
    expect(placed.statusCode).toBe(200);
    expect((await call("GET", BASE, c.token)).json()).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "checkout" });
    const bad = await call("POST", "/api/v1/addToCart/checkout", c.token, { whatsappOptIn: "please" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ whatsappOptIn: "whatsappOptIn must be true or false" });
  });
});
