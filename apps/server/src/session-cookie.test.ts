// The storefront's session cookie (issue 23, plugins/session.ts): POST /api/v1/session keeps a
// customer's token in an HttpOnly cookie, DELETE clears it; the API never takes the cookie as a
// credential; the page renderer shows a customer's own screens with their data to that customer
// alone (private, never kept), and the skeleton to anyone else. Needs the built web app with its
// SSR bundle (`npm run build`; WEB_DIST names another build).
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import { buildApp, WEB_DIST, type AppOptions } from "./app.ts";
import { checkEveryAnswer } from "./openapi-check.ts";
import { signWith } from "./security/fixtures.ts";
import { TEST_JWT_SECRET } from "@store/api/testing";

const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : WEB_DIST;
let env: TestEnv & { app: FastifyInstance; adminToken: string };
const extraApps: FastifyInstance[] = [];

/** Another app on the same database, built with other options (proxies trusted, an https PUBLIC_URL). */
async function appWith(options: Partial<AppOptions>, publicUrl?: string) {
  const services = publicUrl ? { ...env.services, mail: { ...env.services.mail, publicUrl } } : env.services;
  const app = await buildApp({ handle: env.handle, services, logLevel: "silent", webDist, ...options });
  await app.ready();
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  const entry = path.join(`${webDist}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  const base = await createTestEnv();
  const app = await buildApp({ handle: base.handle, services: base.services, logLevel: "silent", webDist });
  await app.ready();
  // every answer must be one /api/v1/openapi.json describes (the 204s and their refusals too)
  await checkEveryAnswer(app);
  env = { ...base, app, adminToken: await base.services.tokens.sign({ role: "admin", adminId: base.adminId }) };
}, 120_000);
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await env.app.close();
  await env.close();
});

/** A customer signed in through the login procedure (a token of the account's current session), with one COD order of a product of its own name. */
async function shopper(name: string) {
  const customer = await env.newCustomer();
  const { token } = await env.anonymous.auth.customerLogin({ number: customer.fields.number, password: customer.fields.password });
  const productId = await env.newProduct({ productName: `${name} Floor Polish`, productPrice: 187 });
  const placed = await customer.caller.orders.save({ productId, quantity: 2 });
  return { ...customer, token, productId, productOrderId: placed.productOrderId, orderId: placed.order.orderId };
}

const startSession = (token: string | undefined, app = env.app, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/v1/session", headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const page = (url: string, cookie?: string) => env.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const setCookieOf = (res: { headers: Record<string, unknown> }) => {
  const value = res.headers["set-cookie"];
  return Array.isArray(value) ? value.join("\n") : ((value as string | undefined) ?? "");
};
/** The cookie a browser would send back for a Set-Cookie answer. */
const cookieFrom = (setCookie: string) => setCookie.split(";")[0]!;
/** The page's markup, without the comments React puts between adjacent texts ("Order <!-- -->ORD-…"). */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">')).replaceAll("<!-- -->", "");
const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html);
  return JSON.parse(m?.[1] ?? "null") as { json: { queries: { queryKey: unknown }[]; serverRender?: { renderedAt: number } } } | null;
};
const SKELETON = '<div class="screen-skeleton" aria-busy="true">';
const CLEARED = /^store_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/;

describe("POST /api/v1/session", () => {
  it("sets the HttpOnly, SameSite=Lax cookie to the customer's token for the token's remaining life", async () => {
    const customer = await shopper("Cookie Set");
    const res = await startSession(customer.token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/^store_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(cookieFrom(cookie)).toBe(`store_session=${customer.token}`);
    // a customer's token lasts 7 days (accounts/tokens.ts)
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 86_400);
  });

  it("marks the cookie Secure when the request came over HTTPS through a trusted proxy, or PUBLIC_URL is https", async () => {
    const customer = await shopper("Cookie Secure");
    const behindProxy = await appWith({ trustProxy: true });
    expect(setCookieOf(await startSession(customer.token, behindProxy, { "x-forwarded-proto": "https" }))).toMatch(/; Secure$/);
    expect(setCookieOf(await startSession(customer.token, behindProxy))).not.toMatch(/Secure/);
    // an untrusted X-Forwarded-Proto is not believed
    expect(setCookieOf(await startSession(customer.token, env.app, { "x-forwarded-proto": "https" }))).not.toMatch(/Secure/);
    const httpsSite = await appWith({}, "https://shop.example.in");
    expect(setCookieOf(await startSession(customer.token, httpsSite))).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(setCookieOf(await httpsSite.inject({ method: "DELETE", url: "/api/v1/session" }))).toMatch(/^store_session=; Path=\/; Max-Age=0; .*; Secure$/);
  });

  it("refuses an admin's token (403 CUSTOMERS_ONLY) and a missing, forged, expired or revoked one (401), setting nothing", async () => {
    const customer = await shopper("Cookie Refused");
    const admin = await startSession(env.adminToken);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ status: 403, error: "Forbidden", code: "CUSTOMERS_ONLY" });
    const forged = await signWith("not-the-store-secret-at-all-0123456789", { role: "customer", sub: String(customer.customerId) });
    const expired = await signWith(TEST_JWT_SECRET, { role: "customer", sub: String(customer.customerId) }, Math.floor(Date.now() / 1000) - 60);
    for (const [what, token] of [
      ["no token", undefined],
      ["not a token", "not-a-token"],
      ["forged", forged],
      ["expired", expired],
    ] as const) {
      const res = await startSession(token);
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
      expect(res.headers["set-cookie"], what).toBeUndefined();
    }
    // "Log out of all devices" ended the token's session
    await customer.caller.auth.logoutAll({});
    const revoked = await startSession(customer.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers["set-cookie"]).toBeUndefined();
    expect(admin.headers["set-cookie"]).toBeUndefined();
  });
});

describe("DELETE /api/v1/session", () => {
  it("clears the cookie, with or without a token", async () => {
    const customer = await shopper("Cookie Cleared");
    for (const headers of [{}, { authorization: `Bearer ${customer.token}` }, { cookie: `store_session=${customer.token}` }]) {
      const res = await env.app.inject({ method: "DELETE", url: "/api/v1/session", headers });
      expect(res.statusCode).toBe(204);
      expect(setCookieOf(res)).toMatch(CLEARED);
    }
  });
});

describe("the API never takes the cookie as a credential", () => {
  it("answers 401 to a call that carries only the session cookie, over REST and tRPC", async () => {
    const customer = await shopper("Cookie Not Credential");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    const rest = await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${customer.customerId}`, headers: { cookie } });
    expect(rest.statusCode).toBe(401);
    expect(rest.body).not.toContain(customer.fields.email);
    const input = encodeURIComponent(JSON.stringify({ json: { customerId: customer.customerId } }));
    const trpc = await env.app.inject({ method: "GET", url: `/api/trpc/orders.orderProducts?input=${input}`, headers: { cookie } });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.body).not.toContain(customer.productOrderId);
    // a write too: the cookie alone places no order (no cross-site request can act as the customer)
    const order = await env.app.inject({
      method: "POST",
      url: "/api/v1/productOrder/save",
      headers: { cookie, "content-type": "application/json" },
      payload: { productId: customer.productId, quantity: 1 },
    });
    expect(order.statusCode).toBe(401);
    // with the token, as ever
    const withToken = await env.app.inject({
      method: "GET",
      url: `/api/v1/customers/details/${customer.customerId}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(withToken.statusCode).toBe(200);
  });
});

describe("a customer's own screens rendered with the session cookie", () => {
  it("renders My Orders with the customer's orders, for this browser alone", async () => {
    const customer = await shopper("Rendered Orders");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    const res = await page(`/myOrder/${customer.customerId}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(String(res.headers.vary)).toMatch(/\bcookie\b/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const root = rootOf(res.body);
    expect(root).toContain("<h1>My Orders</h1>");
    expect(root).toContain(`Order ${customer.productOrderId}`);
    expect(root).toContain("Rendered Orders Floor Polish");
    expect(root).not.toContain(SKELETON);
    // the data the browser's first render needs, and the word that it renders the screen, not the skeleton
    const state = stateOf(res.body);
    const keys = JSON.stringify(state?.json.queries.map((q) => q.queryKey));
    expect(keys).toContain("orderProducts");
    // and the customer's record, which the browser's guard checks before it takes the page over
    expect(keys).toContain(JSON.stringify([["customers", "details"], { input: { customerId: customer.customerId }, type: "query" }]));
    expect(state?.json.serverRender?.renderedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body).toContain("<title>My Orders | Clean Store</title>");
  });

  it("renders the tracker, the order's page, the cart and the profile with the customer's data", async () => {
    const customer = await shopper("Rendered Screens");
    await customer.caller.cart.save({ productId: customer.productId, quantity: 3, customerId: customer.customerId });
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    const c = customer.customerId;
    const screens: [string, string[]][] = [
      [`/orderDetails/${c}/${customer.orderId}`, [`<h1>Order ${customer.productOrderId}</h1>`, "Rendered Screens Floor Polish"]],
      [`/myOrder/${c}/${customer.productOrderId}`, [customer.productOrderId, "Rendered Screens Floor Polish"]],
      [`/myCart/${c}`, ["<h1>My Cart</h1>", "Rendered Screens Floor Polish", "Checkout cart"]],
      [`/userProfile/${c}/`, ["<h1>My Profile</h1>", customer.fields.email, customer.fields.number]],
      // (the form's fields are filled by react-hook-form once the app runs)
      [`/checkOut/${c}/${customer.productId}?quantity=2`, ["<h1>Checkout</h1>", "Rendered Screens Floor Polish", 'data-testid="checkout-total">₹374.00']],
    ];
    for (const [url, shown] of screens) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      const root = rootOf(res.body);
      expect(root, url).not.toContain(SKELETON);
      for (const text of shown) expect(root, `${url} shows ${text}`).toContain(text);
    }
  });

  it("keeps nothing: the same address without the cookie is the skeleton, with no one's data", async () => {
    const customer = await shopper("Unkept Orders");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    const url = `/myOrder/${customer.customerId}`;
    expect(rootOf((await page(url, cookie)).body)).toContain(customer.productOrderId);
    for (let i = 0; i < 2; i++) {
      const guest = await page(url);
      expect(guest.statusCode).toBe(200);
      expect(guest.headers["cache-control"]).toBe("no-cache");
      expect(String(guest.headers.vary)).toMatch(/\bcookie\b/);
      expect(rootOf(guest.body)).toContain(SKELETON);
      expect(guest.body).not.toContain(customer.productOrderId);
      expect(guest.body).not.toContain("Unkept Orders Floor Polish");
      expect(stateOf(guest.body)?.json.queries).toEqual([]);
    }
  });

  it("renders another customer's address as the skeleton, with neither customer's data, and leaves the cookie", async () => {
    const customer = await shopper("Own Orders");
    const other = await shopper("Other Orders");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    for (const url of [`/myOrder/${other.customerId}`, `/orderDetails/${other.customerId}/${other.orderId}`, `/userProfile/${other.customerId}`]) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toContain(SKELETON);
      for (const secret of [customer.productOrderId, other.productOrderId, customer.fields.email, other.fields.email, "Own Orders", "Other Orders"]) {
        expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
      expect(stateOf(res.body)?.json.queries, url).toEqual([]);
      expect(res.headers["set-cookie"], url).toBeUndefined();
    }
    // an order of another customer's at the customer's own address: the skeleton, and the browser shows "not found"
    const foreign = await page(`/orderDetails/${customer.customerId}/${other.orderId}`, cookie);
    expect(foreign.statusCode).toBe(200);
    expect(rootOf(foreign.body)).toContain(SKELETON);
    expect(foreign.body).not.toContain(other.productOrderId);
  });

  it("renders the skeleton and clears the cookie when its session has ended (a new password), is forged or is not a customer's", async () => {
    const customer = await shopper("Revoked Orders");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    const url = `/myOrder/${customer.customerId}`;
    expect(rootOf((await page(url, cookie)).body)).toContain(customer.productOrderId);
    const { password: _password, agreeToTerms: _terms, ...fields } = customer.fields;
    await customer.caller.customers.update({
      ...fields,
      customerId: customer.customerId,
      password: "Brand@New-Mop-2026",
      currentPassword: customer.fields.password,
    });
    const forged = await signWith("not-the-store-secret-at-all-0123456789", { role: "customer", sub: String(customer.customerId) });
    const adminAsCustomer = await signWith(TEST_JWT_SECRET, { role: "admin", sub: String(customer.customerId) });
    for (const [what, value] of [
      ["revoked", cookie],
      ["forged", `store_session=${forged}`],
      ["an admin's", `store_session=${adminAsCustomer}`],
      ["malformed", "store_session=%3Cscript%3E"],
    ] as const) {
      const res = await page(url, `theme=dark; ${value}`);
      expect(res.statusCode, what).toBe(200);
      expect(res.headers["cache-control"], what).toBe("no-cache");
      expect(rootOf(res.body), what).toContain(SKELETON);
      expect(res.body, what).not.toContain(customer.productOrderId);
      expect(setCookieOf(res), what).toMatch(CLEARED);
    }
  });

  it("leaves the catalogue's pages as every guest gets them, kept and shared, whatever cookie comes with them", async () => {
    const customer = await shopper("Catalogue Cookie");
    const cookie = cookieFrom(setCookieOf(await startSession(customer.token)));
    for (const url of [`/product/${customer.customerId}`, `/singleProductDetails/${customer.customerId}/${customer.productId}`]) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(String(res.headers.vary ?? ""), url).not.toMatch(/cookie/);
      expect(res.headers["set-cookie"], url).toBeUndefined();
      expect(res.body, url).not.toContain(customer.productOrderId);
      expect(stateOf(res.body)?.json.serverRender, url).toBeUndefined();
      // the same answer a guest gets (kept: the same ETag)
      expect((await page(url)).headers.etag, url).toBe(res.headers.etag);
    }
  });
});
