// OWASP API1 (object-level authorization), API2 (authentication), API5 (function-level
// authorization), API9 (inventory). The expected answer of every procedure for every role is
// declared in ONE table (matrix.ts); the suite walks the router itself, so a procedure without an
// entry (or an entry without a procedure) fails. Each case runs over REST (/api/v1, the facade)
// and over tRPC (/api/trpc); a denied call must also leave the database exactly as it was.
import { STATUS_CODES } from "node:http";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecurityEnv, leaks, listProcedures, recordFigures, restRequest, ROLES, trpcRequest, type SecurityEnv } from "./fixtures.ts";
import { MATRIX, RAW_MATRIX, type Case, type Rule } from "./matrix.ts";

const procedures = listProcedures();
let env: SecurityEnv;
beforeAll(async () => {
  env = await createSecurityEnv();
}, 120_000);
const accessFigures = { requests: 0, procedures: procedures.length, roles: ROLES.length };
afterAll(async () => {
  recordFigures("access-matrix", accessFigures);
  await env?.close();
});

describe("the access matrix covers the router exactly", () => {
  it("every procedure has an entry in the table, and every entry a procedure", () => {
    const names = procedures.map((p) => p.name).sort();
    expect(
      names.filter((n) => !(n in MATRIX)),
      "procedures without an entry in MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((n) => !names.includes(n)),
      "entries of MATRIX without a procedure",
    ).toEqual([]);
  });

  it("the OpenAPI document is valid and lists exactly the REST paths of the procedures (API9 inventory)", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    await SwaggerParser.validate(structuredClone(doc));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const fromRouter = procedures.filter((p) => p.openapi).map((p) => `${p.openapi!.method} ${p.openapi!.path}`);
    // and the raw routes (plugins/raw-route.ts), each with its row in RAW_MATRIX
    expect(documented).toEqual([...fromRouter, ...Object.keys(RAW_MATRIX)].sort());
  });

  // public: anyone without a token may call it (PUBLIC, or issue 31's complaint form, which refuses admins);
  // a guest who proves a secret instead of a token (X-Order-Token, a complaint's e-mail) is not "anyone"
  it("documents an operation as public (security: []) exactly when the table lets anyone without a token call it", async () => {
    const doc = (await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const ruleOf = new Map<string, Rule>([
      ...procedures.filter((p) => p.openapi && MATRIX[p.name]).map((p) => [`${p.openapi!.method} ${p.openapi!.path}`, MATRIX[p.name]!.rule] as const),
      ...Object.entries(RAW_MATRIX).map(([key, entry]) => [key, entry.rule] as const),
    ]);
    const wrong = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => {
          const rule = ruleOf.get(`${method.toUpperCase()} ${path}`);
          return !Array.isArray(operation.security) || (operation.security.length === 0) !== (rule?.anonymous === "ok");
        })
        .map(([method, operation]) => `${method.toUpperCase()} ${path}: security ${JSON.stringify(operation.security)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("nothing answers under /api/v1 but the documented paths", async () => {
    for (const [method, url] of [
      ["GET", "/api/v1/admin"],
      ["GET", "/api/v1/customers"],
      ["GET", "/api/v1/debug"],
      ["GET", "/api/v1/customers/details/1/password"],
      ["PUT", "/api/v1/products/details/1"],
      ["GET", "/api/trpc/nope.nothing"],
    ] as const) {
      const res = await env.app.inject({ method, url, headers: { authorization: `Bearer ${env.adminToken}` } });
      accessFigures.requests++;
      expect([404, 405], `${method} ${url} -> ${res.statusCode}`).toContain(res.statusCode);
      expect(leaks(res.body)).toBeNull();
    }
    // path traversal: normalised away, never a file outside the web app
    for (const url of [
      "/api/v1/../../etc/passwd",
      "/images/products/1/150/..%2f..%2f..%2fetc%2fpasswd",
      "/assets/..%2f..%2f..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const res = await env.app.inject({ method: "GET", url });
      accessFigures.requests++;
      expect(res.body, url).not.toMatch(/root:.*:0:0:/);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe.each(procedures.map((p) => [p.name, p] as const))("%s", (name, procedure) => {
  it("answers every role as the table says, over REST and tRPC; a denial changes nothing", async () => {
    const entry = MATRIX[name];
    if (!entry) throw new Error(`${name} has no entry in MATRIX`);
    const failures: string[] = [];
    for (const role of ROLES) {
      const expected = entry.rule[role];
      for (const transport of ["rest", "trpc"] as const) {
        if (transport === "rest" && !procedure.openapi) continue;
        const c: Case = {
          env,
          role,
          target: role === "inactive" ? env.inactive : env.owner,
          self: role === "other" ? env.other : role === "inactive" ? env.inactive : env.owner,
        };
        const input = await entry.input(c);
        const token = env.tokens[role];
        const req = transport === "rest" ? restRequest(procedure.openapi!, input, token) : trpcRequest(procedure, input, token);
        const before = expected === "ok" ? "" : await env.fingerprint();
        const res = await env.inject(req);
        accessFigures.requests++;
        const label = `${role} via ${transport} ${req.method} ${req.url.slice(0, 90)} -> ${res.statusCode}`;
        const leak = leaks(res.body);
        if (leak) failures.push(`${label}: body leaks ${leak}`);
        if (expected === "ok") {
          const ok = transport === "rest" ? (entry.success ?? 200) : 200;
          if (res.statusCode !== ok) failures.push(`${label}, expected ${ok}: ${res.body.slice(0, 200)}`);
          continue;
        }
        if (res.statusCode !== expected) failures.push(`${label}, expected ${expected}: ${res.body.slice(0, 200)}`);
        if (transport === "rest" && res.statusCode === expected) {
          const body = JSON.parse(res.body);
          if (body.status !== expected || body.error !== STATUS_CODES[expected] || !body.message || !/^[A-Z][A-Z0-9_]*$/.test(String(body.code))) {
            failures.push(`${label}: error body is not in the Spring shape: ${res.body.slice(0, 200)}`);
          }
        }
        if ((await env.fingerprint()) !== before) failures.push(`${label}: a denied call changed the database`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe.each(Object.entries(RAW_MATRIX))("raw route %s", (key, entry) => {
  it("answers every role as the table says; a denial is the error body with a code and changes nothing", async () => {
    const method = key.split(" ", 1)[0]!;
    const failures: string[] = [];
    for (const role of ROLES) {
      const expected = entry.rule[role];
      const c: Case = {
        env,
        role,
        target: role === "inactive" ? env.inactive : env.owner,
        self: role === "other" ? env.other : role === "inactive" ? env.inactive : env.owner,
      };
      const request = await entry.request(c);
      const token = env.tokens[role];
      const before = expected === "ok" ? "" : await env.fingerprint();
      const res = await env.inject({
        method,
        url: `/api/v1${request.url}`,
        headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: request.payload,
      });
      accessFigures.requests++;
      const label = `${role} ${method} ${request.url.slice(0, 90)} -> ${res.statusCode}`;
      const leak = leaks(res.body);
      if (leak) failures.push(`${label}: body leaks ${leak}`);
      if (expected === "ok") {
        const success = entry.success ?? 200;
        if (res.statusCode !== success) failures.push(`${label}, expected ${success}: ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode !== expected) failures.push(`${label}, expected ${expected}: ${res.body.slice(0, 200)}`);
      else {
        const body = JSON.parse(res.body);
        if (body.status !== expected || body.error !== STATUS_CODES[expected] || !body.message || !/^[A-Z][A-Z0-9_]*$/.test(String(body.code))) {
          failures.push(`${label}: error body is not the facade's: ${res.body.slice(0, 200)}`);
        }
      }
      if ((await env.fingerprint()) !== before) failures.push(`${label}: a denied call changed the database`);
    }
    expect(failures).toEqual([]);
  });
});
