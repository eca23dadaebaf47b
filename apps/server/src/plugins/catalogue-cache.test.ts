// The catalogue cache (catalogue-cache.ts) on GET /api/trpc/products.list?batch=1&input=… (issue 7):
// the same bytes tRPC itself sends, fresh after every write, and bad input still answered by tRPC;
// its kept answers' brotli and gzip bodies (issues 22 and 23).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "../testing.ts";
import { createCatalogueCache } from "./catalogue-cache.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(async () => {
  await env.close();
});

const batchUrl = (input: unknown) =>
  `/api/trpc/products.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input === undefined ? { json: null, meta: { values: ["undefined"], v: 1 } } : { json: input } }))}`;
const names = (body: string) => (JSON.parse(body) as [{ result: { data: { json: { productName: string }[] } } }])[0].result.data.json.map((p) => p.productName);

describe("GET /api/trpc/products.list (batch) from the serialised cache", () => {
  it("answers exactly what tRPC answers, for the web app's inputs", async () => {
    await env.newProduct({ productName: "Batch Probe One" });
    for (const input of [{ sort: "name" }, {}, { sort: "priceAsc", category: "Kitchen" }, undefined]) {
      const cached = await env.app.inject({ method: "GET", url: batchUrl(input) });
      // an extra query parameter takes the request past the cache, to tRPC's own handler
      const direct = await env.app.inject({ method: "GET", url: `${batchUrl(input)}&direct=1` });
      expect(cached.statusCode).toBe(200);
      expect(direct.statusCode).toBe(200);
      expect(cached.body).toBe(direct.body);
      expect(cached.headers["content-type"]).toMatch(/^application\/json/);
    }
  });

  it("shows a new product on the very next read, and revalidates with ETag / 304", async () => {
    const before = await env.app.inject({ method: "GET", url: batchUrl({ sort: "name" }) });
    expect(names(before.body)).not.toContain("Batch Probe Two");
    const etag = before.headers.etag as string;
    expect((await env.app.inject({ method: "GET", url: batchUrl({ sort: "name" }), headers: { "if-none-match": etag } })).statusCode).toBe(304);
    await env.newProduct({ productName: "Batch Probe Two" });
    const after = await env.app.inject({ method: "GET", url: batchUrl({ sort: "name" }), headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(names(after.body)).toContain("Batch Probe Two");
  });

  it("leaves searches and invalid input to tRPC", async () => {
    await env.newProduct({ productName: "Batch Probe Needle" });
    const search = await env.app.inject({ method: "GET", url: batchUrl({ search: "needle" }) });
    expect(search.statusCode).toBe(200);
    expect(names(search.body)).toEqual(["Batch Probe Needle"]);
    for (const input of [{ sort: "sideways" }, null]) {
      const bad = await env.app.inject({ method: "GET", url: batchUrl(input) });
      expect(bad.statusCode).toBe(400);
      expect(JSON.parse(bad.body)[0].error.json.data.code).toBe("BAD_REQUEST");
    }
  });
});

describe("a kept answer's codings", () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ productId: i, productName: `Floor Cleaner ${i}`, productPrice: i * 3 }))));
  const kept = () => {
    const cache = createCatalogueCache({ generation: 0 });
    const entry = { body, type: "application/json", etag: '"list"', headers: {} };
    cache.keep("/list", entry, cache.begin());
    return { cache, entry };
  };
  const asking = (headers: Record<string, string>) => ({ headers });

  it("makes each coding once a client asks for it: the edge sends the best made so far, Fastify waits for the client's", async () => {
    const { cache, entry } = kept();
    const first = cache.variant("/list", entry, asking({ "accept-encoding": "br, gzip" }));
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.body).toBe(body);
    const br = await cache.encodedVariant("/list", entry, asking({ "accept-encoding": "br, gzip" }));
    expect(br.headers).toMatchObject({ "content-encoding": "br", etag: '"list-br"', vary: "authorization, trpc-accept, accept-encoding" });
    expect(brotliDecompressSync(br.body!).equals(body)).toBe(true);
    // brotli is made; a gzip-only client waits for its own, made once
    const gzip = await cache.encodedVariant("/list", entry, asking({ "accept-encoding": "gzip" }));
    expect(gzip.headers).toMatchObject({ "content-encoding": "gzip", etag: '"list-gz"' });
    expect(gunzipSync(gzip.body!).equals(body)).toBe(true);
    expect(cache.variant("/list", entry, asking({ "accept-encoding": "gzip" })).body).toBe(gzip.body);
    expect(cache.variant("/list", entry, asking({})).body).toBe(body);
  });

  it("sends gzip to a client that prefers brotli while brotli is not made yet", async () => {
    const { cache, entry } = kept();
    const gzip = await cache.encodedVariant("/list", entry, asking({ "accept-encoding": "gzip" }));
    const meanwhile = cache.variant("/list", entry, asking({ "accept-encoding": "br, gzip" }));
    expect(meanwhile.body).toBe(gzip.body);
    expect(meanwhile.headers["content-encoding"]).toBe("gzip");
  });

  it("answers 304 to any of the kept ETags", async () => {
    const { cache, entry } = kept();
    await cache.encodedVariant("/list", entry, asking({ "accept-encoding": "br" }));
    await cache.encodedVariant("/list", entry, asking({ "accept-encoding": "gzip" }));
    for (const tag of ['"list"', '"list-br"', '"list-gz"']) {
      const answer = cache.variant("/list", entry, asking({ "accept-encoding": "gzip", "if-none-match": tag }));
      expect(answer.status, tag).toBe(304);
      expect(answer.body).toBeUndefined();
    }
  });
});
