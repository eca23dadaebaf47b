// OWASP API2 (authentication) and API8 (security misconfiguration): production refuses unsafe
// configuration, tokens expire and cannot be forged, CORS is closed by default, and every page
// and answer carries the security headers and the CSP.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv } from "@store/api/testing";
import { TEST_JWT_SECRET } from "@store/api/testing";
import { buildApp } from "../app.ts";
import { ConfigError, DEFAULT_ADMIN_PASSWORD, loadEnv } from "../env.ts";
import { createSecurityEnv, leaks, recordFigures, signWith, type SecurityEnv } from "./fixtures.ts";

let env: SecurityEnv;
const figures = { requests: 0, tokensTried: 0 };
beforeAll(async () => {
  env = await createSecurityEnv();
}, 120_000);
afterAll(async () => {
  recordFigures("config", figures);
  await env?.close();
});

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const goodSecret = "a".repeat(16) + "-production-secret-0123456789";

describe("configuration: production refuses to start unsafely", () => {
  it("loadEnv refuses production without JWT_SECRET, with a short one, or with the default admin password", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "S0me-Strong-Pass" })).toThrow(ConfigError);
    expect(() => loadEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "S0me-Strong-Pass" })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", JWT_SECRET: "short", ADMIN_PASSWORD: "S0me-Strong-Pass" })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", JWT_SECRET: goodSecret })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadEnv({ NODE_ENV: "production", JWT_SECRET: goodSecret, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD })).toThrow(/ADMIN_PASSWORD/);
    expect(loadEnv({ NODE_ENV: "production", JWT_SECRET: goodSecret, ADMIN_PASSWORD: "S0me-Strong-Pass" }).JWT_SECRET).toBe(goodSecret);
    // issue 13 item 11: a long secret of few characters, a short or common admin password
    for (const weak of ["a".repeat(32), "ab".repeat(24), "0123".repeat(10)]) {
      expect(() => loadEnv({ NODE_ENV: "production", JWT_SECRET: weak, ADMIN_PASSWORD: "S0me-Strong-Pass" }), weak).toThrow(/JWT_SECRET is too easy to guess/);
    }
    for (const weak of ["Short@12", "1234567890", "Password123"]) {
      expect(() => loadEnv({ NODE_ENV: "production", JWT_SECRET: goodSecret, ADMIN_PASSWORD: weak }), weak).toThrow(/ADMIN_PASSWORD is too weak/);
    }
    expect(loadEnv({ NODE_ENV: "production", JWT_SECRET: goodSecret, ADMIN_PASSWORD: "S0me-Strong-Pass" }).CORS_ORIGINS).toBe("");
  });

  it("the real entry point exits with a clear message instead of starting", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-config-"));
    try {
      for (const [extra, message] of [
        [{}, /JWT_SECRET must be set in production/],
        [{ JWT_SECRET: goodSecret }, /ADMIN_PASSWORD must be changed/],
      ] as const) {
        const run = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
          cwd: repoRoot,
          env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "8119", HOST: "127.0.0.1", DATA_DIR: dataDir, ...extra },
          encoding: "utf8",
          timeout: 60_000,
        });
        expect(run.status, run.stderr).toBe(1);
        expect(run.stderr).toMatch(message);
        expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("in development the generated secret is long, random and readable only by its owner", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-secret-"));
    try {
      const a = loadEnv({ DATA_DIR: dataDir }).JWT_SECRET;
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(loadEnv({ DATA_DIR: dataDir }).JWT_SECRET).toBe(a);
      expect(fs.statSync(path.join(dataDir, "jwt-secret")).mode & 0o077).toBe(0);
      const other = fs.mkdtempSync(path.join(os.tmpdir(), "store-secret-"));
      expect(loadEnv({ DATA_DIR: other }).JWT_SECRET).not.toBe(a);
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("tokens: they expire and cannot be forged", () => {
  it("customer tokens live 7 days, admin tokens 12 hours", () => {
    const now = Math.floor(Date.now() / 1000);
    const customer = decodeJwt(env.tokens.owner!);
    const admin = decodeJwt(env.adminToken);
    expect(customer.exp! - now).toBeGreaterThan(7 * 86400 - 120);
    expect(customer.exp! - now).toBeLessThanOrEqual(7 * 86400);
    expect(admin.exp! - now).toBeLessThanOrEqual(12 * 3600);
    expect(admin.exp! - now).toBeGreaterThan(12 * 3600 - 120);
    expect(customer).not.toHaveProperty("password");
  });

  it("a login's token is refused once it has expired, with a message saying so", async () => {
    const expired = await signWith(TEST_JWT_SECRET, { role: "customer", sub: String(env.owner.customerId) }, Math.floor(Date.now() / 1000) - 1);
    const res = await env.inject({ method: "GET", url: `/api/v1/customers/details/${env.owner.customerId}`, headers: { authorization: `Bearer ${expired}` } });
    figures.requests++;
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ status: 401, error: "Unauthorized", message: "Your session has expired. Please log in again." });
  });

  it("forged, tampered and malformed tokens are all 401 on an admin call", async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const [header, payload, signature] = env.tokens.owner!.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: "admin", sub: String(env.adminId) })).toString("base64url");
    const algNone = new UnsecuredJWT({ role: "admin" }).setSubject(String(env.adminId)).setIssuer("cleaning-store").setExpirationTime("1h").encode();
    const tokens = {
      "alg none": algNone,
      "alg none, signature kept": `${algNone}${signature}`,
      "payload changed, signature kept": `${header}.${elevated}.${signature}`,
      "wrong key": env.tokens.forged!,
      "wrong issuer": await new SignJWT({ role: "admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(env.adminId))
        .setIssuer("someone-else")
        .setExpirationTime("1h")
        .sign(key),
      "no issuer": await new SignJWT({ role: "admin" }).setProtectedHeader({ alg: "HS256" }).setSubject(String(env.adminId)).setExpirationTime("1h").sign(key),
      "HS512 with the same key": await new SignJWT({ role: "admin" })
        .setProtectedHeader({ alg: "HS512" })
        .setSubject(String(env.adminId))
        .setIssuer("cleaning-store")
        .setExpirationTime("1h")
        .sign(key),
      "unknown role": await signWith(TEST_JWT_SECRET, { role: "superadmin", sub: String(env.adminId) }),
      "sub not a number": await signWith(TEST_JWT_SECRET, { role: "admin", sub: "1 OR 1=1" }),
      "sub zero": await signWith(TEST_JWT_SECRET, { role: "admin", sub: "0" }),
      "admin that does not exist": await signWith(TEST_JWT_SECRET, { role: "admin", sub: "99999" }),
      "not before in the future": await new SignJWT({ role: "admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(env.adminId))
        .setIssuer("cleaning-store")
        .setNotBefore("1h")
        .setExpirationTime("2h")
        .sign(key),
      garbage: "not.a.token",
      empty: "",
      huge: "a".repeat(100_000),
      // what a real HTTP client's non-ASCII bytes arrive as (Node reads header values as latin1)
      latin1: "\u00fc\u00ff.\u00e9\u00e0.\u00a7\u00b5",
    };
    for (const [what, token] of Object.entries(tokens)) {
      for (const url of ["/api/v1/customers/details", "/api/trpc/customers.list"]) {
        const res = await env.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
        figures.requests++;
        figures.tokensTried++;
        expect(res.statusCode, `${what} on ${url}: ${res.body.slice(0, 200)}`).toBe(401);
        expect(leaks(res.body)).toBeNull();
      }
    }
    // a customer's own token made into an admin one by changing the role claim is refused too
    const asAdminClaim = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")}.${signature}`;
    const res = await env.inject({ method: "GET", url: "/api/v1/customers/details", headers: { authorization: `Bearer ${asAdminClaim}` } });
    expect(res.statusCode).toBe(401);
  });

  it("the token is only read from the Authorization header, not from a query string or cookie", async () => {
    const attempts: { url: string; headers?: Record<string, string> }[] = [
      { url: `/api/v1/customers/details?token=${env.adminToken}` },
      { url: `/api/v1/customers/details?access_token=${env.adminToken}` },
      { url: "/api/v1/customers/details", headers: { cookie: `token=${env.adminToken}` } },
      { url: "/api/v1/customers/details", headers: { authorization: env.adminToken } },
      { url: "/api/v1/customers/details", headers: { authorization: `Basic ${env.adminToken}` } },
    ];
    for (const req of attempts) {
      const res = await env.inject({ method: "GET", ...req });
      figures.requests++;
      expect(res.statusCode, req.url).toBe(401);
    }
  });
});

describe("CORS is closed by default and open only to listed origins", () => {
  it("sends no CORS permission to any origin by default", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:8080", "http://127.0.0.1:5173"]) {
      const pre = await env.inject({
        method: "OPTIONS",
        url: "/api/v1/customers/details",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
      const get = await env.inject({ method: "GET", url: "/api/v1/products/details", headers: { origin } });
      figures.requests += 2;
      expect(pre.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(get.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(pre.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });

  it("with CORS_ORIGINS set, only those origins are allowed, never a wildcard", async () => {
    const test = await createTestEnv();
    const app = await buildApp({ handle: test.handle, services: test.services, logLevel: "silent", corsOrigins: ["https://shop.example.in"] });
    try {
      const ok = await app.inject({
        method: "OPTIONS",
        url: "/api/v1/products/details",
        headers: { origin: "https://shop.example.in", "access-control-request-method": "GET" },
      });
      expect(ok.headers["access-control-allow-origin"]).toBe("https://shop.example.in");
      expect(ok.headers.vary).toMatch(/Origin/);
      for (const origin of ["https://evil.example", "https://shop.example.in.evil.example", "http://shop.example.in", "https://shop.example.in/"]) {
        const no = await app.inject({ method: "GET", url: "/api/v1/products/details", headers: { origin } });
        expect(no.headers["access-control-allow-origin"], origin).toBeUndefined();
      }
      figures.requests += 5;
    } finally {
      await app.close();
      await test.close();
    }
  });
});

describe("security headers and CSP on every page and answer", () => {
  it("every kind of response carries them, and none says what server runs", async () => {
    const urls: [string, string, Record<string, string>?][] = [
      ["GET", "/"],
      ["GET", "/customerLogin"],
      ["GET", "/Admindashboard"],
      ["GET", "/singleProductDetails/1/1"],
      ["GET", "/privacyPolicy"],
      ["GET", "/robots.txt"],
      ["GET", "/api/docs"],
      ["GET", "/api/docs/init.js"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/api/v1/products/details"],
      ["GET", "/api/v1/customers/details"],
      ["POST", "/api/v1/customers/login", { "content-type": "application/json" }],
      ["GET", "/api/v1/nothing-here"],
      ["GET", "/api/trpc/products.list"],
      ["GET", "/api/trpc/customers.list"],
      ["GET", "/images/products/1/150/abc.webp"],
      ["GET", "/healthz"],
    ];
    const missing: string[] = [];
    for (const [method, url, headers] of urls) {
      const res = await env.app.inject({ method: method as "GET", url, headers, payload: method === "POST" ? "{" : undefined });
      figures.requests++;
      const h = res.headers;
      const csp = String(h["content-security-policy"] ?? "");
      const checks: [boolean, string][] = [
        [/default-src 'self'/.test(csp), "CSP default-src 'self'"],
        [/frame-ancestors 'none'/.test(csp), "CSP frame-ancestors 'none'"],
        [/object-src 'none'/.test(csp), "CSP object-src 'none'"],
        [!/script-src[^;]*'unsafe-(inline|eval)'/.test(csp), "CSP script-src without unsafe-inline/eval"],
        [h["x-content-type-options"] === "nosniff", "X-Content-Type-Options nosniff"],
        [Boolean(h["x-frame-options"]), "X-Frame-Options"],
        [Boolean(h["referrer-policy"]), "Referrer-Policy"],
        [Boolean(h["cross-origin-opener-policy"]), "Cross-Origin-Opener-Policy"],
        [h["x-powered-by"] === undefined, "no X-Powered-By"],
        [h.server === undefined || !/\d/.test(String(h.server)), "no server version"],
      ];
      for (const [ok, what] of checks) if (!ok) missing.push(`${method} ${url} (${res.statusCode}): ${what}`);
      if (res.statusCode >= 500) missing.push(`${method} ${url}: ${res.statusCode}`);
    }
    expect(missing).toEqual([]);
  });

  it("API answers are not cached by shared caches when they carry personal data", async () => {
    const res = await env.app.inject({
      method: "GET",
      url: `/api/v1/customers/details/${env.owner.customerId}`,
      headers: { authorization: `Bearer ${env.tokens.owner}` },
    });
    figures.requests++;
    expect(res.statusCode).toBe(200);
    const cache = String(res.headers["cache-control"] ?? "");
    expect(cache, "cache-control of a personal answer").toMatch(/no-store|private/);
  });
});
