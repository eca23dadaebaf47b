// The product list is served from caches; a write must be visible at once to the next read —
// on the same instance, and (on PostgreSQL) on a second instance sharing the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createTestServices } from "@store/api/testing";
import { productFields } from "@store/api/testing";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";
import { startProductSync } from "./product-sync.ts";

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle; stop: () => Promise<void> } | undefined;
let stopFirst: (() => Promise<void>) | undefined;
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  env = await createHttpTestEnv();
  if (pgUrl) {
    // the test database's own URL: createTestDb made it on TEST_DATABASE_URL's server
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    const handle = await openDb({ databaseUrl: url.toString(), poolSize: 4 });
    const services = createTestServices();
    const app = await buildApp({ handle, services, logLevel: "silent" });
    await app.ready();
    stopFirst = await startProductSync(url.toString(), env.services, env.app.log);
    const stop = await startProductSync(url.toString(), services, app.log);
    second = { app, handle, stop };
  }
});

afterAll(async () => {
  if (second) {
    await second.stop();
    await second.app.close();
    await second.handle.close();
  }
  await stopFirst?.();
  await env.close();
});

const names = async (app: FastifyInstance, via: "rest" | "trpc") => {
  if (via === "rest") {
    const res = await app.inject({ method: "GET", url: "/api/v1/products/details" });
    expect(res.statusCode).toBe(200);
    return res.json<{ productName: string }[]>().map((p) => p.productName);
  }
  const res = await app.inject({ method: "GET", url: "/api/trpc/products.list" });
  expect(res.statusCode).toBe(200);
  return res.json<{ result: { data: { json: { productName: string }[] } } }>().result.data.json.map((p) => p.productName);
};

describe("product list caches", () => {
  it("show a new, changed or deleted product on the very next read", async () => {
    const readers = [env.app, ...(second ? [second.app] : [])];
    for (const app of readers) for (const via of ["rest", "trpc"] as const) expect(await names(app, via)).not.toContain("Cache Probe");

    const created = await env.app.inject({
      method: "POST",
      url: "/api/v1/products/saves",
      headers: { authorization: `Bearer ${env.adminToken}` },
      payload: productFields({ productName: "Cache Probe" }),
    });
    expect(created.statusCode).toBe(200);
    const productId = created.json<{ product: { productId: number } }>().product.productId;
    // on the second instance the NOTIFY arrives asynchronously; give it one event-loop round trip
    if (second) await new Promise((r) => setTimeout(r, 50));
    for (const app of readers) for (const via of ["rest", "trpc"] as const) expect(await names(app, via)).toContain("Cache Probe");
    const detail = async (app: FastifyInstance) =>
      (await app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` })).json<{ productName: string }>();
    for (const app of readers) expect((await detail(app)).productName).toBe("Cache Probe");

    const renamed = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: { authorization: `Bearer ${env.adminToken}` },
      payload: { productName: "Cache Probe Renamed" },
    });
    expect(renamed.statusCode).toBe(200);
    if (second) await new Promise((r) => setTimeout(r, 50));
    for (const app of readers) for (const via of ["rest", "trpc"] as const) expect(await names(app, via)).toContain("Cache Probe Renamed");
    for (const app of readers) expect((await detail(app)).productName).toBe("Cache Probe Renamed");

    const deleted = await env.app.inject({ method: "DELETE", url: `/api/v1/products/${productId}`, headers: { authorization: `Bearer ${env.adminToken}` } });
    expect(deleted.statusCode).toBe(200);
    if (second) await new Promise((r) => setTimeout(r, 50));
    for (const app of readers) for (const via of ["rest", "trpc"] as const) expect(await names(app, via)).not.toContain("Cache Probe Renamed");
  });

  it("answers a matching If-None-Match with 304 and a changed list with a new ETag", async () => {
    const first = await env.app.inject({ method: "GET", url: "/api/v1/products/details" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await env.app.inject({ method: "GET", url: "/api/v1/products/details", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    await env.newProduct({ productName: "ETag Probe" });
    const changed = await env.app.inject({ method: "GET", url: "/api/v1/products/details", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("sees stock taken by an order on the next read", async () => {
    const productId = await env.newProduct({ productName: "Stock Probe", quantity: 5 });
    const before = await env.app.inject({ method: "GET", url: "/api/v1/products/details" });
    expect(before.json<{ productId: number; quantity: number }[]>().find((p) => p.productId === productId)?.quantity).toBe(5);
    const { caller } = await env.newCustomer();
    await caller.orders.save({ productId, quantity: 2 });
    const after = await env.app.inject({ method: "GET", url: "/api/v1/products/details" });
    expect(after.json<{ productId: number; quantity: number }[]>().find((p) => p.productId === productId)?.quantity).toBe(3);
  });
});
