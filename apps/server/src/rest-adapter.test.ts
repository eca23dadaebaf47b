// The REST facade answers each request once. trpc-to-openapi's Fastify adapter did not tell Fastify
// it had answered, so every REST error wrote its headers twice and, under load, a 503 reached the
// client as a 500 (plugins/rest.ts fences the workaround; this test trips when the adapter changes).
import http from "node:http";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());
afterEach(() => vi.restoreAllMocks());

/** the status codes written to the response's head for one request, after every hook has run */
async function headsWritten(request: InjectOptions): Promise<{ status: number; heads: number[] }> {
  const spy = vi.spyOn(http.ServerResponse.prototype, "writeHead");
  const response = await env.app.inject(request);
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  const heads = spy.mock.calls.map((call) => Number(call[0]));
  vi.restoreAllMocks();
  return { status: response.statusCode, heads };
}

describe("REST facade: one answer per request", () => {
  it.each([
    ["an unknown endpoint", { method: "GET" as const, url: "/api/v1/no-such-endpoint" }, 404],
    ["a missing product", { method: "GET" as const, url: "/api/v1/products/details/999999" }, 404],
    ["invalid input", { method: "POST" as const, url: "/api/v1/customers/save", payload: { name: "" } }, 400],
    ["no token", { method: "GET" as const, url: "/api/v1/productOrder/details" }, 401],
    ["a success", { method: "GET" as const, url: "/api/v1/products/details" }, 200],
  ])("%s: the head is written once", async (_name, request, status) => {
    const answer = await headsWritten(request);
    expect(answer.status).toBe(status);
    expect(answer.heads).toEqual([status]);
  });
});
