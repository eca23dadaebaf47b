// The web app: its built files, and every other GET (or HEAD) answered with its index.html
// (client-side routing), the storefront's public pages rendered on the server (ssr.ts), a
// customer's own screens with their data for the customer whose session cookie the request
// carries (plugins/session.ts). Anything else unknown is a 404 in the spec's error shape.
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sharedRuns, type Context } from "@store/api";
import { contentEtag } from "../etag.ts";
import { answerFor, encodePage, keptPage, type KeptPage, type PageCache } from "../page-cache.ts";
import { createPageRenderer, type ViewerContext } from "../ssr.ts";
import { pathOf, springError } from "../spring-error.ts";
import { checkSession, clearedSessionCookie, sessionCookieOf } from "./session.ts";

export interface WebOptions {
  webDist: string;
  /** the guest's context: a page kept or shared never shows anyone's own data */
  guestContext: (request: FastifyRequest) => Promise<Context>;
  /** the context of a request made with `token` as its bearer token: the session cookie's, for the customer's own screens */
  sessionContext: (request: FastifyRequest, token: string) => Promise<Context>;
  /** the storefront's public address (PUBLIC_URL): pages build their canonical and Open Graph URLs on it */
  publicUrl: string;
  /** rendered pages kept per URL (also answered by page-edge.ts before Fastify sees the request) */
  pageCache: PageCache;
}

const fallbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean Store</title></head>
<body><h1>Clean Store</h1><p>The web app is not built yet. Run <code>npm run build</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** the build's hashed files: a new build gives a changed file a new name */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** never sent as they are: the SSR template, and what plugins/seo.ts answers whatever a build left in the folder */
const NOT_SERVED = new Set(["index.html", "robots.txt", "sitemap.xml"]);
const COMPRESSED = [".br", ".gz"];

/** The answer's headers as a page is kept with them; never a Set-Cookie (it stays on the reply, sent once, to this request alone). */
const stringHeaders = (headers: Record<string, number | string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined || name === "set-cookie" ? [] : [[name, Array.isArray(value) ? value.join(", ") : String(value)]],
    ),
  );

/**
 * The build's files, each on its own route: the hashed ones under /assets/ cached for a year, the
 * others (boot.js, favicon.svg) revalidated. The web build wrote a brotli and a gzip copy next to
 * each text file worth compressing (apps/web/build/compression.ts); @fastify/static's
 * `preCompressed` sends the one the client accepts. These routes are left out of @fastify/compress
 * (`compress: false`): a file without a compressed copy is too small to gain from one, and no
 * static file is compressed per request.
 */
async function serveBuiltFiles(app: FastifyInstance, webDist: string) {
  // `cacheControl: false`: @fastify/send's own Cache-Control (max-age=0) would replace the route's
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true, cacheControl: false });
  const files = fs
    .readdirSync(webDist, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => !NOT_SERVED.has(file) && !COMPRESSED.some((ext) => file.endsWith(ext)) && fs.statSync(path.join(webDist, file)).isFile());
  for (const file of files) {
    const cacheControl = file.startsWith("assets/") ? IMMUTABLE : "no-cache";
    const varies = COMPRESSED.some((ext) => fs.existsSync(path.join(webDist, file + ext)));
    app.get(`/${file}`, { compress: false }, (_request, reply) => {
      void reply.header("cache-control", cacheControl);
      if (varies) void reply.header("vary", "accept-encoding");
      return reply.sendFile(file);
    });
  }
}

/** Adds a name to the answer's Vary header (the CORS hook may have put Origin there). */
function vary(reply: FastifyReply, name: string) {
  const current = reply.getHeader("vary");
  void reply.header("vary", current ? `${String(current)}, ${name}` : name);
}

/** A kept or just rendered page sent to this request: the representation it accepts, or 304. */
const sendPage = (reply: FastifyReply, page: KeptPage, request: FastifyRequest) => {
  const { status, headers, body } = answerFor(page, request.headers);
  return reply.code(status).headers(headers).send(body);
};

export const webPlugin = fp<WebOptions>(
  async (app, { webDist, guestContext, sessionContext, publicUrl, pageCache }) => {
    const indexHtml = path.join(webDist, "index.html");
    if (fs.existsSync(indexHtml)) await serveBuiltFiles(app, webDist);
    const html = () => (fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, "utf8") : fallbackPage);
    const pages = await createPageRenderer(webDist, html, app.log, publicUrl);
    const secureSite = publicUrl.startsWith("https:");
    // a page's bytes, ETag and compressed bodies, made once per render however many requests wait for it
    const render = async (url: string, request: FastifyRequest, session: string | undefined) => {
      let sessionEnded = false;
      // asked only by a customer's own screen, with the customer id its address names
      const viewer: ViewerContext | undefined =
        session === undefined
          ? undefined
          : async (customerId) => {
              const context = () => sessionContext(request, session);
              // another customer's address (a shared link): the skeleton, and the browser's guard
              // sends the signed-in customer to their own; the cookie is theirs, and stays
              const claimed = (await context()).auth;
              if (claimed?.role === "customer" && claimed.customerId !== customerId) return null;
              const checked = await checkSession(session, context);
              if (checked === "ended") sessionEnded = true;
              return typeof checked === "object" && checked.customerId === customerId ? context : null;
            };
      const page = await pages.page(url, () => guestContext(request), viewer);
      const body = Buffer.from(page.html);
      return { ...page, sessionEnded, body, etag: contentEtag(page.html, "p-"), encoded: encodePage(body) };
    };
    const renders = sharedRuns<Awaited<ReturnType<typeof render>>>();

    app.setNotFoundHandler(async (request, reply) => {
      const url = pathOf(request.url);
      if (url.startsWith("/api/") || url.startsWith("/images/") || (request.method !== "GET" && request.method !== "HEAD")) {
        return reply
          .code(404)
          .type("application/json")
          .send(springError(404, `Nothing at ${request.method} ${url}.`, url));
      }
      const kept = pageCache.get(request.url);
      if (kept) return sendPage(reply, kept, request);
      // requests for a page that is being rendered wait for that render (after every product or
      // stock write a crowd misses the cache at once); a render started before a write serves no one after it
      const begunAt = pageCache.begin();
      // a render with a session cookie is shared only by requests with the same cookie
      const session = sessionCookieOf(request);
      const rendered = await renders.run(`${begunAt} ${request.url} ${session ?? ""}`, () => render(request.url, request, session));
      // the customer's own data: for this browser alone, kept by no cache
      void reply.header("cache-control", rendered.viewer ? "private, no-store" : "no-cache").type("text/html; charset=utf-8");
      // a customer's own screen is rendered according to the cookie: no shared cache hands one visitor's answer to another
      if (rendered.personal) vary(reply, "cookie");
      if (rendered.sessionEnded) void reply.header("set-cookie", clearedSessionCookie(request, secureSite));
      // kept with every header it is sent with (the security headers included), for page-edge.ts
      const page = keptPage(rendered.status, rendered.etag, rendered.body, stringHeaders(reply.getHeaders()), rendered.encoded);
      if (rendered.cacheable) pageCache.keep(request.url, page, begunAt);
      return sendPage(reply, page, request);
    });
  },
  { name: "web" },
);
