// Issue 13 item 2: batch amplification. An anonymous GET that batches products.list answered ~93 MB
// for a 500-product catalogue, and six at once killed the server. Now a guest batch carries at most
// 10 calls, the whole list at most once, and catalogue answers are cached per URL; an attacker can
// still defeat the cache by varying the URL. With a 500-product catalogue of long descriptions, 10
// clients sending the largest uncacheable batch a guest may (the list and nine shelves) leave
// /healthz answering throughout (95% within 1 s) and the server worker's RSS under the 512 MB heap cap of
// `npm run serve`, which runs here as in production: a worker under the cluster primary
// (apps/server/src/supervisor.ts). (The first version of this test, with 10 lists a batch, peaked at 923 MB.)
import { afterAll, describe, expect, it } from "vitest";
import { adminLogin, http, must, recordFigures, rssMb, sleep, startServer, type Server, childrenOf } from "./helpers.ts";

const PORT = 8113;
const PRODUCTS = 500;
const ATTACKERS = 10;
const SECONDS = Number(process.env.RESILIENCE_AMPLIFICATION_SECONDS ?? 15);
let server: Server | undefined;
const figures = {
  products: PRODUCTS,
  attackers: ATTACKERS,
  seconds: SECONDS,
  requests: 0,
  responseMb: 0,
  healthzChecks: 0,
  healthzP95Ms: 0,
  healthzMaxMs: 0,
  peakRssMb: 0,
  primaryPeakRssMb: 0,
};

afterAll(async () => {
  await server?.kill();
  recordFigures("batch-amplification", figures);
});

describe("anonymous tRPC batches of product lists", () => {
  it("10 clients sending maximal, uncacheable batches: /healthz answering throughout (95% within 1 s), RSS under the heap cap", async () => {
    server = await startServer({ port: PORT, env: { WEB_CONCURRENCY: "1" } });
    const primary = server.pid;
    const worker = must(childrenOf(primary)[0], "the server worker");
    const base = server.url;
    const admin = await adminLogin(base);
    const info = "Cuts through grease and grime on every kitchen surface. ".repeat(30);
    for (let i = 0; i < PRODUCTS; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          http(base, "POST", "/api/v1/products/saves", {
            token: admin,
            body: {
              productName: `Amplified Cleaner ${i + j}`,
              productPrice: 99,
              mainPrice: 120,
              packSize: "500ml",
              productInfo: info,
              deliveryCharge: "Free",
              quantity: 10,
            },
          }).then((r) => expect(r.status).toBe(200)),
        ),
      );
    }

    // a guest may not batch more than 10 calls, nor the whole list twice
    const eleven = Array.from({ length: 11 }, () => "products.list").join(",");
    expect((await fetch(`${base}/api/trpc/${eleven}?batch=1&input=${encodeURIComponent("{}")}`)).status).toBe(400);
    const elevenShelves = Array.from({ length: 11 }, () => "products.shelf").join(",");
    expect((await fetch(`${base}/api/trpc/${elevenShelves}?batch=1&input=${encodeURIComponent("{}")}`)).status).toBe(400);
    expect((await fetch(`${base}/api/trpc/products.list,products.list?batch=1&input=${encodeURIComponent("{}")}`)).status).toBe(400);

    const calls = ["products.list", ...Array.from({ length: 9 }, () => "products.shelf")].join(",");
    let n = 0;
    // answers as large as they come (no category, no search: all 500 products, full shelves) under
    // a new URL each time: the sort varies and so does the JSON whitespace, so no cache answers it
    const sorts = ["name", "newest", "priceAsc", "priceDesc"] as const;
    const uncacheable = () => {
      n++;
      const sort = sorts[n % sorts.length];
      const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: i === 0 ? { sort } : { sort, page: i } }]));
      return `${base}/api/trpc/${calls}?batch=1&input=${encodeURIComponent(JSON.stringify(input, null, 1 + (n % 8)) + " ".repeat(n))}`;
    };
    const until = Date.now() + SECONDS * 1000;
    let bytes = 0;
    const attacker = async () => {
      while (Date.now() < until) {
        const res = await fetch(uncacheable(), { signal: AbortSignal.timeout(30_000) });
        const body = await res.arrayBuffer();
        expect(res.status).toBe(200);
        bytes += body.byteLength;
        figures.requests++;
      }
    };
    const healthLatencies: number[] = [];
    const watch = async () => {
      while (Date.now() < until) {
        const started = Date.now();
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
        healthLatencies.push(Date.now() - started);
        expect(res.status).toBe(200);
        await sleep(100);
      }
    };
    const rss: number[] = [];
    const primaryRss: number[] = [];
    const sample = async () => {
      while (Date.now() < until) {
        rss.push(rssMb(worker));
        primaryRss.push(rssMb(primary));
        await sleep(250);
      }
    };
    await Promise.all([...Array.from({ length: ATTACKERS }, attacker), watch(), sample()]);

    figures.responseMb = Math.round(bytes / 1024 / 1024);
    figures.healthzChecks = healthLatencies.length;
    figures.healthzP95Ms = must([...healthLatencies].sort((a, b) => a - b)[Math.floor(healthLatencies.length * 0.95)], "a /healthz latency");
    figures.healthzMaxMs = Math.max(...healthLatencies);
    figures.peakRssMb = Math.round(Math.max(...rss));
    figures.primaryPeakRssMb = Math.round(Math.max(...primaryRss));
    console.log("batch amplification:", JSON.stringify(figures));
    // each answer is the worst case a guest can ask for: the whole list of 500 products and 9 shelves
    expect(bytes / figures.requests).toBeGreaterThan(1_000_000);
    // liveness, not speed: every check answered within its 5 s timeout (watch() fails otherwise) and
    // 95% within 1 s. The single slowest check is only reported: on this 2-core machine it moved
    // between 441 ms and 1,064 ms from run to run with other work on the machine (CI, 2026-11-24).
    expect(figures.healthzP95Ms).toBeLessThan(1_000);
    expect(figures.peakRssMb).toBeLessThan(512);
    expect((await http(base, "GET", "/healthz")).status).toBe(200);
    // the same worker answered throughout: none died and was replaced
    expect(childrenOf(primary)).toEqual([worker]);
  });
});
