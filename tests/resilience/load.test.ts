// Load: mixed shopper and admin traffic against the real server for RESILIENCE_LOAD_SECONDS
// (default 300, as issue 6 asks) with zero errors and flat memory. Shoppers browse, search, open
// products, fill and empty carts, order and read their orders; admins read the dashboard and
// paged lists and move orders along. Memory: the server's RSS, sampled every 2 s, must not keep
// growing (the last third is compared with the middle third, after warm-up).
// Database: the embedded PGlite by default; RESILIENCE_LOAD_DATABASE_URL for a PostgreSQL.
// autocannon ships no types: bench/lib/autocannon.d.ts declares the parts used (the root tsconfig includes it)
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminLogin,
  allowManyOrders,
  http,
  must,
  newCustomer,
  newProduct,
  recordFigures,
  rssMb,
  sleep,
  startServer,
  type Answer,
  type Server,
} from "./helpers.ts";

const PORT = 8113;
const SECONDS = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 300);
const SHOPPERS = Number(process.env.RESILIENCE_LOAD_SHOPPERS ?? 8);
const ADMINS = 2;
let server: Server | undefined;
const figures = {
  seconds: SECONDS,
  requests: 0,
  errors: 0,
  byKind: {} as Record<string, number>,
  p95ms: 0,
  maxMs: 0,
  rssStartMb: 0,
  rssMiddleMb: 0,
  rssEndMb: 0,
  rssPeakMb: 0,
  autocannonRequests: 0,
  autocannonErrors: 0,
  autocannonReqPerSec: 0,
};

beforeAll(async () => {
  const url = process.env.RESILIENCE_LOAD_DATABASE_URL;
  server = await startServer({ port: PORT, env: { LOGIN_MAX_FAILURES: "100000", ...(url ? { DATABASE_URL: url } : {}) } });
}, 300_000);
afterAll(async () => {
  await server?.kill("SIGTERM");
  recordFigures("load", figures);
});

describe(`mixed shopper and admin traffic for ${SECONDS} s`, () => {
  it(
    "zero errors and flat memory",
    async () => {
      const base = server!.url;
      const admin = await adminLogin(base);
      await allowManyOrders(base, admin);
      const products: number[] = [];
      for (let i = 0; i < 6; i++) products.push(await newProduct(base, admin, 1_000_000, `Load Cleaner ${i}`));
      const shoppers: { customerId: number; token: string }[] = [];
      for (let i = 0; i < SHOPPERS; i++) shoppers.push(await newCustomer(base));
      const latencies: number[] = [];
      const errors: string[] = [];
      const until = Date.now() + SECONDS * 1000;
      const samples: number[] = [];

      const record = (kind: string, r: Answer, ok: (s: number) => boolean = (s) => s === 200) => {
        figures.requests++;
        figures.byKind[kind] = (figures.byKind[kind] ?? 0) + 1;
        latencies.push(r.ms);
        if (!ok(r.status)) {
          figures.errors++;
          if (errors.length < 20) errors.push(`${kind}: ${r.status} ${r.error ?? JSON.stringify(r.body).slice(0, 200)}`);
        }
      };
      const pick = <T>(xs: readonly T[]): T => must(xs[Math.floor(Math.random() * xs.length)], "an element to pick (the list is empty)");

      const shopper = async (s: { customerId: number; token: string }) => {
        for (let n = 0; Date.now() < until && n < 1_000_000; n++) {
          const productId = pick(products);
          record("list", await http(base, "GET", "/api/v1/products/details"));
          record("search", await http(base, "GET", `/api/v1/products/details?search=${encodeURIComponent(pick(["Load", "cleaner", "500ml", "zzz", "ß'"]))}`));
          record("product", await http(base, "GET", `/api/v1/products/details/${productId}`));
          record("addToCart", await http(base, "POST", "/api/v1/addToCart/save", { token: s.token, body: { productId, quantity: 1 } }));
          const cart = await http(base, "GET", `/api/v1/addToCart/details/addToCartProductCustomerDetails/${s.customerId}`, { token: s.token });
          record("cart", cart);
          if (n % 3 === 0) record("checkout", await http(base, "POST", "/api/v1/addToCart/checkout", { token: s.token, body: {} }));
          else if (Array.isArray(cart.body) && cart.body.length > 0) {
            record("removeFromCart", await http(base, "DELETE", `/api/v1/addToCart/${cart.body[0].addToCartId}`, { token: s.token }));
          }
          if (n % 4 === 0) record("order", await http(base, "POST", "/api/v1/productOrder/save", { token: s.token, body: { productId, quantity: 1 } }));
          record("myOrders", await http(base, "GET", `/api/v1/productOrder/details/orderProductCustomerDetails/${s.customerId}`, { token: s.token }));
          record("profile", await http(base, "GET", `/api/v1/customers/details/${s.customerId}`, { token: s.token }));
          record("trpc", await http(base, "GET", `/api/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ json: { search: "Load" } }))}`));
        }
      };
      const adminUser = async () => {
        for (let n = 0; Date.now() < until && n < 1_000_000; n++) {
          record("dashboard", await http(base, "GET", "/api/v1/stats/dashboard", { token: admin }));
          record("ordersPage", await http(base, "GET", `/api/v1/productOrder/page?page=${1 + (n % 3)}&view=shipping`, { token: admin }));
          record("customersPage", await http(base, "GET", "/api/v1/customers/page?page=1&search=Shopper", { token: admin }));
          record("cartPage", await http(base, "GET", "/api/v1/addToCart/page?page=1", { token: admin }));
          record("counts", await http(base, "GET", "/api/v1/productOrder/pending/count", { token: admin }));
          const page = await http(base, "GET", "/api/v1/productOrder/page?page=1&view=shipping", { token: admin });
          const open = Array.isArray(page.body?.items) ? page.body.items.find((o: { orderStatus: string }) => o.orderStatus === "Shipped") : undefined;
          if (open) {
            // another admin may move the same order first: 409 is the right answer then
            record(
              "orderStatus",
              await http(base, "POST", `/api/v1/productOrder/update/${open.orderId}`, { token: admin, body: { orderStatus: "On the way" } }),
              (st) => st === 200 || st === 409,
            );
          }
          if (n % 5 === 0)
            record(
              "productUpdate",
              await http(base, "POST", `/api/v1/products/update/${pick(products)}`, { token: admin, body: { productName: `Load Cleaner ${n % 6}` } }),
            );
          await sleep(200);
        }
      };
      const sampler = (async () => {
        while (Date.now() < until) {
          try {
            samples.push(rssMb(server!.pid));
          } catch {
            samples.push(Number.NaN);
          }
          await sleep(2_000);
        }
      })();
      await Promise.all([...shoppers.map(shopper), ...Array.from({ length: ADMINS }, adminUser), sampler]);

      // a short autocannon burst on the public catalogue, for a throughput figure
      const burst = await autocannon({
        url: `${base}/api/v1/products/details?search=Load`,
        connections: 10,
        duration: Math.min(10, Math.max(3, Math.round(SECONDS / 30))),
      });
      figures.autocannonRequests = burst.requests.total;
      figures.autocannonErrors = burst.errors + burst.timeouts + burst.non2xx;
      figures.autocannonReqPerSec = Math.round(burst.requests.average);

      latencies.sort((a, b) => a - b);
      figures.p95ms = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
      figures.maxMs = latencies[latencies.length - 1] ?? 0;
      const valid = samples.filter((x) => Number.isFinite(x));
      const third = Math.max(1, Math.floor(valid.length / 3));
      const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
      figures.rssStartMb = Math.round(valid[0] ?? 0);
      figures.rssMiddleMb = Math.round(avg(valid.slice(third, 2 * third)));
      figures.rssEndMb = Math.round(avg(valid.slice(2 * third)));
      figures.rssPeakMb = Math.round(Math.max(...valid));

      expect(errors, "errors under load").toEqual([]);
      expect(figures.errors).toBe(0);
      expect(figures.autocannonErrors).toBe(0);
      expect(server!.proc.exitCode).toBeNull();
      // flat: the last third is not more than 25% (and 60 MB) above the middle third
      expect(figures.rssEndMb, `RSS ${JSON.stringify(valid.map(Math.round))}`).toBeLessThan(Math.max(figures.rssMiddleMb * 1.25, figures.rssMiddleMb + 60));
      expect(figures.requests).toBeGreaterThan(SECONDS * 5);
    },
    SECONDS * 1000 + 300_000,
  );
});
