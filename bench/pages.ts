// npm run bench:pages — the storefront's guest pages and the REST product list against the
// machine's ceiling (issue 18). See bench/README.md.
//
// Loads a dataset (10,000 products by default) into a fresh embedded database, starts the store
// exactly as `npm start` runs it after its build (`npm run serve`: the cluster primary and its
// worker, the node flags of package.json, default settings and logging at info, written to a
// pipe), captures the bytes it answers for each URL, and serves those very bytes from bare
// node:http (bench/baselines/node-http.ts): the ceiling. Both are pinned to the same core and
// loaded in turn by autocannon from a second process on the other core (bench/lib/load-worker.ts).
//
// Options (env or --flag=value): BENCH_DURATION (10), BENCH_WARMUP (3), BENCH_CONNECTIONS (50),
// BENCH_SCENARIOS (substring filter), --dataset=small|large (large), --quick (2 s runs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "@store/db";
import { hashPassword, renderProductImages } from "@store/api";
import { BENCH_CUSTOMER_PASSWORD, DATASETS, loadDataset, PRODUCT_NEEDLE, type Dataset } from "./lib/data.ts";
import { Driver, type LoadResult, type Variant } from "./lib/driver.ts";
import { freePort, pinning, ROOT, startServer, waitUntilIdle, type Served } from "./lib/proc.ts";
import { parseFlags } from "./lib/util.ts";
import { pct, x } from "./lib/report.ts";
import { buildServer, serveArgs } from "../apps/server/scripts/production-server.ts";

const flags = parseFlags();
const opt = (name: string, env: string, dflt: string): string => flags[name] ?? process.env[env] ?? dflt;
const quick = flags.quick === "true";
const DURATION = Number(opt("duration", "BENCH_DURATION", quick ? "2" : "10"));
const WARMUP = Number(opt("warmup", "BENCH_WARMUP", quick ? "1" : "3"));
const CONNECTIONS = Number(opt("connections", "BENCH_CONNECTIONS", "50"));
const FILTER = opt("scenarios", "BENCH_SCENARIOS", "").split(",").filter(Boolean);
const datasetName = opt("dataset", "BENCH_DATASET", "large");
if (datasetName !== "small" && datasetName !== "large") throw new Error(`unknown dataset "${datasetName}" (small or large)`);
const DATASET: Dataset = DATASETS[datasetName];
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-pages-"));
const log = (...a: unknown[]) => console.log(...a);

interface Scenario {
  name: string;
  /** the URLs the load rotates through (one URL: a page as a sale-day crowd asks for it) */
  paths: string[];
  /** the path whose captured bytes the ceiling serves */
  ceilingPath: string;
  /** the share of the ceiling's requests/s to reach, and the p99 bound (× the ceiling's), if any */
  target?: { rps: number; p99?: number };
}

const PAGE_TARGET = { rps: 0.5, p99: 3 };
const scenarios: Scenario[] = [
  { name: "home", paths: ["/"], ceilingPath: "/", target: PAGE_TARGET },
  { name: "product-0", paths: ["/product/0"], ceilingPath: "/product/0", target: PAGE_TARGET },
  { name: "product-page", paths: ["/singleProductDetails/1"], ceilingPath: "/singleProductDetails/1", target: PAGE_TARGET },
  { name: "category-page", paths: ["/search?category=Kitchen"], ceilingPath: "/search?category=Kitchen", target: PAGE_TARGET },
  { name: "policy-page", paths: ["/privacyPolicy"], ceilingPath: "/privacyPolicy", target: PAGE_TARGET },
  { name: "rest-product-list", paths: ["/api/v1/products/details"], ceilingPath: "/api/v1/products/details", target: { rps: 0.5 } },
  { name: "search-page", paths: [`/search?q=${PRODUCT_NEEDLE}`], ceilingPath: `/search?q=${PRODUCT_NEEDLE}`, target: { rps: 0.1 } },
  // no target: every request a URL the store has not rendered yet (the page cache never answers),
  // so this row is the cost of rendering a search page on the database
  {
    name: "search-page-uncached",
    paths: Array.from({ length: 50_000 }, (_, i) => `/search?q=${PRODUCT_NEEDLE}&n=${i}`),
    ceilingPath: `/search?q=${PRODUCT_NEEDLE}`,
  },
].filter((s) => FILTER.length === 0 || FILTER.some((f) => s.name.includes(f)));

async function loadData(dir: string) {
  const t0 = Date.now();
  const image = await renderProductImages(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f4f7fb"/><rect x="180" y="150" width="240" height="370" rx="48" fill="#7a58b8"/></svg>`,
    ),
  );
  const handle = await openDb({ dataDir: dir });
  try {
    await loadDataset(handle.raw, DATASET, await hashPassword(BENCH_CUSTOMER_PASSWORD), image);
  } finally {
    await handle.close();
  }
  log(`loaded the ${DATASET.name} dataset (${DATASET.products} products, ${DATASET.orders} orders) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function capture(base: string, paths: string[]) {
  const pages: Record<string, { status: number; type: string; body: string }> = {};
  for (const p of paths) {
    const res = await fetch(base + p, { signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: the bench needs a page that exists`);
    pages[p] = { status: res.status, type: res.headers.get("content-type") ?? "text/html", body };
  }
  return pages;
}

interface Measured {
  scenario: Scenario;
  store: LoadResult;
  ceiling: LoadResult;
}

/** the cluster worker that serves the requests (`npm run serve` starts a primary that forks it) */
function workerPid(primary: number): number {
  const children = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return children[0] ?? primary;
}

const unexpected = (r: LoadResult) => r.errors + r.timeouts + Object.entries(r.statusCodes).reduce((n, [code, c]) => n + (code === "200" ? 0 : c), 0);

async function main() {
  log(
    `bench:pages — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run, pinning ${pinning ? "on" : "off"}, load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  if (!fs.existsSync(path.join(ROOT, "apps/web/dist-server/entry-server.js"))) throw new Error("build the web app first: npm run build");
  buildServer();
  const dataDir = path.join(WORK, "data");
  await loadData(dataDir);

  const storePort = await freePort();
  // npm start's configuration: nothing set but where the data lives and the port
  for (const name of ["LOG_LEVEL", "NODE_ENV", "WEB_CONCURRENCY", "DATABASE_URL"]) delete process.env[name];
  const store: Served = await startServer("store", serveArgs(), { PORT: String(storePort), HOST: "127.0.0.1", DATA_DIR: dataDir }, storePort);
  const pages = await capture(
    store.url,
    scenarios.map((s) => s.ceilingPath),
  );
  const pagesFile = path.join(WORK, "pages.json");
  fs.writeFileSync(pagesFile, JSON.stringify(pages));
  for (const [p, page] of Object.entries(pages)) log(`  ${p}: ${page.body.length} bytes, ${page.type}`);
  const ceilingPort = await freePort();
  const ceiling = await startServer(
    "node:http",
    ["--import", "tsx", "bench/baselines/node-http.ts"],
    { PORT: String(ceilingPort), BENCH_PAGES: pagesFile },
    ceilingPort,
  );

  const driver = new Driver();
  await driver.start();
  const results: Measured[] = [];
  try {
    for (const scenario of scenarios) {
      const run = async (server: Served, variants: Variant[]) => {
        await waitUntilIdle(server === store ? workerPid(server.pid) : server.pid);
        return driver.run({ url: server.url, variants, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP });
      };
      const storeResult = await run(
        store,
        scenario.paths.map((p) => ({ path: p })),
      );
      const ceilingResult = await run(ceiling, [{ path: scenario.ceilingPath }]);
      results.push({ scenario, store: storeResult, ceiling: ceilingResult });
      log(
        `  ${scenario.name.padEnd(22)} store ${storeResult.rps.toFixed(0).padStart(6)} req/s p50 ${storeResult.p50} p99 ${storeResult.p99} ms (errors ${unexpected(storeResult)}) | node:http ${ceilingResult.rps.toFixed(0).padStart(6)} req/s p99 ${ceilingResult.p99} ms | ${pct(storeResult.rps / ceilingResult.rps)}, p99 ${x(storeResult.p99 / Math.max(ceilingResult.p99, 1))}`,
      );
    }
  } finally {
    driver.stop();
    const logText = store.output();
    await store.stop();
    await ceiling.stop();
    const lines = logText.split("\n").filter((l) => l.includes('"msg":"request"'));
    log(`\nthe store's request log: ${lines.length ? `one line per request, e.g. ${lines.at(-1)}` : "no request lines seen (LOG_LEVEL?)"}`);
  }

  log("\nTargets (issue 18: ratios to bare node:http sending the same bytes, same run)");
  let missed = 0;
  for (const { scenario, store: s, ceiling: c } of results) {
    if (!scenario.target) continue;
    const rpsOk = s.rps >= scenario.target.rps * c.rps;
    const p99Ok = scenario.target.p99 === undefined || s.p99 <= scenario.target.p99 * Math.max(c.p99, 1);
    const errorsOk = unexpected(s) === 0;
    const met = rpsOk && p99Ok && errorsOk;
    if (!met) missed++;
    log(
      `  [${met ? "met " : "MISS"}] ${scenario.name}: ${pct(s.rps / c.rps)} of the ceiling's req/s (target ${pct(scenario.target.rps)})${scenario.target.p99 === undefined ? "" : `, p99 ${x(s.p99 / Math.max(c.p99, 1))} (target ≤ ${scenario.target.p99}x)`}, ${unexpected(s)} errors`,
    );
  }
  const out = path.join(ROOT, "bench/results");
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify({ connections: CONNECTIONS, duration: DURATION, dataset: DATASET, results }, null, 2));
  log(`\nresults: ${path.relative(ROOT, file)}`);
  fs.rmSync(WORK, { recursive: true, force: true });
  process.exitCode = missed > 0 ? 1 : 0;
}

await main();
