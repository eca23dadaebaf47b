// The HTTP server's first look at a request (issue 18): a guest GET of a storefront page that the
// page cache holds is answered right here, with the bytes and headers of its first answer in the
// content coding the client accepts (page-cache.ts), before Fastify builds its request and reply
// and runs its hooks — on a small page that work cost more than sending it. Everything else (and
// every page not kept yet) goes to Fastify, which renders the page and keeps it (plugins/web.ts).
// Fastify's documented `serverFactory` option is how the server gets this first look; since
// Fastify does not apply its server options to a server it did not create, createEdgeServer
// applies them (the timeouts of hardening.test.ts).
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import { answerFor, type PageCache } from "./page-cache.ts";

export interface PageEdge {
  /** true when it answered the request from the cache */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createPageEdge(cache: PageCache, log: { logger?: FastifyBaseLogger }): PageEdge {
  return {
    answer(req, res) {
      if (req.method !== "GET" || req.url === undefined) return false;
      const page = cache.get(req.url);
      if (!page) return false;
      const started = performance.now();
      // the representation the client accepts (brotli, gzip or plain), each kept with its own headers
      const { status, headers, body } = answerFor(page, req.headers);
      if (body) res.writeHead(status, headers).end(body);
      else res.writeHead(status, headers).end();
      // the same one line per request as plugins/request-log.ts
      log.logger?.info({ method: req.method, path: req.url, status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
      return true;
    },
  };
}

/** A node:http server for Fastify's `serverFactory` that lets the edge answer first, with Fastify's server options applied. */
export function createEdgeServer(edge: PageEdge, handler: RequestListener, options: FastifyServerOptions): http.Server {
  const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, (req, res) => {
    if (!edge.answer(req, res)) handler(req, res);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  return server;
}
