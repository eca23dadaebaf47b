// Server-side rendering of the storefront (issue 7): public pages arrive with their content and
// data, a signed-in customer's pages as a guest sees them or as their skeleton (issue 23) — their
// own screens with their data through the session cookie's context (session-cookie.test.ts), the
// back office as the app shell, and no text from the database can break out of the markup or
// the embedded data. Needs the built web app (`npm run build`; WEB_DIST names another build).
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext } from "@store/api";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import { buildApp, WEB_DIST } from "./app.ts";
import { checkEveryAnswer } from "./openapi-check.ts";
import { createPageRenderer } from "./ssr.ts";

const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : WEB_DIST;
let env: TestEnv & { app: FastifyInstance };
beforeAll(async () => {
  const entry = path.join(`${webDist}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  // createHttpTestEnv (testing.ts), on the build under test
  const base = await createTestEnv();
  const app = await buildApp({ handle: base.handle, services: base.services, logLevel: "silent", webDist });
  await app.ready();
  await checkEveryAnswer(app);
  env = { ...base, app };
});
afterAll(async () => {
  await env.app.close();
  await env.close();
});

const get = (url: string) => env.app.inject({ method: "GET", url });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">'));
const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html);
  return m?.[1] ? (JSON.parse(m[1]) as { json: { queries: { queryKey: unknown; state: { data: unknown } }[] } }) : null;
};

describe("server-rendered storefront pages", () => {
  it("renders the home page with the products, its title and the data the browser takes over", async () => {
    await env.newProduct({ productName: "Pre-rendered Floor Shine", productPrice: 149 });
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    const html = res.body;
    expect(rootOf(html)).toContain("Pre-rendered Floor Shine");
    expect(rootOf(html)).toContain("₹149");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Cleaning products online | Clean Store</title>");
    const state = stateOf(html);
    expect(JSON.stringify(state?.json.queries.map((q) => q.queryKey))).toContain("products");
    // the scripts come after the page (boot.js), not as render-competing preloads
    expect(html).toMatch(/<script src="\/boot\.js" data-entry="\/assets\/[^"]+\.js" data-preload="[^"]*" defer><\/script>/);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script type="module"/);
    // no inline script: the Content-Security-Policy would refuse it
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it("renders a product page and the login page", async () => {
    const productId = await env.newProduct({ productName: "Pre-rendered Dishwash", packSize: "750ml" });
    const product = await get(`/singleProductDetails/${productId}`);
    expect(product.statusCode).toBe(200);
    expect(rootOf(product.body)).toMatch(/<h1[^>]*>Pre-rendered Dishwash<\/h1>/);
    expect(product.body).toContain("<title>Pre-rendered Dishwash | Clean Store</title>");
    // the legal facts come rendered, the seller's included (issue 15), not after the scripts start
    const facts = await env.anonymous.settings.storeFacts();
    expect(rootOf(product.body)).toContain("Sold by");
    expect(rootOf(product.body)).toContain(facts.sellerLegalName);
    expect(rootOf(product.body)).toContain(facts.sellerGstin);
    expect(rootOf(product.body)).toContain(facts.defaultManufacturer);
    const login = await get("/customerLogin");
    expect(rootOf(login.body)).toContain("Phone Number");
    // the submit button waits for the app: an early Enter never sends the password in a URL
    expect(rootOf(login.body)).toMatch(/<button type="submit" class="btn block" disabled="">Login<\/button>/);
  });

  it("answers 404 with the not-found page for an unknown address", async () => {
    const res = await get("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain("Page not found");
  });

  it("sends the plain app shell for the back office", async () => {
    for (const url of ["/AdminLogin", "/Admindashboard"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="ssr-state"');
      expect(res.body, url).toMatch(/<script type="module"[^>]* src="\/assets\//);
    }
  });

  it("renders the pages with a customer id in the address as a guest sees them (issue 23)", async () => {
    const productId = await env.newProduct({ productName: "Signed-in Tile Cleaner", productPrice: 219 });
    const home = await get("/product/1");
    expect(home.statusCode).toBe(200);
    expect(rootOf(home.body)).toContain("Signed-in Tile Cleaner");
    expect(rootOf(home.body)).toContain("₹219");
    const product = await get(`/singleProductDetails/1/${productId}`);
    expect(product.statusCode).toBe(200);
    expect(rootOf(product.body)).toMatch(/<h1[^>]*>Signed-in Tile Cleaner<\/h1>/);
    expect(rootOf(product.body)).toContain("₹219");
    expect(product.body).toContain("<title>Signed-in Tile Cleaner | Clean Store</title>");
    for (const res of [home, product]) {
      // the data the browser takes over, and the scripts after the page, as on a guest's page
      expect(JSON.stringify(stateOf(res.body)?.json.queries.map((q) => q.queryKey))).toContain("products");
      expect(res.body).toMatch(/<script src="\/boot\.js" data-entry="\/assets\/[^"]+\.js"/);
      expect(res.body).not.toMatch(/<script type="module"/);
      // the account corner waits for the app (the name comes from the token in localStorage): no Login link
      expect(rootOf(res.body)).toContain('class="account-pending"');
      expect(rootOf(res.body)).not.toMatch(/>Login</);
    }
    // the customer's cart link is the address's customer's
    expect(rootOf(product.body)).toContain('href="/myCart/1"');
  });

  it("renders a customer's own screen as its skeleton: header, heading, grey blocks, no data", async () => {
    const screens: [string, string][] = [
      ["/myCart/1", "My Cart"],
      ["/myOrder/1", "My Orders"],
      ["/orderDetails/1/12", "Order"],
      ["/myOrder/1/ORD-20250601-000123", "Order ORD-20250601-000123"],
      ["/checkOut/1/1?quantity=2", "Checkout"],
      ["/userProfile/1/", "My Profile"],
    ];
    for (const [url, title] of screens) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const root = rootOf(res.body);
      expect(root, url).toContain('class="store-header"');
      expect(root, url).toMatch(new RegExp(`<h1>${title}</h1>`));
      expect(root, url).toMatch(/<div class="screen-skeleton" aria-busy="true">/);
      expect(root, url).toContain("Loading...");
      expect(root, url).toContain('class="store-footer"');
      expect(res.body, url).toContain(`<title>${title} | Clean Store</title>`);
      // nothing was fetched for it on the server (as a guest, it would only have failed)
      expect(stateOf(res.body)?.json.queries, url).toEqual([]);
      expect(res.body, url).toMatch(/<script src="\/boot\.js"/);
    }
  });

  it("keeps the catalogue's pages in the page cache, not a customer's own screens", async () => {
    const template = () => fs.readFileSync(path.join(webDist, "index.html"), "utf8");
    const pages = await createPageRenderer(webDist, template, env.app.log, "");
    const guest = () => createContext({ db: env.handle.db, services: env.services, clientIp: "127.0.0.1" });
    const productId = await env.newProduct({ productName: "Kept Glass Cleaner" });
    for (const url of ["/product/1", `/singleProductDetails/1/${productId}`]) expect((await pages.page(url, guest)).cacheable, url).toBe(true);
    for (const url of ["/myCart/1", "/myOrder/2", "/userProfile/3/"]) expect((await pages.page(url, guest)).cacheable, url).toBe(false);
  });

  it("renders a customer's own screen with their data only through the viewer's context, and asks for it only there", async () => {
    const template = () => fs.readFileSync(path.join(webDist, "index.html"), "utf8");
    const pages = await createPageRenderer(webDist, template, env.app.log, "");
    const guest = () => createContext({ db: env.handle.db, services: env.services, clientIp: "127.0.0.1" });
    const customer = await env.newCustomer();
    const token = await env.services.tokens.sign({ role: "customer", customerId: customer.customerId });
    const own = () => createContext({ db: env.handle.db, services: env.services, authorization: `Bearer ${token}`, clientIp: "127.0.0.1" });
    const asked: number[] = [];
    const viewer = (customerId: number) => {
      asked.push(customerId);
      return Promise.resolve(customerId === customer.customerId ? own : null);
    };
    const profile = await pages.page(`/userProfile/${customer.customerId}/`, guest, viewer);
    expect(profile).toMatchObject({ status: 200, cacheable: false, personal: true, viewer: true });
    expect(rootOf(profile.html)).toContain(customer.fields.email);
    // another customer's address: the skeleton
    const other = await pages.page(`/userProfile/${customer.customerId + 1000}/`, guest, viewer);
    expect(other).toMatchObject({ cacheable: false, personal: true, viewer: false });
    expect(rootOf(other.html)).toContain('<div class="screen-skeleton" aria-busy="true">');
    expect(other.html).not.toContain(customer.fields.email);
    // the catalogue's pages never ask: they are the same for everyone
    const product = await pages.page(`/product/${customer.customerId}`, guest, viewer);
    expect(product).toMatchObject({ cacheable: true, personal: false, viewer: false });
    expect(asked).toEqual([customer.customerId, customer.customerId + 1000]);
  });

  it("escapes text from the database in the markup and in the embedded data", async () => {
    const hostile = `</script><script>alert("x")</script><img src=x onerror=alert(1)> $' $& ₹`;
    const productId = await env.newProduct({ productName: hostile });
    for (const url of ["/", `/singleProductDetails/${productId}`]) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('<script>alert("x")');
      expect(html, url).not.toContain("<img src=x");
      // and yet the page and its data say exactly what the admin typed
      expect(rootOf(html), url).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(JSON.stringify(stateOf(html)), url).toContain(JSON.stringify(hostile).slice(1, -1));
    }
  });
});
