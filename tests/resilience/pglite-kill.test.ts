// Fault: the embedded (PGlite) server is killed with SIGKILL in the middle of a stream of orders,
// several times. After each restart on the same data folder every order that was acknowledged
// (200) is there with its quantity, and stock adds up: initial stock = stock left + all units
// in orders (an order that was cut off mid-way is either wholly there or wholly absent).
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { adminLogin, allowManyOrders, http, must, newCustomer, newProduct, recordFigures, sleep, startServer, tempDir, type Server } from "./helpers.ts";

const PORT = 8111;
const KILLS = Number(process.env.RESILIENCE_KILLS ?? 3);
const INITIAL = 100_000;
const dataDir = tempDir("store-pglite-kill-");
let server: Server | undefined;
const figures = { requests: 0, faultsInjected: 0, ordersAcknowledged: 0, ordersCutOff: 0, ordersLost: 0, stockMismatch: 0 };

afterAll(async () => {
  await server?.kill("SIGKILL");
  recordFigures("pglite-kill", figures);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PGlite server killed with SIGKILL during a stream of orders", () => {
  it(`loses no acknowledged order and keeps stock consistent over ${KILLS} kills`, async () => {
    server = await startServer({ port: PORT, dataDir, env: { LOGIN_MAX_FAILURES: "100000" } });
    let admin = await adminLogin(server.url);
    await allowManyOrders(server.url, admin);
    const productIds = [await newProduct(server.url, admin, INITIAL, "Kill Test A"), await newProduct(server.url, admin, INITIAL, "Kill Test B")];
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => newCustomer(server!.url)));
    const acknowledged = new Map<number, { quantity: number; productId: number }>();

    for (let round = 1; round <= KILLS; round++) {
      let stop = false;
      const stream = shoppers.map(async (s, i) => {
        let n = 0;
        while (!stop && n < 120) {
          n++;
          const productId = must(productIds[(i + n) % 2], "a product to order");
          const quantity = 1 + ((i + n) % 3);
          const r = await http(server!.url, "POST", "/api/v1/productOrder/save", { token: s.token, body: { productId, quantity }, timeoutMs: 10_000 });
          figures.requests++;
          if (r.status === 200) acknowledged.set(r.body.order.orderId, { quantity, productId });
          else if (r.status === 0) {
            figures.ordersCutOff++;
            return; // the server is gone
          } else throw new Error(`order failed before the kill: ${r.status} ${JSON.stringify(r.body)}`);
        }
      });
      // let orders flow, then kill without warning while requests are in flight
      await sleep(2_000 + round * 700);
      const victim = server;
      victim.proc.kill("SIGKILL");
      figures.faultsInjected++;
      stop = true;
      await victim.exited;
      await Promise.all(stream);

      server = await startServer({ port: PORT, dataDir, env: { LOGIN_MAX_FAILURES: "100000" } });
      admin = await adminLogin(server.url);
      // every acknowledged order is there, as acknowledged
      let lost = 0;
      for (const [orderId, want] of acknowledged) {
        const r = await http(server.url, "GET", `/api/v1/productOrder/details/${orderId}`, { token: admin });
        figures.requests++;
        if (r.status !== 200 || r.body.quantity !== want.quantity || r.body.productId !== want.productId) lost++;
      }
      figures.ordersLost += lost;
      expect(lost, `acknowledged orders missing after kill ${round}`).toBe(0);
      // stock adds up: initial = left + every unit in the orders that exist
      const all: { productId: number; quantity: number }[] = [];
      for (const s of shoppers) {
        const r = await http(server.url, "GET", `/api/v1/productOrder/details/CustomerId/${s.customerId}`, { token: admin });
        figures.requests++;
        expect(r.status).toBe(200);
        all.push(...r.body);
      }
      const orders = { body: all };
      for (const productId of productIds) {
        const product = await http(server.url, "GET", `/api/v1/products/details/${productId}`);
        figures.requests++;
        const ordered = (orders.body as { productId: number; quantity: number }[]).filter((o) => o.productId === productId).reduce((s, o) => s + o.quantity, 0);
        if (product.body.quantity + ordered !== INITIAL) figures.stockMismatch++;
        expect(product.body.quantity + ordered, `stock of ${productId} after kill ${round}`).toBe(INITIAL);
      }
      expect((orders.body as unknown[]).length).toBeGreaterThanOrEqual(acknowledged.size);
      // tokens signed before the kill still work (same secret), so shoppers carry on
    }
    figures.ordersAcknowledged = acknowledged.size;
    expect(acknowledged.size).toBeGreaterThan(KILLS * 5);
  }, 600_000);
});
