// Found by search engines (issue 18): /sitemap.xml read with a strict XML parser, /robots.txt, and
// the canonical link, Open Graph tags and JSON-LD of the server-rendered pages, all absolute on
// PUBLIC_URL (here not the address the requests come to). Needs the built web app (`npm run build`).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SaxesParser } from "saxes";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createTestEnv, productFields, type TestEnv } from "@store/api/testing";
import { INFO_PAGES } from "@store/domain";
import { PRODUCT_CATEGORIES } from "@store/validators";
import { buildApp, WEB_DIST } from "./app.ts";
import { sitemapXml } from "./plugins/seo.ts";

const SHOP = "https://shop.example.in";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const here = path.dirname(fileURLToPath(import.meta.url));
const ROUTES = path.resolve(here, "../../web/src/routes");

let env: TestEnv;
let app: FastifyInstance;
beforeAll(async () => {
  const entry = path.join(`${WEB_DIST}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  env = await createTestEnv();
  env.services.mail = { publicUrl: SHOP, smtpConfigured: false };
  app = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent" });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const get = (url: string) => app.inject({ method: "GET", url });
/** a product with the fields the test helper's `newProduct` does not take (category, image) */
const newProduct = async (fields: Partial<ReturnType<typeof productFields>> & { category?: (typeof PRODUCT_CATEGORIES)[number]; productImg?: string }) =>
  (await env.admin.products.save({ ...productFields(), ...fields })).product.productId;
const local = (absolute: string) => absolute.slice(SHOP.length);

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/** The sitemap as a strict XML parser reads it: any well-formedness error throws; every element must be in the sitemap namespace. */
function parseSitemap(xml: string): SitemapEntry[] {
  const parser = new SaxesParser({ xmlns: true });
  const entries: SitemapEntry[] = [];
  const open: string[] = [];
  let text = "";
  let entry: Partial<SitemapEntry> = {};
  parser.on("opentag", (tag) => {
    if (tag.uri !== SITEMAP_NS) throw new Error(`<${tag.name}> is not in the sitemap namespace`);
    open.push(tag.local);
    text = "";
    if (tag.local === "url") entry = {};
  });
  parser.on("text", (t) => {
    text += t;
  });
  parser.on("closetag", (tag) => {
    open.pop();
    if (tag.local === "loc") entry.loc = text;
    if (tag.local === "lastmod") entry.lastmod = text;
    if (tag.local === "url") {
      if (!entry.loc) throw new Error("a <url> without <loc>");
      entries.push(entry as SitemapEntry);
    }
  });
  parser.write(xml).close();
  expect(open).toEqual([]);
  return entries;
}

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const bodyOf = (html: string) => html.slice(html.indexOf("</head>"));
const canonicalOf = (html: string) => {
  const links = [...headOf(html).matchAll(/<link rel="canonical" href="([^"]*)"\/>/g)];
  expect(links.length).toBeLessThanOrEqual(1);
  return links[0]?.[1] === undefined ? undefined : decodeHtml(links[0][1]);
};
const ogOf = (html: string) =>
  Object.fromEntries([...headOf(html).matchAll(/<meta property="(og:[a-z_:]+)" content="([^"]*)"\/>/g)].map((m) => [m[1], decodeHtml(m[2] ?? "")]));
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "") as Record<string, unknown>);

/** RFC 9309 as Google reads it: the longest matching rule wins, Allow on a tie; `*` is any text, a final `$` the end. */
function robotsAllows(robots: string, url: string): boolean {
  const rules = robots.split("\n").flatMap((line) => {
    const m = /^(Allow|Disallow):\s*(\S*)/.exec(line);
    return m?.[2] ? [{ allow: m[1] === "Allow", path: m[2] }] : [];
  });
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of rules) {
    const source = rule.path.replace(/[.+?^{}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
    if (!new RegExp(`^${source}`).test(url)) continue;
    if (!best || rule.path.length > best.length || (rule.path.length === best.length && rule.allow)) best = { allow: rule.allow, length: rule.path.length };
  }
  return best?.allow ?? true;
}

/** A URL of each screen in a folder of routes (file name = path; `$param` given a number). */
const routeUrls = (folder: string) =>
  fs
    .readdirSync(path.join(ROUTES, folder))
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => `/${f.replace(/\.tsx$/, "").replace(/\.\$[A-Za-z]+/g, "/7")}`);

describe("GET /sitemap.xml", () => {
  let live: number[] = [];
  let deleted = 0;
  beforeAll(async () => {
    live = [
      await newProduct({ productName: "Sitemap Floor Shine", category: "Floor Care" }),
      await newProduct({ productName: "Sitemap Glass & Steel <Spray>", category: "Glass & Surfaces", quantity: 0 }),
    ];
    deleted = await env.newProduct({ productName: "Sitemap Withdrawn Cleaner" });
    await env.admin.products.delete({ productId: deleted });
  });

  it("is a well-formed sitemap of every listing, category, live product and information page, absolute on PUBLIC_URL", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const entries = parseSitemap(res.body);
    const locs = entries.map((e) => e.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${SHOP}/`), loc).toBe(true);

    expect(locs).toContain(`${SHOP}/`);
    for (const productId of live) expect(locs).toContain(`${SHOP}/singleProductDetails/${productId}`);
    expect(locs).not.toContain(`${SHOP}/singleProductDetails/${deleted}`);
    const products = await env.handle.db.product.findMany({ where: { deletedAt: null }, select: { productId: true, updatedAt: true } });
    expect(locs.filter((l) => l.includes("/singleProductDetails/"))).toHaveLength(products.length);
    for (const p of products) {
      const entry = entries.find((e) => e.loc === `${SHOP}/singleProductDetails/${p.productId}`);
      expect(entry?.lastmod).toBe(p.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z"));
    }
    for (const page of INFO_PAGES) expect(locs).toContain(`${SHOP}${page}`);

    // the categories as the storefront links them from /categories (one page per category)
    const categoriesPage = (await get("/categories")).body;
    const linked = [...categoriesPage.matchAll(/href="(\/search\?category=[^"]*)"/g)].map((m) => decodeHtml(m[1] ?? ""));
    expect(linked).toHaveLength(PRODUCT_CATEGORIES.length);
    for (const href of linked) expect(locs).toContain(`${SHOP}${href}`);
    expect(locs).toContain(`${SHOP}/search?category=Glass+%26+Surfaces`);

    // the information pages as the policy menu links them
    const menu = /<nav class="policy-menu"[\s\S]*?<\/nav>/.exec((await get("/privacyPolicy")).body)?.[0] ?? "";
    const menuLinks = [...menu.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(menuLinks.length).toBeGreaterThan(5);
    for (const href of menuLinks) expect(locs).toContain(`${SHOP}${href}`);
  });

  it("names pages that answer 200, rendered on the server, each naming the same URL as its canonical link", async () => {
    const entries = parseSitemap((await get("/sitemap.xml")).body);
    for (const { loc } of entries) {
      const res = await get(local(loc));
      expect(res.statusCode, loc).toBe(200);
      expect(res.body, loc).toContain('id="ssr-state"');
      expect(canonicalOf(res.body), loc).toBe(loc);
      expect(ogOf(res.body)["og:url"], loc).toBe(loc);
    }
  });

  it("is kept until a product changes, on any write", async () => {
    const first = await get("/sitemap.xml");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"s-/);
    expect((await app.inject({ method: "GET", url: "/sitemap.xml", headers: { "if-none-match": etag } })).statusCode).toBe(304);

    const added = await env.newProduct({ productName: "Sitemap Newcomer" });
    const afterAdd = await get("/sitemap.xml");
    expect(afterAdd.headers.etag).not.toBe(etag);
    expect(parseSitemap(afterAdd.body).map((e) => e.loc)).toContain(`${SHOP}/singleProductDetails/${added}`);

    await env.admin.products.delete({ productId: added });
    expect(parseSitemap((await get("/sitemap.xml")).body).map((e) => e.loc)).not.toContain(`${SHOP}/singleProductDetails/${added}`);
  });

  it("escapes what XML gives a meaning to", () => {
    const loc = `${SHOP}/search?a=1&b=<2>&c="3"&d='4'`;
    const xml = sitemapXml([{ loc, lastmod: new Date("2025-04-01T10:20:30.456Z") }]);
    expect(parseSitemap(xml)).toEqual([{ loc, lastmod: "2025-04-01T10:20:30Z" }]);
  });
});

describe("GET /robots.txt", () => {
  it("opens the storefront, closes the API, the back office and the customer's screens, and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const robots = res.body;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`\nSitemap: ${SHOP}/sitemap.xml\n`);

    for (const url of [
      "/",
      "/singleProductDetails/7",
      "/search?category=Floor+Care",
      "/categories",
      "/images/products/7/396/abc.webp",
      "/assets/index.js",
      "/boot.js",
    ]) {
      expect(robotsAllows(robots, url), url).toBe(true);
    }
    for (const { loc } of parseSitemap((await get("/sitemap.xml")).body)) expect(robotsAllows(robots, local(loc)), loc).toBe(true);

    const closed = [
      ...routeUrls("_admin"),
      ...routeUrls("_customer"),
      "/AdminLogin",
      "/adminForgotPassword",
      "/adminResetPassword?token=x",
      "/product/7",
      "/singleProductDetails/7/8",
      "/customerLogin",
      "/customerRegister",
      "/forgotPassword",
      "/resetPassword?token=x",
      "/api/v1/products/details",
      "/api/trpc/products.list",
      "/api/docs",
    ];
    expect(closed.length).toBeGreaterThan(30);
    for (const url of closed) expect(robotsAllows(robots, url), url).toBe(false);
  });
});

describe("head tags and JSON-LD of the server-rendered pages", () => {
  it("a product page: canonical, Open Graph and a schema.org Product whose offer follows the price and the stock", async () => {
    const name = `Shine </script><script>alert(1)</script> & "Co" ₹`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0b7a75" } })
      .png()
      .toBuffer();
    const productId = await newProduct({
      productName: name,
      productPrice: 149.5,
      mainPrice: 180,
      quantity: 12,
      productInfo: "Cleans <b>marble</b> & tiles.",
      productImg: `data:image/png;base64,${png.toString("base64")}`,
    });
    const product = await env.anonymous.products.byId({ productId });
    expect(product.productImg).toMatch(/^\/images\/products\//);
    expect((await get(product.productImg ?? "")).statusCode).toBe(200);
    const url = `${SHOP}/singleProductDetails/${productId}`;

    const html = (await get(`/singleProductDetails/${productId}`)).body;
    expect(canonicalOf(html)).toBe(url);
    expect(ogOf(html)).toMatchObject({
      "og:type": "product",
      "og:title": name,
      "og:url": url,
      "og:description": "Cleans <b>marble</b> & tiles.",
      "og:image": `${SHOP}${product.productImg}`,
      "og:site_name": "Clean Store",
    });
    // in <head> only: left in the root they would break hydration
    expect(bodyOf(html)).not.toContain('rel="canonical"');
    expect(bodyOf(html)).not.toContain('property="og:');
    expect(headOf(html).match(/<meta name="public-url" content="https:\/\/shop\.example\.in">/g)).toHaveLength(1);

    // nothing in the data can close its <script>
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(block).not.toContain("<");
    expect(html).not.toContain("<script>alert(1)");
    const [ld, ...others] = jsonLdOf(html);
    expect(others).toEqual([]);
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name,
      // the default pack's SKU (issue 25), on the product and on its one offer
      sku: `P${productId}-500ML`,
      description: "Cleans <b>marble</b> & tiles.",
      category: "General",
      size: "500ml",
      image: `${SHOP}${product.productImg}`,
      offers: {
        "@type": "Offer",
        url,
        price: "149.50",
        priceCurrency: "INR",
        sku: `P${productId}-500ML`,
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });

    await env.admin.products.update({ productId, productName: name, quantity: 0, productPrice: 99, manufacturer: "Sparkle Home Pvt Ltd" });
    const [soldOut] = jsonLdOf((await get(`/singleProductDetails/${productId}`)).body);
    expect(soldOut?.offers).toMatchObject({ price: "99.00", priceCurrency: "INR", availability: "https://schema.org/OutOfStock" });
    expect(soldOut?.brand).toEqual({ "@type": "Brand", name: "Sparkle Home Pvt Ltd" });
  });

  it("the home page: canonical, Open Graph and a schema.org Organization with the customer care of Settings", async () => {
    const html = (await get("/")).body;
    expect(canonicalOf(html)).toBe(`${SHOP}/`);
    expect(ogOf(html)).toMatchObject({ "og:type": "website", "og:url": `${SHOP}/`, "og:title": "Clean Store: cleaning products online" });
    const org = jsonLdOf(html).find((d) => d["@type"] === "Organization");
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      name: "Clean Store",
      url: `${SHOP}/`,
      logo: `${SHOP}/favicon.svg`,
      contactPoint: [{ "@type": "ContactPoint", contactType: "customer service", telephone: "+91 20 4000 1200", email: "care@cleanstore.in" }],
    });
    expect(jsonLdOf(html).filter((d) => d["@type"] === "Product")).toEqual([]);

    await env.admin.settings.update({ customerCarePhone: "+91 80 1111 2222", customerCareEmail: "help@shop.example.in" });
    const updated = jsonLdOf((await get("/")).body).find((d) => d["@type"] === "Organization");
    expect(updated?.contactPoint).toMatchObject([{ telephone: "+91 80 1111 2222", email: "help@shop.example.in" }]);
    // a later page of the grid is its own page
    expect(canonicalOf((await get("/?page=2&sort=newest")).body)).toBe(`${SHOP}/?page=2`);
  });

  it("category, information and search pages", async () => {
    const category = (await get("/search?category=Glass+%26+Surfaces&sort=priceAsc")).body;
    expect(canonicalOf(category)).toBe(`${SHOP}/search?category=Glass+%26+Surfaces`);
    expect(ogOf(category)["og:title"]).toBe("Glass & Surfaces products | Clean Store");
    const policy = (await get("/refundPolicy")).body;
    expect(canonicalOf(policy)).toBe(`${SHOP}/refundPolicy`);
    expect(ogOf(policy)).toMatchObject({ "og:title": "Refund Policy | Clean Store", "og:type": "website" });
    // a search's results are not indexed and name no canonical page
    const search = (await get("/search?q=floor")).body;
    expect(headOf(search)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(canonicalOf(search)).toBeUndefined();
  });

  it("pages that need a login carry PUBLIC_URL too, for the browser's own render", async () => {
    // the back office is rendered in the browser only; a customer's own screen is a server-rendered shell (issue 23)
    const shell = (await get("/Admindashboard")).body;
    expect(shell).toContain('<div id="root"></div>');
    expect(headOf(shell)).toContain(`<meta name="public-url" content="${SHOP}">`);
    const skeleton = (await get("/myCart/1")).body;
    expect(skeleton).toContain('aria-busy="true"');
    expect(headOf(skeleton)).toContain(`<meta name="public-url" content="${SHOP}">`);
  });
});
