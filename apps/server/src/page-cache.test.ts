// Rendered storefront pages kept per URL (page-cache.ts, issue 18): the same bytes a fresh render
// gives, gone after any product, stock or settings write, never kept across a write that happened
// while rendering, expired after their time, bounded. Needs the built web app (`npm run build`).
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST } from "./app.ts";
import { answerFor, createPageCache, encodePage, keptPage } from "./page-cache.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

describe("createPageCache", () => {
  const page = (html: string) => ({ status: 200, etag: `"${html}"`, body: Buffer.from(html), headers: { "content-type": "text/html" } });
  const text = (kept: { body: Buffer } | undefined) => kept?.body.toString();

  it("keeps a page until the generation moves", () => {
    let generation = 0;
    const cache = createPageCache({ generation: () => generation });
    cache.keep("/", page("<p>one</p>"), cache.begin());
    expect(text(cache.get("/"))).toBe("<p>one</p>");
    generation++;
    expect(cache.get("/")).toBeUndefined();
  });

  it("does not keep a page rendered across a write", () => {
    let generation = 0;
    const cache = createPageCache({ generation: () => generation });
    const begunAt = cache.begin();
    generation++; // a product changed while the page rendered
    cache.keep("/", page("<p>stale</p>"), begunAt);
    expect(cache.get("/")).toBeUndefined();
  });

  it("expires pages after their time", () => {
    let clock = 1_000;
    const cache = createPageCache({ generation: () => 0, ttlMs: 500, now: () => clock });
    cache.keep("/a", page("a"), cache.begin());
    clock += 499;
    expect(text(cache.get("/a"))).toBe("a");
    clock += 1;
    expect(cache.get("/a")).toBeUndefined();
  });

  it("is bounded in entries and bytes, dropping the oldest first", () => {
    const cache = createPageCache({ generation: () => 0, maxEntries: 3, maxBytes: 40 });
    for (const url of ["/1", "/2", "/3", "/4"]) cache.keep(url, page("x".repeat(5)), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get("/1")).toBeUndefined();
    cache.keep("/big", page("y".repeat(10)), cache.begin());
    // 3 x 5 + 10 = 25 bytes would fit 40, but only 3 entries may stay
    expect(cache.size).toBe(3);
    expect(cache.get("/2")).toBeUndefined();
    // a page over a quarter of the byte budget is answered but not kept
    cache.keep("/huge", page("z".repeat(11)), cache.begin());
    expect(cache.get("/huge")).toBeUndefined();
  });
});

describe("a kept page's codings (issue 23)", () => {
  const html = Buffer.from(`<!doctype html><main>${Array.from({ length: 200 }, (_, i) => `<p>Floor cleaner ${i} at ₹${i * 3}</p>`).join("")}</main>`);
  const headers = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", etag: '"old"', "content-length": "1" };

  it("keeps the page brotli- and gzip-compressed, each with its own ETag, length and Vary", () => {
    const page = keptPage(200, '"p-abc"', html, headers, encodePage(html));
    expect(brotliDecompressSync(page.br!.body).equals(html)).toBe(true);
    expect(gunzipSync(page.gzip!.body).equals(html)).toBe(true);
    expect(page.br!.body.length).toBeLessThan(html.length);
    expect(page.headers).toEqual({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      vary: "accept-encoding",
      etag: '"p-abc"',
      "content-length": String(html.length),
    });
    expect(page.br!.headers).toMatchObject({
      etag: '"p-abc-br"',
      "content-encoding": "br",
      "content-length": String(page.br!.body.length),
      vary: "accept-encoding",
    });
    expect(page.gzip!.headers).toMatchObject({ etag: '"p-abc-gz"', "content-encoding": "gzip", "content-length": String(page.gzip!.body.length) });
  });

  it("adds Accept-Encoding to a Vary the first answer had", () => {
    expect(keptPage(200, '"p-abc"', html, { ...headers, vary: "origin" }, encodePage(html)).headers.vary).toBe("origin, accept-encoding");
  });

  it("answers the coding the request takes, brotli first, and 304 to any of the page's ETags", () => {
    const page = keptPage(200, '"p-abc"', html, headers, encodePage(html));
    expect(answerFor(page, { "accept-encoding": "gzip, deflate, br, zstd" }).body).toBe(page.br!.body);
    expect(answerFor(page, { "accept-encoding": "gzip" }).body).toBe(page.gzip!.body);
    expect(answerFor(page, { "accept-encoding": "br;q=0, gzip" }).headers).toBe(page.gzip!.headers);
    expect(answerFor(page, {}).body).toBe(page.body);
    expect(answerFor(page, { "accept-encoding": "identity" }).headers).toBe(page.headers);
    for (const tag of ['"p-abc"', '"p-abc-br"', 'W/"p-abc-gz"', '"x", "p-abc-br"']) {
      const answer = answerFor(page, { "accept-encoding": "gzip", "if-none-match": tag });
      expect(answer.status, tag).toBe(304);
      expect(answer.body).toBeUndefined();
      expect(answer.headers.etag).toBe('"p-abc-gz"');
    }
    expect(answerFor(page, { "if-none-match": '"p-other"' }).status).toBe(200);
    // a kept 404 is sent as it is, whatever the client kept
    expect(answerFor({ ...page, status: 404 }, { "if-none-match": '"p-abc"' }).status).toBe(404);
  });

  it("sends a page under 1 KB (or one compression would not shrink) as it is, without Vary", () => {
    const small = Buffer.from("<p>small</p>");
    expect(encodePage(small)).toEqual({});
    const page = keptPage(200, '"p-s"', small, headers, encodePage(small));
    expect(page.br).toBeUndefined();
    expect(page.headers.vary).toBeUndefined();
    expect(answerFor(page, { "accept-encoding": "br" }).body).toBe(small);
  });

  it("counts the compressed bodies in the cache's byte budget", () => {
    const page = keptPage(200, '"p-abc"', html, headers, encodePage(html));
    const total = html.length + page.br!.body.length + page.gzip!.body.length;
    const fits = createPageCache({ generation: () => 0, maxBytes: total * 4 });
    fits.keep("/a", page, fits.begin());
    expect(fits.get("/a")).toBeDefined();
    // over a quarter of the budget with its compressed bodies, though the page alone is not
    const tight = createPageCache({ generation: () => 0, maxBytes: (html.length + 1) * 4 });
    tight.keep("/a", page, tight.begin());
    expect(tight.get("/a")).toBeUndefined();
  });
});

describe("pages from the cache over HTTP", () => {
  let env: HttpTestEnv;
  beforeAll(async () => {
    const entry = path.join(`${WEB_DIST}-server`, "entry-server.js");
    if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
    env = await createHttpTestEnv();
  });
  afterAll(() => env.close());
  const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: "GET", url, headers });

  it("answers a repeated page with the same bytes and ETag, and 304 to If-None-Match", async () => {
    const productId = await env.newProduct({ productName: "Cached Glass Shine", productPrice: 99 });
    const first = await get(`/singleProductDetails/${productId}`);
    const second = await get(`/singleProductDetails/${productId}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Cached Glass Shine");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers["content-security-policy"]).toContain("script-src 'self'");
    const revalidated = await get(`/singleProductDetails/${productId}`, { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("shows a product's new price on the very next request", async () => {
    const productId = await env.newProduct({ productName: "Cached Tile Cleaner", productPrice: 1234, mainPrice: 1500 });
    const before = await get(`/singleProductDetails/${productId}`);
    expect(before.body).toContain("₹1,234");
    await env.admin.products.update({ productId, productName: "Cached Tile Cleaner", productPrice: 1357 });
    const after = await get(`/singleProductDetails/${productId}`);
    expect(after.body).toContain("₹1,357");
    expect(after.body).not.toContain("₹1,234");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("shows changed settings (the seller's name on /contact-us) on the very next request", async () => {
    const before = await get("/contact-us");
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain("Swachh Ghar Products LLP");
    await env.admin.settings.update({ sellerLegalName: "Swachh Ghar Products LLP" });
    const after = await get("/contact-us");
    expect(after.body).toContain("Swachh Ghar Products LLP");
  });

  it("answers a crowd arriving at a page nobody has asked for yet with one and the same page", async () => {
    const productId = await env.newProduct({ productName: "Crowded Floor Gel" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`/singleProductDetails/${productId}`)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.body).toContain("Crowded Floor Gel");
  });

  it("keeps a missing page's 404 status", async () => {
    const first = await get("/no-such-page");
    const second = await get("/no-such-page");
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(second.body).toBe(first.body);
  });
});

describe("kept pages answered before Fastify (page-edge.ts), over a real socket", () => {
  let env: HttpTestEnv;
  let base: string;
  const lines: string[] = [];
  beforeAll(async () => {
    env = await createHttpTestEnv({ logLevel: "info", logStream: { write: (line) => void lines.push(line) } });
    base = await env.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => env.close());
  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== "date"));

  it("sends the same status, bytes and headers as the first answer, and logs one line per request", async () => {
    const productId = await env.newProduct({ productName: "Edge Window Wipe" });
    lines.length = 0;
    const first = await fetch(`${base}/singleProductDetails/${productId}`);
    const firstBody = await first.text();
    const second = await fetch(`${base}/singleProductDetails/${productId}`);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(firstBody).toContain("Edge Window Wipe");
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const notModified = await fetch(`${base}/singleProductDetails/${productId}`, { headers: { "if-none-match": String(first.headers.get("etag")) } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    const requests = lines
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; method?: string; path?: string; status?: number; ms?: number })
      .filter((l) => l.msg === "request");
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", `/singleProductDetails/${productId}`, 200],
      ["GET", `/singleProductDetails/${productId}`, 200],
      ["GET", `/singleProductDetails/${productId}`, 304],
    ]);
    for (const r of requests) expect(typeof r.ms).toBe("number");
    // Fastify's request logger names its request; the edge answered the kept page before Fastify made one
    expect(requests[0]).toHaveProperty("reqId");
    expect(requests[1]).not.toHaveProperty("reqId");
  });

  it("applies the request timeouts to the server it makes for Fastify", () => {
    const server = env.app.server;
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBe(10_000);
  });
});
