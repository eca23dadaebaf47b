// /api/docs (Swagger UI) is served only where API_DOCS_PUBLIC allows: by default in development
// and tests, not in production (issue 22, security retest). /api/v1/openapi.json, the contract of
// the REST clients, stays public either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: "k9V2q8Lx4Tz7Wm1Rb6Nc3Hs5Jd0Pf8Gy2Ue4Ia7Oq",
  ADMIN_PASSWORD: "Lavender-Mop-Bucket-2026",
  DATA_DIR: "/tmp/api-docs-test",
};

describe("API_DOCS_PUBLIC", () => {
  it("is off by default in production, on by default otherwise, and can be set either way", () => {
    expect(loadEnv(PRODUCTION).API_DOCS_PUBLIC).toBe(false);
    expect(loadEnv({ ...PRODUCTION, API_DOCS_PUBLIC: "true" }).API_DOCS_PUBLIC).toBe(true);
    expect(loadEnv({ NODE_ENV: "development", DATA_DIR: "/tmp/api-docs-test" }).API_DOCS_PUBLIC).toBe(true);
    expect(loadEnv({ NODE_ENV: "development", DATA_DIR: "/tmp/api-docs-test", API_DOCS_PUBLIC: "false" }).API_DOCS_PUBLIC).toBe(false);
    expect(() => loadEnv({ ...PRODUCTION, API_DOCS_PUBLIC: "yes" })).toThrow(ConfigError);
  });
});

describe("a server with the API reference off", () => {
  let env: HttpTestEnv;
  beforeAll(async () => {
    env = await createHttpTestEnv({ apiDocs: false });
  });
  afterAll(() => env.close());

  it("answers 404 at /api/docs and its assets, and still serves /api/v1/openapi.json", async () => {
    for (const url of ["/api/docs", "/api/docs/", "/api/docs/init.js", "/api/docs/assets/swagger-ui-bundle.js"]) {
      const res = await env.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 404, error: "Not Found", code: "NOT_FOUND" });
    }
    const doc = await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });
});
