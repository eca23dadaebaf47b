import path from "node:path";
import { createRequire } from "node:module";
import type { FastifyPluginAsync } from "fastify";
import fastifyStatic from "@fastify/static";

const require = createRequire(import.meta.url);

export interface DocsOptions {
  /**
   * API_DOCS_PUBLIC (env.ts; off in production unless set): without it /api/docs is not served and
   * answers 404 like any unknown /api path. /api/v1/openapi.json stays public either way (rest.ts).
   */
  serve?: boolean;
}

/** Swagger UI served from the swagger-ui-dist package (no CDN), reading /api/v1/openapi.json. */
export const docsPlugin: FastifyPluginAsync<DocsOptions> = async (app, { serve = true }) => {
  if (!serve) return;
  const root = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  await app.register(fastifyStatic, { root, prefix: "/api/docs/assets/", decorateReply: false, index: false });
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cleaning Store API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
  app.get("/api/docs", async (_req, reply) => reply.type("text/html").send(page));
  app.get("/api/docs/", async (_req, reply) => reply.type("text/html").send(page));
  app.get("/api/docs/init.js", async (_req, reply) =>
    reply.type("application/javascript").send(`window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#swagger-ui" });`),
  );
};
