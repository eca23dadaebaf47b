// The web app: its built files, and every other GET answered with its index.html (client-side
// routing), the storefront's public pages rendered on the server (ssr.ts). Anything else unknown
// is a 404 in the spec's error shape.
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sharedRuns, type Context } from "@store/api";
import { contentEtag } from "../etag.ts";
import type { PageCache } from "../page-cache.ts";
import { createPageRenderer } from "../ssr.ts";
import { pathOf, springError } from "../spring-error.ts";

export interface WebOptions {
  webDist: string;
  /** the guest's context: a pre-rendered page never shows anyone's own data */
  guestContext: (request: FastifyRequest) => Promise<Context>;
  /** the storefront's public address (PUBLIC_URL): pages build their canonical and Open Graph URLs on it */
  publicUrl: string;
  /** rendered pages kept per URL (also answered by page-edge.ts before Fastify sees the request) */
  pageCache: PageCache;
}

const fallbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean Store</title></head>
<body><h1>Clean Store</h1><p>The web app is not built yet. Run <code>npm run build</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

const stringHeaders = (headers: Record<string, number | string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : String(value)]])),
  );

export const webPlugin = fp<WebOptions>(
  async (app, { webDist, guestContext, publicUrl, pageCache }) => {
    const indexHtml = path.join(webDist, "index.html");
    if (fs.existsSync(indexHtml)) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // answered by plugins/seo.ts, whatever a build left in the folder
        globIgnore: ["robots.txt", "sitemap.xml"],
        setHeaders: (res, file) => {
          res.setHeader("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }
    const html = () => (fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, "utf8") : fallbackPage);
    const pages = await createPageRenderer(webDist, html, app.log, publicUrl);
    const renders = sharedRuns<Awaited<ReturnType<typeof pages.page>>>();

    app.setNotFoundHandler(async (request, reply) => {
      const url = pathOf(request.url);
      if (url.startsWith("/api/") || url.startsWith("/images/") || request.method !== "GET") {
        return reply
          .code(404)
          .type("application/json")
          .send(springError(404, `Nothing at ${request.method} ${url}.`, url));
      }
      const kept = pageCache.get(request.url);
      if (kept) {
        void reply.headers(kept.headers);
        return kept.status === 200 && request.headers["if-none-match"] === kept.etag ? reply.code(304).send() : reply.code(kept.status).send(kept.body);
      }
      // requests for a page that is being rendered wait for that render (after every product or
      // stock write a crowd misses the cache at once); a render started before a write serves no one after it
      const begunAt = pageCache.begin();
      const page = await renders.run(`${begunAt} ${request.url}`, () => pages.page(request.url, () => guestContext(request)));
      const etag = contentEtag(page.html, "p-");
      void reply.code(page.status).header("cache-control", "no-cache").type("text/html; charset=utf-8").header("etag", etag);
      const body = Buffer.from(page.html);
      // kept with every header it is sent with (the security headers included), for page-edge.ts
      if (page.cacheable)
        pageCache.keep(
          request.url,
          { status: page.status, etag, body, headers: { ...stringHeaders(reply.getHeaders()), "content-length": String(body.length) } },
          begunAt,
        );
      if (page.status === 200 && request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.send(body);
    });
  },
  { name: "web" },
);
