// The store's HTTP server: one Fastify app made of plugins, each in plugins/.
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { createContext, type Services } from "@store/api";
import type { DbHandle } from "@store/db";
import { catalogueCachePlugin } from "./plugins/catalogue-cache.ts";
import { docsPlugin } from "./plugins/docs.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { healthPlugin } from "./plugins/health.ts";
import { imagesPlugin } from "./plugins/images.ts";
import { LEGACY_DELETE_PREFIX, REST_PREFIX, restPlugin } from "./plugins/rest.ts";
import { securityPlugin } from "./plugins/security.ts";
import { trpcPlugin } from "./plugins/trpc.ts";
import { webPlugin } from "./plugins/web.ts";

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
    // 100 characters answered 414 to batches of more than ~5 calls (security suite)
    routerOptions: { maxParamLength: 4000 },
    // the old clients' delete path (spec §7 Customers) is served by the REST facade
    rewriteUrl: (req) => (req.method === "DELETE" && req.url?.startsWith(LEGACY_DELETE_PREFIX) ? `${REST_PREFIX}${req.url}` : (req.url ?? "/")),
  });
  const { db } = opts.handle;
  const contextFor = (req: FastifyRequest) => createContext({ db, services: opts.services, authorization: req.headers.authorization, clientIp: req.ip });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { corsOrigins: opts.corsOrigins });
  await app.register(catalogueCachePlugin, { productCache: opts.services.productCache });
  await app.register(trpcPlugin, { contextFor });
  await app.register(restPlugin, { prefix: REST_PREFIX, contextFor });
  await app.register(docsPlugin);
  await app.register(imagesPlugin, { db, productEvents: opts.services.productEvents });
  await app.register(healthPlugin, { handle: opts.handle });
  await app.register(webPlugin, {
    webDist: opts.webDist ?? WEB_DIST,
    guestContext: (req) => createContext({ db, services: opts.services, clientIp: req.ip }),
  });
  return app;
}
