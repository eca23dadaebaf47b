// The web app: its built files, and every other GET answered with its index.html (client-side
// routing), the storefront's public pages rendered on the server (ssr.ts). Anything else unknown
// is a 404 in the spec's error shape.
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Context } from "@store/api";
import { createPageRenderer } from "../ssr.ts";
import { pathOf, springError } from "../spring-error.ts";

export interface WebOptions {
  webDist: string;
  /** the guest's context: a pre-rendered page never shows anyone's own data */
  guestContext: (request: FastifyRequest) => Promise<Context>;
}

const fallbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean Store</title></head>
<body><h1>Clean Store</h1><p>The web app is not built yet. Run <code>npm run build</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

export const webPlugin = fp<WebOptions>(
  async (app, { webDist, guestContext }) => {
    const indexHtml = path.join(webDist, "index.html");
    if (fs.existsSync(indexHtml)) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        setHeaders: (res, file) => {
          res.setHeader("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }
    const html = () => (fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, "utf8") : fallbackPage);
    const pages = await createPageRenderer(webDist, html, app.log);

    app.setNotFoundHandler(async (request, reply) => {
      const url = pathOf(request.url);
      if (url.startsWith("/api/") || url.startsWith("/images/") || request.method !== "GET") {
        return reply
          .code(404)
          .type("application/json")
          .send(springError(404, `Nothing at ${request.method} ${url}.`, url));
      }
      const page = await pages.page(request.url, () => guestContext(request));
      return reply.code(page.status).header("cache-control", "no-cache").type("text/html").send(page.html);
    });
  },
  { name: "web" },
);
