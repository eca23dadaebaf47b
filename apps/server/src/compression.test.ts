// Compression and cache headers over a real socket, for every kind of answer (issue 23): the web
// build's files (precompressed by the build, apps/web/build/compression.ts, served by plugins/web.ts),
// rendered pages (page-cache.ts: compressed once when kept, answered by page-edge.ts or Fastify),
// the kept catalogue lists (plugins/catalogue-cache.ts) and every other text answer (@fastify/compress,
// app.ts). Brotli when the client takes it, gzip when only that, plain bytes otherwise; each the very
// same content once decoded; Vary, Cache-Control and ETag / 304 as each kind needs.
//
// The web app is a tiny one built here by vite with the web build's own compression plugin, so the
// suite needs no `npm run build` (and, without an SSR bundle, pages are the app shell: kept and
// answered like any rendered page).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import { compressText } from "../../web/build/compression.ts";
import { buildApp } from "./app.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the bytes as sent (not decoded) */
  body: Buffer;
}

const BR = { "accept-encoding": "br, gzip" };
const GZIP = { "accept-encoding": "gzip" };
const IMMUTABLE = "public, max-age=31536000, immutable";

let root: string;
let dist: string;
let env: TestEnv;
let app: FastifyInstance;
let base: string;
let adminToken: string;
const lines: string[] = [];

/** text that compresses like real code: repeated words, not one repeated byte */
const filler = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `${name} line ${i}: the quick brown fox ${i % 7} jumps over ${i % 3} lazy dogs`).join("\n");

/** a web app of an entry script, a stylesheet and an SVG under /assets/, and boot.js and favicon.svg from the public folder */
async function buildTinyWebApp() {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bytes-web-"));
  dist = path.join(root, "dist");
  fs.mkdirSync(path.join(root, "public"));
  fs.writeFileSync(
    path.join(root, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tiny Store</title></head>
<body><div id="root"></div><noscript>${filler("noscript", 30)}</noscript><script type="module" src="/main.js"></script></body></html>`,
  );
  fs.writeFileSync(
    path.join(root, "main.js"),
    `import "./style.css";\nimport logo from "./logo.svg";\nconst lines = ${JSON.stringify(filler("script", 40).split("\n"))};\ndocument.title = lines.join(logo);\n`,
  );
  fs.writeFileSync(
    path.join(root, "style.css"),
    Array.from({ length: 60 }, (_, i) => `.item-${i} { margin: ${i}px; color: #${String(i).padStart(6, "0")}; }`).join("\n"),
  );
  fs.writeFileSync(
    path.join(root, "logo.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${Array.from({ length: 40 }, (_, i) => `<circle cx="${i}" cy="${i * 2}" r="${i % 9}" fill="#1a7f5a"/>`).join("")}</svg>`,
  );
  fs.writeFileSync(
    path.join(root, "public", "boot.js"),
    `// boot\n${filler("boot", 30)
      .split("\n")
      .map((l) => `console.log(${JSON.stringify(l)});`)
      .join("\n")}\n`,
  );
  fs.writeFileSync(
    path.join(root, "public", "favicon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`,
  );
  await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [compressText()],
    // the SVG as its own hashed file rather than inlined into the script
    build: { outDir: dist, emptyOutDir: true, assetsInlineLimit: 0 },
  });
}

const assetNamed = (pattern: RegExp) => {
  const name = fs.readdirSync(path.join(dist, "assets")).find((f) => pattern.test(f));
  if (!name) throw new Error(`no asset like ${pattern} in ${fs.readdirSync(path.join(dist, "assets")).join(", ")}`);
  return `/assets/${name}`;
};

beforeAll(async () => {
  await buildTinyWebApp();
  env = await createTestEnv();
  app = await buildApp({ handle: env.handle, services: env.services, webDist: dist, logLevel: "info", logStream: { write: (line) => void lines.push(line) } });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  adminToken = await env.services.tokens.sign({ role: "admin", adminId: env.adminId });
  // a product list long enough to be worth compressing
  for (let i = 0; i < 8; i++) await env.newProduct({ productName: `Bytes Probe Cleaner ${i}` });
});
afterAll(async () => {
  await app?.close();
  await env?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const request = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<Answer>((resolve, reject) => {
    http
      .request(`${base}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
const get = (url: string, headers: Record<string, string> = {}) => request(url, headers);

const decoded = (answer: Answer) => {
  const coding = answer.headers["content-encoding"];
  return coding === "br" ? brotliDecompressSync(answer.body) : coding === "gzip" ? gunzipSync(answer.body) : answer.body;
};

/** the answer for no coding, gzip only, and brotli-or-gzip: checked to be the same content, compressed where asked */
async function inEveryCoding(url: string, headers: Record<string, string> = {}) {
  const plain = await get(url, headers);
  const gzip = await get(url, { ...headers, ...GZIP });
  const br = await get(url, { ...headers, ...BR });
  expect(plain.status, url).toBe(200);
  expect(plain.headers["content-encoding"], url).toBeUndefined();
  expect(gzip.headers["content-encoding"], url).toBe("gzip");
  expect(br.headers["content-encoding"], url).toBe("br");
  for (const answer of [gzip, br]) {
    expect(answer.status, url).toBe(200);
    expect(answer.headers.vary, url).toMatch(/accept-encoding/);
    expect(decoded(answer).equals(plain.body), url).toBe(true);
    expect(answer.body.length, url).toBeLessThan(plain.body.length);
    if (answer.headers["content-length"] !== undefined) expect(Number(answer.headers["content-length"]), url).toBe(answer.body.length);
    expect(answer.headers["cache-control"], url).toBe(plain.headers["cache-control"]);
    expect(answer.headers["content-type"], url).toBe(plain.headers["content-type"]);
  }
  return { plain, gzip, br };
}

/** the request lines logged since `from`: an answer of the edge has no reqId, one of Fastify has */
const loggedSince = (from: number) =>
  lines
    .slice(from)
    .map((l) => JSON.parse(l) as { msg: string; reqId?: string; path?: string; status?: number })
    .filter((l) => l.msg === "request");

describe("the web build's compression step", () => {
  it("writes a brotli and a gzip copy next to each text file of 1 KB or more, decoding to the file, and none for smaller files", () => {
    const compressed = [assetNamed(/^index-.*\.js$/), assetNamed(/\.css$/), assetNamed(/^logo-.*\.svg$/), "/boot.js"];
    for (const url of compressed) {
      const file = fs.readFileSync(path.join(dist, url));
      expect(file.length, url).toBeGreaterThanOrEqual(1024);
      const br = fs.readFileSync(path.join(dist, `${url}.br`));
      const gz = fs.readFileSync(path.join(dist, `${url}.gz`));
      expect(brotliDecompressSync(br).equals(file), url).toBe(true);
      expect(gunzipSync(gz).equals(file), url).toBe(true);
      expect(br.length, url).toBeLessThan(file.length);
      expect(gz.length, url).toBeLessThan(file.length);
    }
    expect(fs.statSync(path.join(dist, "favicon.svg")).size).toBeLessThan(1024);
    expect(fs.existsSync(path.join(dist, "favicon.svg.br"))).toBe(false);
    expect(fs.existsSync(path.join(dist, "favicon.svg.gz"))).toBe(false);
  });
});

describe("the web build's files", () => {
  it("sends each hashed asset (script, stylesheet, SVG) precompressed as the client accepts, cached for a year", async () => {
    for (const url of [assetNamed(/^index-.*\.js$/), assetNamed(/\.css$/), assetNamed(/^logo-.*\.svg$/)]) {
      const { plain, gzip, br } = await inEveryCoding(url);
      expect(plain.body.equals(fs.readFileSync(path.join(dist, url))), url).toBe(true);
      // the build's own compressed bytes, not compressed again per request
      expect(br.body.equals(fs.readFileSync(path.join(dist, `${url}.br`))), url).toBe(true);
      expect(gzip.body.equals(fs.readFileSync(path.join(dist, `${url}.gz`))), url).toBe(true);
      for (const answer of [plain, gzip, br]) expect(answer.headers["cache-control"], url).toBe(IMMUTABLE);
      expect(plain.headers.vary, url).toMatch(/accept-encoding/);
      // each representation revalidates with its own ETag
      const notModified = await get(url, { ...BR, "if-none-match": String(br.headers.etag) });
      expect(notModified.status, url).toBe(304);
      expect(notModified.body.length).toBe(0);
    }
  });

  it("sends boot.js precompressed too, but revalidated (no-cache): its name does not change with its content", async () => {
    const { plain, br } = await inEveryCoding("/boot.js");
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(br.body.equals(fs.readFileSync(path.join(dist, "boot.js.br")))).toBe(true);
    expect((await get("/boot.js", { ...BR, "if-none-match": String(br.headers.etag) })).status).toBe(304);
    const head = await request("/boot.js", BR, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("sends a file too small for a compressed copy as it is, not compressed per request", async () => {
    const favicon = await get("/favicon.svg", BR);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-encoding"]).toBeUndefined();
    expect(favicon.headers.vary).toBeUndefined();
    expect(favicon.headers["cache-control"]).toBe("no-cache");
    expect(favicon.body.equals(fs.readFileSync(path.join(dist, "favicon.svg")))).toBe(true);
  });

  it("never sends the SSR template or a compressed copy as a file of its own", async () => {
    const template = fs.readFileSync(path.join(dist, "index.html"));
    const asked = await get("/index.html");
    // answered as a page (the shell, with its PUBLIC_URL meta), not the template's bytes
    expect(asked.headers.etag).toMatch(/^"p-/);
    expect(asked.body.equals(template)).toBe(false);
    const copy = await get(`${assetNamed(/^index-.*\.js$/)}.br`);
    expect(copy.headers["content-type"]).toMatch(/^text\/html/);
    expect(copy.headers["content-encoding"]).toBeUndefined();
  });
});

describe("rendered pages", () => {
  it("are compressed once when kept: the miss (Fastify), the hit before Fastify (edge) and the hit through Fastify send the same bytes", async () => {
    const url = "/categories?bytes=1";
    const from = lines.length;
    const missBr = await get(url, BR);
    const { plain, gzip, br } = await inEveryCoding(url);
    const logged = loggedSince(from);
    expect(logged.map((l) => l.status)).toEqual([200, 200, 200, 200]);
    expect(logged[0]).toHaveProperty("reqId");
    for (const l of logged.slice(1)) expect(l).not.toHaveProperty("reqId");
    expect(br.body.equals(missBr.body)).toBe(true);
    const { date: _missDate, ...missHeaders } = missBr.headers;
    const { date: _hitDate, ...hitHeaders } = br.headers;
    expect(hitHeaders).toEqual(missHeaders);
    // through Fastify (a request the edge leaves to it): the kept bytes too
    const injected = await app.inject({ method: "GET", url, headers: BR });
    expect(injected.headers["content-encoding"]).toBe("br");
    expect(injected.rawPayload.equals(br.body)).toBe(true);

    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const answer of [plain, gzip, br]) {
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).toBe("accept-encoding");
      expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
    }
    // a representation of its own, an ETag of its own; any of them revalidates
    const etag = String(plain.headers.etag);
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${etag.slice(0, -1)}-gz"`);
    for (const tag of [etag, String(br.headers.etag), String(gzip.headers.etag)]) {
      for (const coding of [{}, GZIP, BR]) {
        const notModified = await get(url, { ...coding, "if-none-match": tag });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
      }
      expect((await app.inject({ method: "GET", url, headers: { ...GZIP, "if-none-match": tag } })).statusCode).toBe(304);
    }
    expect((await get(url, { ...BR, "if-none-match": '"p-other"' })).status).toBe(200);
  });

  it("answers HEAD with the headers of the GET in the same coding, and no body", async () => {
    const head = await request("/about-us?bytes=head", BR, "HEAD");
    const page = await get("/about-us?bytes=head", BR);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(page.headers["content-length"]);
    expect(head.headers.etag).toBe(page.headers.etag);
  });
});

describe("the kept catalogue lists", () => {
  const listUrls = [
    "/api/v1/products/details",
    `/api/trpc/products.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { sort: "name" } } }))}`,
  ];

  it("answer brotli or gzip, made once, the first answer (Fastify) as well as the kept ones (edge)", async () => {
    for (const url of listUrls) {
      const from = lines.length;
      const first = await get(url, BR);
      expect(first.headers["content-encoding"], url).toBe("br");
      // through Fastify the client's coding is waited for; after that the edge has it
      const viaFastify = await app.inject({ method: "GET", url, headers: GZIP });
      expect(viaFastify.headers["content-encoding"], url).toBe("gzip");
      const { plain, gzip, br } = await inEveryCoding(url);
      expect(br.body.equals(first.body), url).toBe(true);
      expect(gzip.body.equals(viaFastify.rawPayload), url).toBe(true);
      // the first answer and the inject went through Fastify, the three after them did not
      expect(loggedSince(from).map((l) => "reqId" in l)).toEqual([true, true, false, false, false]);
      expect(plain.headers["content-type"], url).toMatch(/^application\/json/);
      for (const answer of [plain, gzip, br]) {
        expect(answer.headers["cache-control"], url).toBe("no-cache");
        expect(answer.headers.vary, url).toBe("authorization, trpc-accept, accept-encoding");
      }
      expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size, url).toBe(3);
      for (const tag of [plain.headers.etag, gzip.headers.etag, br.headers.etag]) {
        expect((await get(url, { ...BR, "if-none-match": String(tag) })).status, url).toBe(304);
        expect((await app.inject({ method: "GET", url, headers: { ...GZIP, "if-none-match": String(tag) } })).statusCode, url).toBe(304);
      }
    }
  });
});

describe("every other text answer (@fastify/compress)", () => {
  const bearer = () => ({ authorization: `Bearer ${adminToken}` });

  it("compresses REST and tRPC JSON per request (a signed-in list is not kept), keeping no-store", async () => {
    const rest = await inEveryCoding("/api/v1/products/details", bearer());
    const trpc = await inEveryCoding(`/api/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ json: { sort: "name" } }))}`, bearer());
    for (const { plain } of [rest, trpc]) {
      expect(plain.headers["cache-control"]).toBe("no-store");
      expect(JSON.stringify(JSON.parse(plain.body.toString()))).toContain("Bytes Probe Cleaner 7");
    }
  });

  it("compresses the OpenAPI document, the sitemap and robots.txt, and the sitemap still revalidates", async () => {
    for (const url of ["/api/v1/openapi.json", "/sitemap.xml", "/robots.txt"]) await inEveryCoding(url);
    const sitemap = await get("/sitemap.xml", BR);
    expect((await get("/sitemap.xml", { ...BR, "if-none-match": String(sitemap.headers.etag) })).status).toBe(304);
  });

  it("compresses a streamed CSV download", async () => {
    const { plain, br } = await inEveryCoding("/api/v1/export/products.csv", bearer());
    expect(plain.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(br.headers["content-disposition"]).toMatch(/^attachment; filename="products-/);
    expect(decoded(br).toString()).toContain("Bytes Probe Cleaner 3");
  });

  it("leaves small answers, error bodies and PDFs as they are", async () => {
    const small = await get("/api/v1/products/count", { ...BR, ...bearer() });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const refused = await get("/api/v1/products/details/abc", BR);
    expect(refused.status).toBe(400);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });

    await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
    const customer = await env.newCustomer();
    const token = await env.services.tokens.sign({ role: "customer", customerId: customer.customerId });
    const productId = await env.newProduct({ productName: "Bytes Invoice Mop", productPrice: 120, quantity: 10 });
    const placed = await app.inject({
      method: "POST",
      url: "/api/v1/productOrder/save",
      payload: { productId, quantity: 1 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const pdf = await get(`/api/v1/orders/${placed.json<{ productOrderId: string }>().productOrderId}/invoice.pdf`, {
      ...BR,
      authorization: `Bearer ${token}`,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-encoding"]).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
