import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter, createContext, type AppRouter, type Services } from "@store/api";
import type { DbHandle } from "@store/db";
import { MAX_IMAGE_BYTES } from "@store/validators";
import { createRestHandler, registerRest, REST_PREFIX, springError } from "./rest.ts";
import { registerImages } from "./images.ts";
import { registerDocs } from "./docs.ts";
import { registerProductListRoute } from "./product-list-route.ts";
import { createPageRenderer } from "./ssr.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, "../../web/dist");

export interface AppOptions {
  handle: DbHandle;
  services: Services;
  logLevel?: string;
  corsOrigins?: string[];
  webDist?: string;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logLevel === "silent" ? false : { level: opts.logLevel ?? "info" },
    bodyLimit: 8 * 1024 * 1024,
    trustProxy: false,
    // a tRPC batch names its procedures in one path parameter ("a,b,c"): Fastify's default of
    // 100 characters answered 414 to batches of more than ~5 calls (security suite); the
    // number of calls is bounded by maxBatchSize below
    routerOptions: { maxParamLength: 4000 },
  });
  // set before any plugin is registered: encapsulated plugins (tRPC) copy the handler of the
  // moment, and Fastify's default one sends a 500's raw message to the client (security suite)
  app.setErrorHandler(handleError);
  // JSON nested thousands deep overflows JSON.stringify inside the REST adapter (a 500, found by
  // the fuzz suite): refuse it with a 400 before parsing; otherwise Fastify's own secure parser
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonTooDeep(body as string, MAX_JSON_DEPTH)) {
      return done(Object.assign(new Error(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`), { statusCode: 400 }), undefined);
    }
    defaultJson(request, body as string, done);
  });
  const { db } = opts.handle;

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  // fieldSize: productImg may come as a data URL text field (spec §7 product update), up to a 5 MB image in base64
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 } });

  // CORS is closed unless origins are listed (CORS_ORIGINS)
  const allowed = new Set(opts.corsOrigins ?? []);
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) {
      reply.header("access-control-allow-origin", origin);
      reply.header("vary", "Origin");
      reply.header("access-control-allow-headers", "authorization, content-type");
      reply.header("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
      if (request.method === "OPTIONS") return reply.code(204).send();
    }
  });

  // API answers carry personal data and tokens: no shared or browser cache keeps them (security suite)
  app.addHook("onSend", async (request, reply, payload) => {
    // the route's pattern: the REST facade rewrites request.url without its /api/v1 prefix
    if ((request.routeOptions.url ?? request.url).startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  // tRPC takes JSON only: its Fastify adapter answers a multipart body with a 500 (found by the fuzz suite)
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/trpc") && /^\s*multipart\//i.test(request.headers["content-type"] ?? "")) {
      return reply
        .code(415)
        .type("application/json")
        .send(springError(415, "Send tRPC calls as application/json.", request.url.split("?")[0]));
    }
  });

  const contextFor = (req: FastifyRequest) => createContext({ db, services: opts.services, authorization: req.headers.authorization, clientIp: req.ip });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: {
      router: appRouter,
      // one request may not run hundreds of procedures (API4; security suite); the web app batches a few
      maxBatchSize: 100,
      createContext: ({ req }) => contextFor(req),
      onError: ({ error, path: p }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error.cause ?? error, path: p }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  const openApiDocument = generateOpenApiDocument(appRouter, {
    title: "Cleaning Store API",
    description:
      "REST facade of the store's tRPC procedures. Money is in rupees. Protected calls need `Authorization: Bearer <token>` from POST /customers/login or POST /admin/login. Errors: `{ timestamp, status, error, message, path }`.",
    version: "1.0.0",
    baseUrl: REST_PREFIX,
  });
  app.get(`${REST_PREFIX}/openapi.json`, async () => openApiDocument);
  registerDocs(app);
  const rest = createRestHandler(appRouter, contextFor);
  registerProductListRoute(app, db, opts.services, rest, contextFor);
  registerRest(app, rest);
  registerImages(app, db, opts.services.productEvents);

  app.get("/healthz", async (_req, reply) => {
    try {
      await opts.handle.raw.query("SELECT 1");
      return { status: "ok", database: opts.handle.kind };
    } catch {
      return reply.code(503).send({ status: "unavailable", database: opts.handle.kind, message: "The database is not reachable." });
    }
  });

  function handleError(error: Error & { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    const message =
      status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE"
        ? "The request is too large (images at most 5 MB)."
        : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : status >= 500
            ? "Something went wrong on our side. Please try again."
            : error.message;
    const code = error.code === "FST_REQ_FILE_TOO_LARGE" ? 413 : status;
    void reply
      .code(code)
      .type("application/json")
      .send(springError(code, message, request.url.split("?")[0]));
  }

  const webDist = opts.webDist ?? WEB_DIST;
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
  // the guest's context: a pre-rendered page never shows anyone's own data
  const guestContext = (req: FastifyRequest) => () => createContext({ db, services: opts.services, clientIp: req.ip });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0];
    if (url.startsWith("/api/") || url.startsWith("/images/") || request.method !== "GET") {
      return reply
        .code(404)
        .type("application/json")
        .send(springError(404, `Nothing at ${request.method} ${url}.`, url));
    }
    // the web app's routes are all served by its index.html (client-side routing), with the
    // storefront's public pages rendered on the server
    const page = await pages.page(request.url, guestContext(request));
    return reply.code(page.status).header("cache-control", "no-cache").type("text/html").send(page.html);
  });
  return app;
}

const MAX_JSON_DEPTH = 64;

/** True when arrays/objects nest deeper than `limit` (strings skipped); linear, stops early. */
function jsonTooDeep(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

const fallbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean Store</title></head>
<body><h1>Clean Store</h1><p>The web app is not built yet. Run <code>npm run build</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;
