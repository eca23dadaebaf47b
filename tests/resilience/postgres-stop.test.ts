// Fault: our OWN throwaway PostgreSQL cluster (never the machine's shared one) is stopped under
// load and started again, once cleanly (fast) and once like a crash (immediate). While it is
// down, requests fail fast with 503 and a message; the server does not crash and recovers by
// itself; no order is half-written (a two-line checkout is wholly there or wholly absent, and
// stock adds up). Also: the oversell race against a real PostgreSQL (true concurrency).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ROOT,
  adminLogin,
  allowManyOrders,
  createCluster,
  http,
  newCustomer,
  newProduct,
  recordFigures,
  sleep,
  startServer,
  type Answer,
  type Cluster,
  type Server,
} from "./helpers.ts";

const PORT = 8112;
const PG_PORT = Number(process.env.RESILIENCE_PG_PORT ?? 55432);
const INITIAL = 100_000;
let cluster: Cluster | undefined;
let server: Server | undefined;
const figures = {
  requests: 0,
  faultsInjected: 0,
  answeredDuringOutage: 0,
  status503: 0,
  slowestOutageAnswerMs: 0,
  recoverySeconds: [] as number[],
  checkoutsAcknowledged: 0,
  halfWrittenCheckouts: 0,
  ordersLost: 0,
  oversold: 0,
};

beforeAll(async () => {
  cluster = createCluster(PG_PORT);
  server = await startServer({ port: PORT, env: { DATABASE_URL: cluster.url, LOGIN_MAX_FAILURES: "100000" } });
}, 300_000);
afterAll(async () => {
  try {
    await server?.kill("SIGTERM");
    if (server) {
      fs.mkdirSync(path.join(ROOT, "test-results/resilience"), { recursive: true });
      fs.writeFileSync(path.join(ROOT, "test-results/resilience/postgres-stop.server.log"), server.output());
    }
  } finally {
    cluster?.destroy();
    recordFigures("postgres-stop", figures);
  }
});

describe("PostgreSQL stopped under load and started again", () => {
  it("fails fast with 503 while down, never crashes, recovers by itself, writes no half order", async () => {
    const base = server!.url;
    const admin = await adminLogin(base);
    await allowManyOrders(base, admin);
    const a = await newProduct(base, admin, INITIAL, "Outage A");
    const b = await newProduct(base, admin, INITIAL, "Outage B");
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => newCustomer(base)));
    const acknowledged = new Map<string, number>(); // productOrderId -> lines
    let phase: "up" | "down" | "recovering" = "up";
    const outage: Answer[] = [];
    let stop = false;

    const shopper = async (s: { token: string }) => {
      for (let n = 0; !stop && n < 5_000; n++) {
        // a two-line checkout: both lines or neither
        const add1 = await http(base, "POST", "/api/v1/addToCart/save", { token: s.token, body: { productId: a, quantity: 1 } });
        const add2 = await http(base, "POST", "/api/v1/addToCart/save", { token: s.token, body: { productId: b, quantity: 2 } });
        // check out only when both lines are surely in the cart, so every checkout has two lines
        const checkout =
          add1.status === 200 && add2.status === 200 ? await http(base, "POST", "/api/v1/addToCart/checkout", { token: s.token, body: {} }) : undefined;
        const list = await http(base, "GET", "/api/v1/products/details?search=Outage");
        for (const r of [add1, add2, list, ...(checkout ? [checkout] : [])]) {
          figures.requests++;
          if (phase === "down") outage.push(r);
          else if (phase === "up" && r.status >= 500) throw new Error(`error while the database is up: ${r.status} ${JSON.stringify(r.body)}`);
        }
        if (checkout?.status === 200) acknowledged.set(checkout.body.productOrderId, checkout.body.orders.length);
        if (phase === "down") await sleep(100);
      }
    };
    const load = shoppers.map(shopper);

    for (const mode of ["fast", "immediate"] as const) {
      await sleep(3_000);
      phase = "down";
      cluster!.stop(mode);
      figures.faultsInjected++;
      await sleep(6_000);
      // health says so too, quickly
      const health = await http(base, "GET", "/healthz", { timeoutMs: 10_000 });
      figures.requests++;
      expect(health.status).toBe(503);
      expect(server!.proc.exitCode, "the server process is still running").toBeNull();
      phase = "recovering";
      cluster!.start();
      const started = Date.now();
      // recovers by itself: no restart of the server
      let ok = false;
      while (!ok && Date.now() - started < 60_000) {
        const r = await http(base, "GET", "/api/v1/products/details?search=Outage", { timeoutMs: 10_000 });
        figures.requests++;
        ok = r.status === 200;
        if (!ok) await sleep(500);
      }
      expect(ok, "answers again after PostgreSQL is back").toBe(true);
      figures.recoverySeconds.push(Math.round((Date.now() - started) / 100) / 10);
      await sleep(1_000);
      phase = "up";
    }
    await sleep(2_000);
    stop = true;
    await Promise.all(load);

    // during the outages: only 503 with a message (or a fast network-level refusal is NOT allowed: the server must answer)
    figures.answeredDuringOutage = outage.length;
    figures.status503 = outage.filter((r) => r.status === 503).length;
    figures.slowestOutageAnswerMs = Math.max(0, ...outage.map((r) => r.ms));
    const bad = outage.filter((r) => !(r.status === 503 || r.status < 500) || r.status === 0);
    expect(bad.slice(0, 5), "answers during the outage other than 503").toEqual([]);
    expect(figures.status503).toBeGreaterThan(0);
    for (const r of outage.filter((x) => x.status === 503)) {
      expect(r.body).toMatchObject({ status: 503, error: "Service Unavailable" });
      expect(String(r.body.message)).toMatch(/database/i);
    }
    expect(figures.slowestOutageAnswerMs, "fails fast").toBeLessThan(10_000);

    // nothing half-written: every acknowledged checkout has both lines; stock adds up
    const orders: { productOrderId: string; productId: number; quantity: number }[] = [];
    for (const s of shoppers) {
      const r = await http(base, "GET", `/api/v1/productOrder/details/CustomerId/${s.customerId}`, { token: admin });
      figures.requests++;
      expect(r.status).toBe(200);
      orders.push(...r.body);
    }
    const byRef = new Map<string, number>();
    for (const o of orders) byRef.set(o.productOrderId, (byRef.get(o.productOrderId) ?? 0) + 1);
    figures.halfWrittenCheckouts = [...byRef.values()].filter((n) => n !== 2).length;
    figures.ordersLost = [...acknowledged].filter(([ref, lines]) => byRef.get(ref) !== lines).length;
    figures.checkoutsAcknowledged = acknowledged.size;
    expect(figures.halfWrittenCheckouts).toBe(0);
    expect(figures.ordersLost).toBe(0);
    for (const productId of [a, b]) {
      const p = await http(base, "GET", `/api/v1/products/details/${productId}`);
      const units = orders.filter((o) => o.productId === productId).reduce((s, o) => s + o.quantity, 0);
      expect(p.body.quantity + units, `stock of ${productId} adds up`).toBe(INITIAL);
    }
    expect(acknowledged.size).toBeGreaterThan(3);
  }, 600_000);

  it("oversell race on real PostgreSQL: 30 concurrent orders for the last 5 units, exactly 5 succeed", async () => {
    const base = server!.url;
    const admin = await adminLogin(base);
    await allowManyOrders(base, admin);
    const productId = await newProduct(base, admin, 5, "Last Units");
    const buyers = [];
    for (let i = 0; i < 30; i++) buyers.push(await newCustomer(base));
    const results = await Promise.all(
      buyers.map((b) => http(base, "POST", "/api/v1/productOrder/save", { token: b.token, body: { productId, quantity: 1 }, timeoutMs: 60_000 })),
    );
    figures.requests += results.length;
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(new Array(25).fill(409));
    const p = await http(base, "GET", `/api/v1/products/details/${productId}`);
    expect(p.body.quantity).toBe(0);
    figures.oversold = Math.max(0, results.filter((r) => r.status === 200).length - 5);
  }, 300_000);
});
