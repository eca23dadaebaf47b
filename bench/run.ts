// npm run bench — the store's benchmark suite (issue 7). See bench/README.md.
//
// For each database (embedded PGlite; PostgreSQL when BENCH_DATABASE_URL is set) and each
// dataset (small: 1,000 rows; large: 10,000 products, 10,000 customers, 100,000 orders) it
// loads the data with SQL, starts the server as in production (pinned to one core), drives it
// from a second process (autocannon, pinned to the other core, loopback, 50 connections, a
// warm-up, then BENCH_DURATION s per scenario), and compares every scenario with the baselines
// measured in the same run: a bare Fastify route answering the same JSON from memory (the
// ceiling) and bare Fastify + pg with hand-written SQL (the floor of the database work).
//
// Options (env or --flag=value): BENCH_DURATION (10), BENCH_WARMUP (3), BENCH_CONNECTIONS (50),
// BENCH_TARGETS (pglite,postgresql), BENCH_DATASETS (small,large), BENCH_SCENARIOS (filter by
// substring), BENCH_DATABASE_URL (postgresql://… of a server where bench_* databases may be
// created and dropped). --quick = 2 s runs, 1 s warm-up.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, type DbHandle } from "@store/db";
import { createTokenService, hashPassword, HASH_PARAMS, renderProductImages } from "@store/api";
import {
  BENCH_CUSTOMER_PASSWORD,
  BIG_STOCK,
  customerNumber,
  DATASETS,
  IMAGES_FOR,
  LAST_UNITS_PRODUCT,
  LAST_UNITS_STOCK,
  loadDataset,
  ORDER_NEEDLE,
  ORDER_PRODUCTS,
  PRODUCT_COMMON,
  PRODUCT_NEEDLE,
  type Dataset,
  type ImageRows,
} from "./lib/data.ts";
import { Driver, type LoadResult, type Variant } from "./lib/driver.ts";
import { freePort, pinning, ROOT, startServer, waitUntilIdle } from "./lib/proc.ts";
import { must, parseFlags } from "./lib/util.ts";
import { buildServer, serveArgs } from "../apps/server/scripts/production-server.ts";
import { pct, printTable, printVerdicts, x, find, type Row, type Verdict } from "./lib/report.ts";

// ---------------------------------------------------------------- options
const flags = parseFlags();
const opt = (name: string, env: string, dflt: string): string => flags[name] ?? process.env[env] ?? dflt;
const quick = flags.quick === "true";
const DURATION = Number(opt("duration", "BENCH_DURATION", quick ? "2" : "10"));
const WARMUP = Number(opt("warmup", "BENCH_WARMUP", quick ? "1" : "3"));
const CONNECTIONS = Number(opt("connections", "BENCH_CONNECTIONS", "50"));
const PG_URL = opt("database-url", "BENCH_DATABASE_URL", "");
const TARGETS = opt("targets", "BENCH_TARGETS", "pglite,postgresql")
  .split(",")
  .filter((t) => t === "pglite" || (t === "postgresql" && PG_URL));
const DATASET_NAMES = opt("datasets", "BENCH_DATASETS", "small,large")
  .split(",")
  .map((name): Dataset["name"] => {
    if (name === "small" || name === "large") return name;
    throw new Error(`unknown dataset "${name}" (BENCH_DATASETS: small,large)`);
  });
const FILTER = opt("scenarios", "BENCH_SCENARIOS", "").split(",").filter(Boolean);
const wanted = (scenario: string) => FILTER.length === 0 || FILTER.some((f) => scenario.includes(f));

/** PIN codes of the directory every store is seeded with (issue 27), across the country */
const LOOKUP_PINCODES = "110001 400001 411001 560001 600001 700001 500001 380001 302001 226001 682001 751001 781001 800001 160017 144001".split(" ");
const JWT_SECRET = randomBytes(32).toString("base64url");
const ADMIN_EMAIL = "bench-admin@cleanstore.in";
const ADMIN_PASSWORD = "Bench@Admin-Passw0rd";
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));

// ---------------------------------------------------------------- databases
function pgUrlFor(db: string) {
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

async function recreatePgDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

interface Prepared {
  env: Record<string, string>;
  open: () => Promise<DbHandle>;
}

async function prepare(target: string, ds: Dataset, passwordHash: string, image: ImageRows): Promise<Prepared> {
  const t0 = Date.now();
  let prepared: Prepared;
  if (target === "pglite") {
    const dir = path.join(WORK, `pglite-${ds.name}`);
    fs.rmSync(dir, { recursive: true, force: true });
    prepared = { env: { DATA_DIR: dir }, open: () => openDb({ dataDir: dir }) };
  } else {
    const name = `bench_${ds.name}`;
    await recreatePgDatabase(name);
    prepared = { env: { DATABASE_URL: pgUrlFor(name) }, open: () => openDb({ databaseUrl: pgUrlFor(name) }) };
  }
  const handle = await prepared.open();
  try {
    await loadDataset(handle.raw, ds, passwordHash, image);
  } finally {
    await handle.close();
  }
  log(`  loaded ${ds.name} into ${target} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return prepared;
}

// ---------------------------------------------------------------- helpers
const log = (...a: unknown[]) => console.log(...a);

/** A JSON answer; T is the shape the store's API documents for it (not checked here: the suites do that). */
async function getJson<T>(url: string, init?: RequestInit): Promise<{ text: string; json: T; headers: Headers }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { text, json: JSON.parse(text) as T, headers: res.headers };
}

interface OrderPage {
  items: { orderId: number }[];
  total: number;
}

/** waits (at most 30 s) until the server has worked off what the previous scenario left queued */
async function drain(base: string) {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (Date.now() < deadline && quick < 2) {
    const t0 = performance.now();
    try {
      await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
    } catch {
      // still busy
    }
    quick = performance.now() - t0 < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const trpcListPath = `/api/trpc/products.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { sort: "name" } } }))}`;
/** the storefront grid as the web app asks for it (home page 1; a search) */
const trpcShelfPath = (input: Record<string, unknown>) =>
  `/api/trpc/products.shelf?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`;

interface Scenario {
  name: string;
  variants: Variant[];
  expect: number[];
  ceiling?: string;
  floor?: string;
  write?: boolean;
  note?: string;
}

// ---------------------------------------------------------------- main
async function main() {
  if (TARGETS.length === 0) throw new Error("no target to run (BENCH_TARGETS, and BENCH_DATABASE_URL for postgresql)");
  buildServer();
  log(
    `store benchmark: targets ${TARGETS.join(", ")}; datasets ${DATASET_NAMES.join(", ")}; ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per scenario`,
  );
  log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}; server and load generator ${pinning ? "pinned to separate cores" : "NOT pinned (no taskset)"}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if (!PG_URL) log("BENCH_DATABASE_URL is not set: PostgreSQL target and the pg floor baseline are skipped");

  const passwordHash = await hashPassword(BENCH_CUSTOMER_PASSWORD);
  const image = await renderProductImages(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f4f7fb"/><rect x="180" y="150" width="240" height="370" rx="48" fill="#7a58b8"/></svg>`,
    ),
  );
  const tokens = createTokenService(JWT_SECRET);
  const driver = new Driver();
  await driver.start();

  const rows: Row[] = [];
  const checks: Record<string, unknown> = {};
  const finalRss: Record<string, number> = {};
  const settledRss: Record<string, number> = {};
  const peakRss: Record<string, number> = {};
  const bench = async (target: string, dataset: string, url: string, sc: Scenario, rss?: () => { rssMb: number }) => {
    if (!wanted(sc.name)) return;
    await drain(url);
    const result = await driver.run({ url, variants: sc.variants, connections: CONNECTIONS, duration: DURATION, warmup: sc.write ? 0 : WARMUP });
    const unexpected = Object.entries(result.statusCodes)
      .filter(([code]) => !sc.expect.includes(Number(code)))
      .reduce((n, [, c]) => n + c, 0);
    const ok = result.statusCodes[String(sc.expect[0])] ?? 0;
    const row: Row = {
      target,
      dataset,
      scenario: sc.name,
      result,
      errors: result.errors + result.timeouts + unexpected,
      okPerSec: Math.round((ok / result.duration) * 10) / 10,
      rssMb: rss?.().rssMb,
      ceiling: sc.ceiling,
      floor: sc.floor,
      note: result.requests === 0 ? `NO ANSWERS within ${DURATION} s${sc.note ? `; ${sc.note}` : ""}` : sc.note,
    };
    rows.push(row);
    log(
      `  ${target.padEnd(10)} ${sc.name.padEnd(22)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${row.errors}  ${JSON.stringify(result.statusCodes)}${row.rssMb ? `  rss ${row.rssMb} MB` : ""}`,
    );
  };

  for (const dsName of DATASET_NAMES) {
    const ds = DATASETS[dsName];
    log(`\n=== dataset ${ds.name}: ${ds.products} products, ${ds.customers} customers, ${ds.orders} orders`);
    const bodies: Record<string, string> = {};

    // the floor: bare Fastify + pg on a freshly loaded PostgreSQL database
    let pgPrepared: Prepared | undefined;
    if (PG_URL) {
      const prepared = (pgPrepared = await prepare("postgresql", ds, passwordHash, image));
      const port = await freePort();
      const floor = await startServer(
        "pg baseline",
        ["--import", "tsx", "bench/baselines/pg.ts"],
        { PORT: String(port), DATABASE_URL: prepared.env.DATABASE_URL },
        port,
      );
      try {
        const floorScenarios: Scenario[] = [
          { name: "pg-list", variants: [{ path: "/products" }], expect: [200] },
          { name: "pg-search-needle", variants: [{ path: `/products?search=${PRODUCT_NEEDLE}` }], expect: [200] },
          { name: "pg-search-common", variants: [{ path: `/products?search=${PRODUCT_COMMON}` }], expect: [200] },
          { name: "pg-orders-page1", variants: [{ path: "/orders?page=1" }], expect: [200] },
          { name: "pg-orders-search", variants: [{ path: `/orders?page=1&search=${encodeURIComponent(ORDER_NEEDLE)}` }], expect: [200] },
        ];
        for (const sc of floorScenarios) await bench("baseline", ds.name, floor.url, sc, () => floor.rss());
      } finally {
        await floor.stop();
      }
    }

    for (const target of TARGETS) {
      log(`--- ${target}`);
      // PostgreSQL: the floor above (reads only) loaded this dataset into this database already
      const prepared = target === "postgresql" && pgPrepared ? pgPrepared : await prepare(target, ds, passwordHash, image);
      const port = await freePort();
      const server = await startServer(
        `store (${target})`,
        serveArgs(),
        {
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          JWT_SECRET,
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          LOG_LEVEL: "warn",
          SEED_SAMPLE_DATA: "false",
          WEB_DIST: path.join(WORK, "no-web-build"),
          // the server process itself, whose RSS is measured: without the restarting primary (~40 MB, bench/README.md)
          WEB_CONCURRENCY: "0",
          ...prepared.env,
        },
        port,
      );
      // the newest order before the write scenarios: the stock check counts the orders after it
      let maxOrderId: number;
      try {
        const base = server.url;
        const admin = (
          await getJson<{ token: string }>(`${base}/api/v1/admin/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          })
        ).json.token;
        const auth = { authorization: `Bearer ${admin}` };
        // the bench's customers order far more often than a person: lift the anti-hoarding limits (issue 13)
        await getJson(`${base}/api/v1/settings`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ maxOpenUnpaidOrders: 10_000, maxOrdersPerHour: 10_000 }),
        });
        const list = await getJson<{ productId: number }[]>(`${base}/api/v1/products/details`);
        const etag = list.headers.get("etag") ?? "";
        const firstId = must(list.json[0], `a product in the ${ds.name} dataset on ${target}`).productId;
        const orderPage = await getJson<OrderPage>(`${base}/api/v1/productOrder/page?page=1`, { headers: auth });
        maxOrderId = orderPage.json.items[0]?.orderId ?? 0;
        if (bodies.list === undefined) {
          bodies.list = list.text;
          bodies.detail = (await getJson(`${base}/api/v1/products/details/${firstId}`)).text;
          bodies["search-needle"] = (await getJson(`${base}/api/v1/products/details?search=${PRODUCT_NEEDLE}`)).text;
          bodies["orders-page1"] = orderPage.text;
        }
        const needle = (await getJson<unknown[]>(`${base}/api/v1/products/details?search=${PRODUCT_NEEDLE}`)).json;
        const orderNeedle = (await getJson<OrderPage>(`${base}/api/v1/productOrder/page?page=1&search=${encodeURIComponent(ORDER_NEEDLE)}`, { headers: auth }))
          .json;
        checks[`${target}/${ds.name}/answers`] = {
          list: list.json.length,
          searchNeedle: needle.length,
          ordersTotal: orderPage.json.total,
          orderNeedleTotal: orderNeedle.total,
        };

        const ids = Array.from({ length: Math.min(ds.products, 1000) }, (_, i) => ({ path: `/api/v1/products/details/${1 + ((i * 7) % ds.products)}` }));
        // signed-in shoppers: their answers are not kept by the catalogue cache (issue 18); since issue 22 the product cache
        // keeps searches (normalised), so the same search of 50 shoppers reaches the database once per product write
        const shoppers = await Promise.all(
          Array.from({ length: 50 }, async (_, i) => ({ authorization: `Bearer ${await tokens.sign({ role: "customer", customerId: 1 + i })}` })),
        );
        const signedIn = (search: string) => shoppers.map((headers) => ({ path: `/api/v1/products/details?search=${search}`, headers }));
        // ...each searching something else at the same moment ("no.123": 1-11 products by their number), so no two share a query;
        // 899 of them in turn, more than the product cache keeps (256 searches), so every search still reaches the database
        const varied = Array.from({ length: 899 }, (_, i) => ({
          path: `/api/v1/products/details?search=no.${101 + ((i * 37) % 899)}`,
          headers: must(shoppers[i % 50], "a shopper"),
        }));
        const imgs = Array.from({ length: Math.min(IMAGES_FOR, ds.products) }, (_, i) => `/images/products/${i + 1}/396/${image.hash}.webp`);
        const reads: Scenario[] = [
          { name: "list-rest", variants: [{ path: "/api/v1/products/details" }], expect: [200], ceiling: "list", floor: "pg-list" },
          {
            name: "pincode-lookup",
            variants: LOOKUP_PINCODES.map((p) => ({ path: `/api/v1/pincodes/${p}` })),
            expect: [200],
            note: "the address form's PIN-code lookup, by primary key (issue 27)",
          },
          {
            name: "list-rest-304",
            variants: [{ path: "/api/v1/products/details", headers: { "if-none-match": etag } }],
            expect: [304],
            note: "ETag revalidation",
          },
          { name: "list-trpc", variants: [{ path: trpcListPath }], expect: [200], ceiling: "list", floor: "pg-list", note: "tRPC products.list (superjson)" },
          {
            name: "shelf-trpc",
            variants: [{ path: trpcShelfPath({ sort: "name", page: 1 }) }],
            expect: [200],
            note: "home grid as the web app asks for it (24 a page)",
          },
          { name: "detail", variants: ids, expect: [200], ceiling: "detail" },
          { name: "image-396", variants: imgs.map((p) => ({ path: p })), expect: [200] },
          { name: "image-396-304", variants: imgs.map((p) => ({ path: p, headers: { "if-none-match": `"${image.hash}-396"` } })), expect: [304] },
          {
            name: "search-needle",
            variants: [{ path: `/api/v1/products/details?search=${PRODUCT_NEEDLE}` }],
            expect: [200],
            ceiling: "search-needle",
            floor: "pg-search-needle",
            note: "20 matches",
          },
          {
            name: "search-common",
            variants: [{ path: `/api/v1/products/details?search=${PRODUCT_COMMON}` }],
            expect: [200],
            floor: "pg-search-common",
            note: "capped at 500 rows",
          },
          {
            name: "search-shelf",
            variants: [{ path: trpcShelfPath({ search: PRODUCT_COMMON, sort: "name", page: 1 }) }],
            expect: [200],
            note: "storefront search page as the web app asks for it",
          },
          {
            name: "search-signed-in",
            variants: signedIn(PRODUCT_NEEDLE),
            expect: [200],
            note: "20 matches, signed in: past the catalogue cache, from the product cache's kept searches",
          },
          {
            name: "search-varied",
            variants: varied,
            expect: [200],
            note: "50 different searches at once, signed in, none kept",
          },
          {
            name: "search-fuzzy",
            variants: signedIn(PRODUCT_NEEDLE.slice(0, -2) + PRODUCT_NEEDLE.slice(-1)),
            expect: [200],
            note: "misspelt (sandalwod), signed in: the close-spelling branch once per write, then kept",
          },
          {
            name: "orders-page1",
            variants: [{ path: "/api/v1/productOrder/page?page=1", headers: auth }],
            expect: [200],
            ceiling: "orders-page1",
            floor: "pg-orders-page1",
          },
          {
            name: "orders-search",
            variants: [{ path: `/api/v1/productOrder/page?page=1&search=${encodeURIComponent(ORDER_NEEDLE)}`, headers: auth }],
            expect: [200],
            floor: "pg-orders-search",
            note: "20 matches",
          },
        ];
        for (const sc of reads) await bench(target, ds.name, base, sc, () => server.rss());

        // writes, on the large dataset: many customers ordering at once; then logins
        if (ds.name === "large" || DATASET_NAMES.length === 1) {
          const customers = Math.min(ds.customers, 1000);
          const orderVariants: Variant[] = [];
          for (let i = 0; i < 2000; i++) {
            const customerId = 1 + ((i * 13) % customers);
            const token = await tokens.sign({ role: "customer", customerId });
            orderVariants.push({
              path: "/api/v1/productOrder/save",
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
              body: JSON.stringify({ productId: 1 + (i % ORDER_PRODUCTS), quantity: 1 + (i % 3) }),
            });
          }
          await bench(
            target,
            ds.name,
            base,
            {
              name: "place-order",
              variants: orderVariants,
              expect: [200, 409],
              write: true,
              note: `ok/s = orders/s; 409 = product ${LAST_UNITS_PRODUCT} sold out`,
            },
            () => server.rss(),
          );
          const loginVariants: Variant[] = Array.from({ length: customers }, (_, i) => ({
            path: "/api/v1/customers/login",
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ number: customerNumber(i + 1), password: BENCH_CUSTOMER_PASSWORD }),
          }));
          await bench(
            target,
            ds.name,
            base,
            {
              name: "login",
              variants: loginVariants,
              expect: [200],
              write: true,
              note: `argon2id m=${HASH_PARAMS.memoryCost} KiB t=${HASH_PARAMS.timeCost} p=${HASH_PARAMS.parallelism}`,
            },
            () => server.rss(),
          );
        }
        // "after the run": once the server has finished what the last scenario left queued (up to
        // 49 logins still waiting for a core, each holding 19 MiB while it hashes). The rss column
        // of each scenario is read the moment its load stops; the peak is the high-water mark (VmHWM).
        const atEnd = server.rss();
        await waitUntilIdle(server.pid);
        const rss = server.rss();
        finalRss[`${target}/${ds.name}`] = rss.rssMb;
        peakRss[`${target}/${ds.name}`] = rss.peakMb;
        // for information only: what the server gives back after 10 s without requests
        await new Promise((r) => setTimeout(r, 10_000));
        const settled = server.rss();
        settledRss[`${target}/${ds.name}`] = settled.rssMb;
        log(
          `  ${target} server RSS after the run: ${rss.rssMb} MB (${atEnd.rssMb} MB the moment the load stopped; peak ${rss.peakMb} MB; ${settled.rssMb} MB after 10 s idle)`,
        );
      } finally {
        await server.stop();
      }

      // stock check: nothing oversold, the stock matches the orders placed
      if (maxOrderId > 0 && rows.some((r) => r.target === target && r.dataset === ds.name && r.scenario === "place-order")) {
        const handle = await prepared.open();
        try {
          const stock = await handle.raw.query<{ productId: number; quantity: number; sold: string }>(
            `SELECT p."productId", p."quantity", COALESCE(SUM(o."quantity") FILTER (WHERE o."orderId" > $1), 0)::text AS sold
               FROM "Product" p LEFT JOIN "ProductOrder" o ON o."productId" = p."productId"
              WHERE p."productId" <= ${ORDER_PRODUCTS} GROUP BY p."productId", p."quantity"`,
            [maxOrderId],
          );
          let oversold = 0;
          let mismatched = 0;
          for (const s of stock) {
            const initial = s.productId === LAST_UNITS_PRODUCT ? LAST_UNITS_STOCK : BIG_STOCK;
            const sold = Number(s.sold);
            if (sold > initial) oversold += sold - initial;
            if (s.quantity < 0) oversold += -s.quantity;
            if (s.quantity !== initial - sold) mismatched++;
          }
          const last = stock.find((s) => s.productId === LAST_UNITS_PRODUCT);
          checks[`${target}/${ds.name}/stock`] = {
            oversoldUnits: oversold,
            productsWithStockNotMatchingOrders: mismatched,
            lastUnitsProductLeft: last?.quantity,
            lastUnitsProductSold: Number(last?.sold ?? 0),
          };
          log(
            `  stock check: oversold units ${oversold}, products whose stock does not match their orders ${mismatched}, product ${LAST_UNITS_PRODUCT}: ${last?.sold} of ${LAST_UNITS_STOCK} sold, ${last?.quantity} left`,
          );
        } finally {
          await handle.close();
        }
      }
    }

    // the ceiling: bare Fastify serving the same bodies from memory
    if (bodies.list !== undefined) {
      const file = path.join(WORK, `bodies-${ds.name}.json`);
      fs.writeFileSync(file, JSON.stringify(bodies));
      const port = await freePort();
      const ceiling = await startServer("memory baseline", ["--import", "tsx", "bench/baselines/memory.ts"], { PORT: String(port), BENCH_BODIES: file }, port);
      try {
        for (const name of Object.keys(bodies)) {
          await bench("baseline", ds.name, ceiling.url, { name, variants: [{ path: `/m/${name}` }], expect: [200], note: "from memory" }, () => ceiling.rss());
        }
      } finally {
        await ceiling.stop();
      }
    }
  }
  driver.stop();

  // ---------------------------------------------------------------- report
  const order = (r: Row) => `${DATASET_NAMES.indexOf(r.dataset as Dataset["name"])}-${r.target === "baseline" ? 0 : 1 + TARGETS.indexOf(r.target)}`;
  rows.sort((a, b) => order(a).localeCompare(order(b)));
  printTable(rows);

  const verdicts: Verdict[] = [];
  for (const target of TARGETS) {
    for (const ds of DATASET_NAMES) {
      for (const sc of ["list-rest", "list-trpc"]) {
        const r = find(rows, target, ds, sc);
        const c = find(rows, "baseline", ds, "list");
        if (!r || !c) continue;
        if (r.result.requests === 0 || c.result.requests === 0) {
          verdicts.push({ target: `${sc} on ${target} (${ds})`, measured: "no answers within the run (machine too busy or run too short)", met: null });
          continue;
        }
        const share = r.result.rps / c.result.rps;
        const p99 = r.result.p99 / Math.max(c.result.p99, 1);
        verdicts.push({
          target: `${sc} on ${target} (${ds}): >= 50% of ceiling req/s, p99 <= 2x, 0 errors`,
          measured: `${pct(share)} req/s, p99 ${x(p99)}, ${r.errors} errors`,
          met: share >= 0.5 && p99 <= 2 && r.errors === 0,
        });
      }
    }
    if (DATASET_NAMES.includes("small") && DATASET_NAMES.includes("large")) {
      for (const sc of ["list-rest", "list-trpc", "shelf-trpc", "search-needle", "search-shelf", "orders-page1", "orders-search"]) {
        const s = find(rows, target, "small", sc);
        const l = find(rows, target, "large", sc);
        if (!s || !l) continue;
        if (s.result.requests === 0 || l.result.requests === 0) {
          verdicts.push({ target: `growth ${sc} on ${target}`, measured: "no answers within a run (machine too busy or run too short)", met: null });
          continue;
        }
        const g50 = l.result.p50 / Math.max(s.result.p50, 1);
        const g99 = l.result.p99 / Math.max(s.result.p99, 1);
        verdicts.push({
          target: `growth ${sc} on ${target}: latency at large <= 2x small`,
          measured: `p50 ${s.result.p50} -> ${l.result.p50} ms (${x(g50)}), p99 ${s.result.p99} -> ${l.result.p99} ms (${x(g99)})`,
          met: g50 <= 2 && g99 <= 2,
        });
      }
    }
    const orders = rows.find((r) => r.target === target && r.scenario === "place-order");
    if (orders) {
      const stock = checks[`${target}/${orders.dataset}/stock`] as { oversoldUnits: number } | undefined;
      verdicts.push({
        target: `placing orders on ${target}: >= 300 orders/s, 0 oversold${target === "pglite" ? " (target is for PostgreSQL)" : ""}`,
        measured: `${orders.okPerSec} orders/s, oversold ${stock?.oversoldUnits ?? "?"}, errors ${orders.errors}`,
        met: orders.result.requests === 0 ? null : target === "postgresql" ? orders.okPerSec >= 300 && stock?.oversoldUnits === 0 && orders.errors === 0 : null,
      });
    }
    const login = rows.find((r) => r.target === target && r.scenario === "login");
    if (login) verdicts.push({ target: `customer login on ${target}`, measured: `${login.okPerSec} logins/s (${login.note})`, met: null });
  }
  if (TARGETS.includes("pglite")) {
    const rss = Math.max(
      ...Object.entries(finalRss)
        .filter(([k]) => k.startsWith("pglite/"))
        .map(([, v]) => v),
    );
    const peak = Math.max(
      ...Object.entries(peakRss)
        .filter(([k]) => k.startsWith("pglite/"))
        .map(([, v]) => v),
    );
    verdicts.push({ target: "server RSS after the whole run on PGlite < 250 MB", measured: `${rss} MB (peak during the run ${peak} MB)`, met: rss < 250 });
  }
  printVerdicts(verdicts);

  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = {
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg(), pinned: pinning },
    options: { duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, targets: TARGETS, datasets: DATASET_NAMES, filter: FILTER },
    hashParams: HASH_PARAMS,
    rows: rows.map((r) => ({ ...r })),
    checks,
    finalRss,
    settledRss,
    peakRss,
    verdicts,
  };
  fs.mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  const file = path.join(ROOT, "bench/results", `bench-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2));
  fs.writeFileSync(path.join(ROOT, "bench/results/latest.json"), JSON.stringify(out, null, 2));
  log(`\nresults: ${path.relative(ROOT, file)} (and bench/results/latest.json)`);
  fs.rmSync(WORK, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(WORK, { recursive: true, force: true });
  process.exit(1);
});

export type { LoadResult };
