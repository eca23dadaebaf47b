// The store's HTTP server: one Fastify app made of plugins, each in plugins/.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from "fastify";
import { createContext, JOBS, type MailTransport, type Services } from "@store/api";
import type { DbHandle } from "@store/db";
import { createPageCache } from "./page-cache.ts";
import { createEdgeServer, createPageEdge } from "./page-edge.ts";
import { bodyLimitsPlugin, PINCODE_IMPORT_BODY_LIMIT } from "./plugins/body-limits.ts";
import { catalogueCachePlugin, createCatalogueCache } from "./plugins/catalogue-cache.ts";
import { docsPlugin } from "./plugins/docs.ts";
import { errorsPlugin, handleError } from "./plugins/errors.ts";
import { healthPlugin } from "./plugins/health.ts";
import { imagesPlugin } from "./plugins/images.ts";
import { LEGACY_DELETE_PREFIX, REST_PREFIX, restPlugin } from "./plugins/rest.ts";
import { requestLogPlugin } from "./plugins/request-log.ts";
import { securityPlugin } from "./plugins/security.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { seoPlugin } from "./plugins/seo.ts";
import { paymentsPlugin } from "./plugins/payments.ts";
import { courierWebhookPlugin } from "./plugins/courier-webhook.ts";
import { whatsappWebhookPlugin } from "./plugins/whatsapp-webhook.ts";
import { everyMs, jobsPlugin } from "./plugins/jobs.ts";
import { documentsPlugin } from "./plugins/documents.ts";
import { shipmentDocumentsPlugin } from "./plugins/shipment-documents.ts";
import { exportsPlugin } from "./plugins/exports.ts";
import { trpcPlugin } from "./plugins/trpc.ts";
import { webPlugin } from "./plugins/web.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, "../../web/dist");

export interface AppOptions {
  handle: DbHandle;
  services: Services;
  logLevel?: string;
  /** where log lines go (default: standard output) */
  logStream?: { write(line: string): void };
  corsOrigins?: string[];
  webDist?: string;
  /** Fastify's trustProxy (TRUST_PROXY): which proxies' X-Forwarded-For names the client */
  trustProxy?: boolean | number | string[];
  /** seconds of Strict-Transport-Security; 0 or absent sends none (only production sends it) */
  hstsMaxAge?: number;
  /** ms to receive a whole request / its headers before the connection is closed */
  timeouts?: { requestMs: number; headersMs: number };
  /** ms between runs of the job that cancels unpaid UPI orders past their time; 0 = none (default: every minute, jobs/registry.ts) */
  upiExpirySweepMs?: number;
  /** serve the API reference at /api/docs (API_DOCS_PUBLIC; default on) */
  apiDocs?: boolean;
  /** sends the outbox's messages (SMTP_URL), every `pollMs` (default 1000; 0: only when the owner runs the job); absent: messages wait in the outbox */
  mailer?: { transport: MailTransport; from: string; pollMs?: number };
}

/** slow clients (a body trickled a byte at a time) are cut off; a legitimate upload of 8 MB takes far less */
export const DEFAULT_TIMEOUTS = { requestMs: 30_000, headersMs: 10_000 };

/**
 * TRUST_PROXY as Fastify takes it. A hop count is passed as a function: Fastify 5.12 answers a bare
 * number by trusting no proxy at all (it cannot check the nearest peer), yet a deployment that is
 * only reachable through its N proxies is what the hop count says (README: prefer addresses).
 */
function trustProxyOption(value: AppOptions["trustProxy"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") return (_address, hop) => hop < value;
  return value ?? false;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const timeouts = opts.timeouts ?? DEFAULT_TIMEOUTS;
  const pageCache = createPageCache({ generation: () => opts.services.productCache.generation });
  // the edge logs with the app's logger, which exists once Fastify() has returned
  const edgeLog: { logger?: FastifyBaseLogger } = {};
  const pageEdge = createPageEdge(pageCache, edgeLog);
  // kept catalogue answers (the product list) are answered before Fastify too (plugins/catalogue-cache.ts)
  const catalogueCache = createCatalogueCache(opts.services.productCache, edgeLog);
  const edge = { answer: (req: IncomingMessage, res: ServerResponse) => catalogueCache.answer(req, res) || pageEdge.answer(req, res) };
  const app = Fastify<Server>({
    // kept storefront pages are answered before Fastify sees the request (page-edge.ts)
    serverFactory: (handler, options) => createEdgeServer(edge, handler, options),
    logger: opts.logLevel === "silent" ? false : { level: opts.logLevel ?? "info", ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // plugins/request-log.ts writes one line per request instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    // the largest body any route takes; each route's own limit is set in plugins/body-limits.ts
    bodyLimit: PINCODE_IMPORT_BODY_LIMIT,
    trustProxy: trustProxyOption(opts.trustProxy),
    requestTimeout: timeouts.requestMs,
    // Node checks for expired requests every 30 s by default: slow clients would hold on that long
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(5000, Math.ceil(timeouts.requestMs / 4)) },
    // a tRPC batch names its procedures in one path parameter ("a,b,c"): Fastify's default of
    // 100 characters answered 414 to batches of more than ~5 calls (security suite)
    routerOptions: { maxParamLength: 4000 },
    // a URL Fastify cannot even route (a lone "%") answers in the store's error body too, not Fastify's own
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply),
    // the old clients' delete path (spec §7 Customers) is served by the REST facade
    rewriteUrl: (req) => (req.method === "DELETE" && req.url?.startsWith(LEGACY_DELETE_PREFIX) ? `${REST_PREFIX}${req.url}` : (req.url ?? "/")),
  });
  edgeLog.logger = app.log;
  const { db } = opts.handle;
  const contextFor = (req: FastifyRequest) =>
    createContext({
      db,
      services: opts.services,
      authorization: req.headers.authorization,
      clientIp: req.ip,
      idempotencyKey: req.headers["idempotency-key"],
      orderToken: req.headers["x-order-token"],
    });

  // Text answers of 1 KB and more, compressed per request for the clients that accept it (issue 23).
  // Answers that come encoded already are left as they are (a Content-Encoding set: kept pages and
  // catalogue answers, compressed once; the build's files are precompressed and their routes opt
  // out, plugins/web.ts). Brotli at quality 4: per-request CPU on 2 cores matters more than the last
  // percent. Compressed request bodies are not taken: no client sends one, and a small one could
  // grow past the body limits.
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
    // text, JSON and XML beyond mime-db's compressible types; unlike the default, not application/octet-stream
    customTypes: /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)/,
    globalDecompression: false,
  });
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(securityPlugin, { corsOrigins: opts.corsOrigins, hstsMaxAge: opts.hstsMaxAge });
  await app.register(catalogueCachePlugin, { cache: catalogueCache });
  await app.register(trpcPlugin, { contextFor });
  await app.register(paymentsPlugin, { db, services: opts.services, contextFor });
  await app.register(courierWebhookPlugin, { db, services: opts.services });
  await app.register(whatsappWebhookPlugin, { db, services: opts.services });
  await app.register(documentsPlugin, { contextFor });
  await app.register(shipmentDocumentsPlugin, { contextFor });
  await app.register(sessionPlugin, { contextFor, secureSite: opts.services.mail.publicUrl.startsWith("https:") });
  await app.register(exportsPlugin, { db, contextFor });
  await app.register(jobsPlugin, {
    handle: opts.handle,
    services: opts.services,
    mailer: opts.mailer,
    schedules: {
      // mail needs SMTP, SMS a provider (issue 29), WhatsApp the Cloud API (issue 30): with none there is nothing the job could send
      outbox:
        !opts.mailer && !opts.services.sms && !opts.services.whatsapp.provider
          ? null
          : opts.mailer?.pollMs === undefined
            ? JOBS.outbox.schedule
            : everyMs(opts.mailer.pollMs),
      "upi-expiry": opts.upiExpirySweepMs === undefined ? JOBS["upi-expiry"].schedule : everyMs(opts.upiExpirySweepMs),
    },
  });
  await app.register(restPlugin, { prefix: REST_PREFIX, contextFor });
  await app.register(docsPlugin, { serve: opts.apiDocs ?? true });
  await app.register(imagesPlugin, { db, productEvents: opts.services.productEvents });
  await app.register(healthPlugin, { handle: opts.handle });
  await app.register(seoPlugin, { db, services: opts.services });
  await app.register(webPlugin, {
    webDist: opts.webDist ?? WEB_DIST,
    guestContext: (req) => createContext({ db, services: opts.services, clientIp: req.ip }),
    sessionContext: (req, token) => createContext({ db, services: opts.services, authorization: `Bearer ${token}`, clientIp: req.ip }),
    publicUrl: opts.services.mail.publicUrl,
    pageCache,
  });
  return app;
}
