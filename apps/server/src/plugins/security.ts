// Security headers, CORS, no caching of API answers, and the body checks every route shares.
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fp from "fastify-plugin";
import { MAX_IMAGE_BYTES } from "@store/validators";
import { pathOf, springError } from "../spring-error.ts";

export interface SecurityOptions {
  /** origins allowed to call the API from a browser (CORS_ORIGINS); none by default */
  corsOrigins?: string[];
  /** seconds of Strict-Transport-Security; 0 or absent sends none */
  hstsMaxAge?: number;
}

const MAX_JSON_DEPTH = 64;

/** True when arrays/objects nest deeper than `limit` (strings skipped); linear, stops early. */
export function jsonTooDeep(text: string, limit: number): boolean {
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

export const securityPlugin = fp<SecurityOptions>(
  async (app, opts) => {
    // JSON nested thousands deep overflows JSON.stringify inside the REST adapter (a 500, found by
    // the fuzz suite): refuse it with a 400 before parsing; otherwise Fastify's own secure parser
    const defaultJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (jsonTooDeep(text, MAX_JSON_DEPTH)) {
        done(Object.assign(new Error(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`), { statusCode: 400 }), undefined);
        return;
      }
      void defaultJson(request, text, done);
    });

    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Razorpay Checkout (issue 14): its script, and the payment form it opens in a frame
          scriptSrc: ["'self'", "https://checkout.razorpay.com"],
          frameSrc: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
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
      hsts: opts.hstsMaxAge ? { maxAge: opts.hstsMaxAge, includeSubDomains: true } : false,
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
      // the route's pattern: the REST facade strips /api/v1 from request.url while it runs
      const url = request.routeOptions.url ?? pathOf(request.originalUrl);
      if (url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      return payload;
    });

    // tRPC takes JSON only: its Fastify adapter answers a multipart body with a 500 (found by the fuzz suite)
    app.addHook("onRequest", async (request, reply) => {
      if (request.url.startsWith("/api/trpc") && /^\s*multipart\//i.test(request.headers["content-type"] ?? "")) {
        return reply
          .code(415)
          .type("application/json")
          .send(springError(415, "Send tRPC calls as application/json.", pathOf(request.url)));
      }
    });
  },
  { name: "security" },
);
