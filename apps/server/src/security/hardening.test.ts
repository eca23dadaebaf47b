// Issue 13, items 6, 7, 12, 13 and 14: body limits by route, the client address behind a proxy,
// NUL and broken text on the raw-SQL search paths, slow-body connections, and HSTS.
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { BODY_LIMIT } from "../plugins/body-limits.ts";
import { createHttpTestEnv, type HttpTestEnv } from "../testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(async () => {
  await env.close();
});

const login = (number: string, headers: Record<string, string>, remoteAddress: string, app = env.app) =>
  app.inject({
    method: "POST",
    url: "/api/v1/customers/login",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify({ number, password: "Wrong@Password1" }),
    remoteAddress,
  });

describe("logins in tRPC batches each count (item 1)", () => {
  it("3 parallel guest batches of 10 wrong logins against one account reach at most 10 password checks; then the right password waits too", async () => {
    const { fields } = await env.newCustomer();
    const calls = Array.from({ length: 10 }, () => "auth.customerLogin").join(",");
    const body = JSON.stringify(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: { number: fields.number, password: `Wrong@Guess${i}` } }])),
    );
    const batches = await Promise.all(
      [1, 2, 3].map(() =>
        env.app.inject({
          method: "POST",
          url: `/api/trpc/${calls}?batch=1`,
          headers: { "content-type": "application/json" },
          payload: body,
          remoteAddress: "10.55.0.1",
        }),
      ),
    );
    const statuses = batches.flatMap((b) => b.json<{ error: { json: { data: { httpStatus: number } } } }[]>().map((r) => r.error.json.data.httpStatus));
    expect(statuses).toHaveLength(30);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    const right = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ number: fields.number, password: fields.password }),
      remoteAddress: "10.55.0.1",
    });
    expect(right.statusCode).toBe(429);
  });
});

describe("request bodies are small except where an image travels (item 6)", () => {
  const big = JSON.stringify({ number: "9876543210", password: "x".repeat(BODY_LIMIT) });

  it("a JSON body over the limit is a 413 with a message, over REST and tRPC, before any parsing", async () => {
    for (const url of ["/api/v1/customers/login", "/api/trpc/auth.customerLogin"]) {
      const res = await env.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: big });
      expect(res.statusCode, url).toBe(413);
      expect(res.json<{ message: string }>().message).toBe("The request body is too large (at most 64 KB here).");
    }
  });

  it("a chunked body (no Content-Length) is cut off at the limit too", async () => {
    await env.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = env.app.server.address() as net.AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/customers/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(16 * 1024)));
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("a product form may still carry a large image as a JSON data URL", async () => {
    const productImg = `data:image/png;base64,${"A".repeat(200 * 1024)}`;
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { "content-type": "application/json", authorization: `Bearer ${env.adminToken}` },
      payload: JSON.stringify({ productName: "Big Image Probe", productImg }),
    });
    // past the body limit: the product's own checks answer (a broken image, missing fields)
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).not.toMatch(/too large/);
  });
});

describe("behind a proxy the client's own address counts (item 7)", () => {
  it("without TRUST_PROXY every client of the proxy shares the proxy's address", async () => {
    for (let i = 0; i < 10; i++) await login("9000000001", { "x-forwarded-for": `203.0.113.${i}` }, "10.9.0.1");
    expect((await login("9000000002", { "x-forwarded-for": "198.51.100.7" }, "10.9.0.1")).statusCode).toBe(429);
  });

  it("with TRUST_PROXY=1 the limit keys on X-Forwarded-For: one client's failures do not lock out another", async () => {
    const app = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent", trustProxy: 1 });
    try {
      for (let i = 0; i < 10; i++) expect((await login("9000000003", { "x-forwarded-for": "203.0.113.50" }, "10.9.0.2", app)).statusCode).toBe(401);
      expect((await login("9000000004", { "x-forwarded-for": "203.0.113.50" }, "10.9.0.2", app)).statusCode).toBe(429);
      expect((await login("9000000004", { "x-forwarded-for": "198.51.100.8" }, "10.9.0.2", app)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe("NUL and broken text are a 400 on every path, the raw-SQL searches included (item 12)", () => {
  // a URL cannot carry a lone surrogate (encodeURIComponent throws): the REST paths get it mended, tRPC's JSON as it is
  const searchUrls = (q: string, rest = encodeURIComponent(q.toWellFormed())) => [
    `/api/v1/products/details?search=${rest}`,
    `/api/v1/products/shelf?search=${rest}&page=1`,
    `/api/v1/products/page?search=${rest}&page=1`,
    `/api/v1/customers/page?search=${rest}&page=1`,
    `/api/v1/addToCart/page?search=${rest}&page=1`,
    `/api/trpc/products.shelf?input=${encodeURIComponent(JSON.stringify({ json: { search: q, page: 1 } }))}`,
  ];

  it("a NUL in a search or a login is a 400 that says so", async () => {
    for (const url of searchUrls("floor\u0000cleaner")) {
      const res = await env.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${env.adminToken}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain("U+0000");
    }
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ number: "98765\u000043210", password: "x" }),
    });
    expect(res.statusCode).toBe(400);
  });

  it("any text in a search answers 200 or 400, never a 5xx (fuzz on the raw-SQL paths)", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("%", "_", "\\", "'", "''", "%%'--", '\\\'; DROP TABLE "Product";--', "\u0000", "\ud800", "é".repeat(101), " ".repeat(200)),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (q) => {
        for (const url of searchUrls(q)) {
          const res = await env.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${env.adminToken}` } });
          expect([200, 400], `${url} -> ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("slow clients are cut off (item 13)", () => {
  it("a connection that trickles its body is closed once the request timeout passes", async () => {
    const app = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent", timeouts: { requestMs: 1000, headersMs: 500 } });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as net.AddressInfo;
      const socket = net.connect(port, "127.0.0.1");
      const closed = new Promise<string>((resolve) => {
        let answer = "";
        socket.on("data", (d: Buffer) => (answer += d.toString()));
        socket.on("close", () => resolve(answer));
      });
      socket.write("POST /api/v1/customers/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{");
      // one byte a while: never the whole body
      const trickle = setInterval(() => socket.write(" "), 200);
      const result = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 5000))]);
      clearInterval(trickle);
      socket.destroy();
      expect(result).not.toBe("still open");
      expect(result).toMatch(/^HTTP\/1\.1 408|^$/);
    } finally {
      await app.close();
    }
  });
});

describe("Strict-Transport-Security (item 14)", () => {
  it("is sent when configured (production) and not otherwise", async () => {
    expect((await env.app.inject({ method: "GET", url: "/healthz" })).headers["strict-transport-security"]).toBeUndefined();
    const app = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent", hstsMaxAge: 31_536_000 });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await app.close();
    }
  });
});
