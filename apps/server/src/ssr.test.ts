// Server-side rendering of the storefront (issue 7): public pages arrive with their content and
// data, pages that need a login arrive as the app shell, and no text from the database can
// break out of the markup or the embedded data. Needs the built web app (`npm run build`).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  const entry = path.join(`${WEB_DIST}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

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

  it("sends the plain app shell for pages that need a login", async () => {
    for (const url of ["/myCart/1", "/product/1", "/userProfile/1/", "/AdminLogin", "/Admindashboard", "/singleProductDetails/1/2"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="ssr-state"');
      expect(res.body, url).toMatch(/<script type="module"[^>]* src="\/assets\//);
    }
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
