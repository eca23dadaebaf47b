// npm run bench:web — the storefront's weight and Lighthouse scores (issue 7).
//
// 1. Builds the web app (vite, with a manifest) and its server-side renderer into a temporary folder.
// 2. Starts the store on it (embedded PGlite, sample catalogue) and opens /, a product page and
//    /customerLogin as a guest, then a product page and My Orders as a signed-in customer with two
//    orders (issue 23: the token in localStorage, kept by Lighthouse's `disableStorageReset`), in
//    Debian's Chromium through Lighthouse 12.8 (npm `lighthouse`).
// 3. Prints, per page: the JavaScript the page loaded (on the wire as Chromium counted it, and
//    gzipped from the build's files), whether any back-office chunk was among it, the performance /
//    accessibility / best-practices scores, LCP and CLS. Targets: JS <= 150 KB, no back-office code
//    on the storefront; guest pages scores >= 95 and CLS 0 (issue 7); signed-in pages performance
//    >= 90 and LCP <= 2.5 s (issue 23). Results in bench/results/web-*.json.
//
// Options: --preset=desktop (default: Lighthouse's mobile defaults), --runs=N (median of N, default 1),
// CHROME_PATH (default /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { buildServer, serveArgs } from "../apps/server/scripts/production-server.ts";
import { freePort, ROOT, startServer } from "./lib/proc.ts";
import { must, parseFlags } from "./lib/util.ts";

const flags = parseFlags();
const preset = flags.preset === "desktop" ? "desktop" : "mobile";
const runs = Math.max(1, Number(flags.runs ?? 1));
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGET_KB = 150;
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-web-"));
const dist = path.join(WORK, "dist");

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** One measured page: the median Lighthouse run's figures and the scripts it loaded. */
interface PageRow {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number | null;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  lcpElement: string;
  tbtMs: number;
  failedRuns: number;
  jsFiles: number;
  jsKbGzip: number;
  /** the scripts' transferSize as Chromium counted it: what the server sent, compressed or not */
  jsKbWire: number;
  signedIn: boolean;
  adminChunksLoaded: string[];
  failedAudits: string[];
}

/** The LCP element's selector, from Lighthouse's largest-contentful-paint-element audit. */
function lcpElement(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector ?? "?";
}

async function main() {
  // ---------------------------------------------------------------- build
  buildServer();
  console.log(`building the web app into ${dist} …`);
  const build = spawnSync("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--manifest"], {
    cwd: path.join(ROOT, "apps/web"),
    encoding: "utf8",
    timeout: 600_000,
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  // the server-side renderer of the storefront pages, next to it as the server expects; its
  // bare imports (react, …) resolve through a node_modules link beside it
  const ssrBuild = spawnSync("npx", ["vite", "build", "--ssr", "src/entry-server.tsx", "--outDir", `${dist}-server`, "--emptyOutDir"], {
    cwd: path.join(ROOT, "apps/web"),
    encoding: "utf8",
    timeout: 600_000,
  });
  if (ssrBuild.status !== 0) throw new Error(`vite SSR build failed:\n${ssrBuild.stdout}\n${ssrBuild.stderr}`);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(WORK, "node_modules"));
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  // back-office code: the admin layout and its screens, the admin login, admin components
  const isAdmin = (src: string) => /(^|\/)(routes\/_admin(\.|\/)|routes\/AdminLogin|components\/admin\/)/.test(src);
  const adminFiles = new Set(
    Object.entries(manifest)
      .filter(([src]) => isAdmin(src))
      .map(([, c]) => c.file),
  );

  // the static import graph of the entry: what the browser must load before anything renders
  const entryKey = must(
    Object.keys(manifest).find((k) => manifest[k]?.isEntry),
    "the entry chunk in the build's .vite/manifest.json",
  );
  const staticFiles = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c || staticFiles.has(c.file)) return;
    staticFiles.add(c.file);
    for (const i of c.imports ?? []) walk(i);
  };
  walk(entryKey);
  const staticGz = [...staticFiles].filter((f) => f.endsWith(".js")).reduce((n, f) => n + gz(path.join(dist, f)), 0);
  const staticAdmin = [...staticFiles].filter((f) => adminFiles.has(f));
  console.log(
    `entry + static imports: ${staticFiles.size} files, ${kb(staticGz)} KB of JS gzipped${staticAdmin.length ? `; BACK-OFFICE CODE IN IT: ${staticAdmin.join(", ")}` : ""}`,
  );

  // ---------------------------------------------------------------- server
  const port = await freePort();
  const server = await startServer(
    "store (web)",
    serveArgs(),
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(WORK, "data"),
      WEB_DIST: dist,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // the server process itself: without the restarting primary (apps/server/src/supervisor.ts)
      WEB_CONCURRENCY: "0",
      JWT_SECRET: "bench-web-secret-bench-web-secret-0123456789",
      ADMIN_PASSWORD: "Bench@Admin-Passw0rd",
    },
    port,
    "/healthz",
    180_000,
  );
  const base = server.url;
  const products = (await (await fetch(`${base}/api/v1/products/details`)).json()) as { productId: number }[];
  const productId = products[0]?.productId ?? 1;
  const customer = await signedInCustomer(base, productId);
  const pages = [
    { name: "home", path: "/", signedIn: false },
    { name: "product", path: `/singleProductDetails/${productId}`, signedIn: false },
    { name: "customerLogin", path: "/customerLogin", signedIn: false },
    { name: "product (in)", path: `/singleProductDetails/${customer.customerId}/${productId}`, signedIn: true },
    { name: "myOrder (in)", path: `/myOrder/${customer.customerId}`, signedIn: true },
  ];

  // ---------------------------------------------------------------- lighthouse
  const tools = await Promise.all([import("lighthouse"), import("chrome-launcher")]).catch(() => undefined);
  if (!tools) {
    await server.stop();
    throw new Error("npm package `lighthouse` is not installed (npm install -D lighthouse@12.8.2)");
  }
  const [{ default: lighthouse }, chromeLauncher] = tools;
  const results: PageRow[] = [];
  try {
    for (const page of pages) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const chrome = await chromeLauncher.launch({
          chromePath: CHROME,
          chromeFlags: [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
          ],
        });
        try {
          if (page.signedIn) await putSession(chrome.port, base, customer);
          const run = await lighthouse(
            base + page.path,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility", "best-practices"],
              // keeps the session put in localStorage above (Lighthouse clears the origin's storage by default)
              disableStorageReset: page.signedIn,
            },
            preset === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined,
          );
          if (!run) throw new Error("lighthouse returned nothing");
          if (run.lhr.runtimeError) console.log(`${page.name}: run ${i + 1} failed: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
          samples.push(run.lhr);
        } finally {
          chrome.kill();
        }
      }
      // median by performance score, of the runs Lighthouse completed (a failed run is printed above
      // and counted in the row; if every run failed, the row shows the failure's zeros)
      const completed = samples.filter((s) => !s.runtimeError);
      const failedRuns = samples.length - completed.length;
      const usable = completed.length ? completed : samples;
      usable.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = must(usable[Math.floor(usable.length / 2)], `a Lighthouse run of ${page.name}`);
      const requests = (
        (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] })?.items ?? []
      ).filter((r) => r.resourceType === "Script" && r.url.startsWith(base));
      const scripts = requests.map((r) => new URL(r.url).pathname.replace(/^\//, ""));
      const jsGz = scripts.reduce((n, f) => (fs.existsSync(path.join(dist, f)) ? n + gz(path.join(dist, f)) : n), 0);
      const jsWire = requests.reduce((n, r) => n + (r.transferSize ?? 0), 0);
      const admin = scripts.filter((f) => adminFiles.has(f));
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const row: PageRow = {
        page: page.name,
        path: page.path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        speedIndexMs: Math.round(lhr.audits["speed-index"]?.numericValue ?? 0),
        lcpElement: lcpElement(lhr),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failedRuns,
        jsFiles: scripts.length,
        jsKbGzip: kb(jsGz),
        jsKbWire: kb(jsWire),
        signedIn: page.signedIn,
        adminChunksLoaded: admin,
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      };
      results.push(row);
      console.log(
        `${page.name.padEnd(14)} perf ${row.performance}  a11y ${row.accessibility}  best ${row.bestPractices}  CLS ${row.cls}  FCP ${row.fcpMs} ms  LCP ${row.lcpMs} ms (${row.lcpElement})  SI ${row.speedIndexMs} ms  TBT ${row.tbtMs} ms  JS ${row.jsFiles} files ${row.jsKbWire} KB on the wire (${row.jsKbGzip} KB gz)${admin.length ? `  BACK-OFFICE: ${admin.join(",")}` : ""}${row.failedAudits.length ? `  failing: ${row.failedAudits.join(", ")}` : ""}${failedRuns ? `  (${failedRuns} of ${samples.length} Lighthouse runs failed)` : ""}`,
      );
    }
  } finally {
    await server.stop();
  }

  // ---------------------------------------------------------------- verdicts
  // every script a measured page loaded while Lighthouse watched, lazy chunks included
  const loaded = results.map((r) => `${r.page} ${r.jsKbWire} KB`).join(", ");
  const verdicts = [
    {
      target: `storefront JS <= ${TARGET_KB} KB compressed on the wire (static graph gzipped; loaded scripts' transferSize)`,
      measured: `static graph ${kb(staticGz)} KB; loaded: ${loaded}`,
      met: kb(staticGz) <= TARGET_KB && results.every((r) => r.jsKbWire <= TARGET_KB),
    },
    {
      target: "no back-office code on the storefront",
      measured: staticAdmin.length || results.some((r) => r.adminChunksLoaded.length) ? "admin chunks loaded" : "none loaded",
      met: !staticAdmin.length && !results.some((r) => r.adminChunksLoaded.length),
    },
    ...results.map((r) =>
      r.signedIn
        ? {
            target: `${r.page}: performance >= 90, LCP <= 2.5 s (${preset}, issue 23)`,
            measured: `${r.performance}; LCP ${r.lcpMs} ms (a11y ${r.accessibility}, best ${r.bestPractices}, CLS ${r.cls})`,
            met: r.performance >= 90 && r.lcpMs <= 2500,
          }
        : {
            target: `${r.page}: performance, accessibility, best practices >= 95; CLS 0 (${preset})`,
            measured: `${r.performance} / ${r.accessibility} / ${r.bestPractices}; CLS ${r.cls}`,
            met: r.performance >= 95 && r.accessibility >= 95 && r.bestPractices >= 95 && r.cls === 0,
          },
    ),
  ];
  console.log("\nTargets (issues 7 and 23, web)");
  for (const v of verdicts) console.log(`  [${v.met ? "met " : "MISS"}] ${v.target}: ${v.measured}`);
  fs.mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  const file = path.join(ROOT, "bench/results", `web-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), preset, runs, loadavg: os.loadavg(), staticKbGzip: kb(staticGz), staticFiles: [...staticFiles], results, verdicts },
      null,
      2,
    ),
  );
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
}

/** A customer with two orders (cash on delivery), signed in through the REST facade as the login screen does. */
async function signedInCustomer(base: string, productId: number): Promise<{ token: string; customerId: number }> {
  const number = `9${String(Date.now()).slice(-9)}`;
  const password = "Bench@Shopper-123";
  const fields = {
    firstName: "Asha",
    lastName: "Verma",
    number,
    email: `bench.${number}@example.in`,
    houseNo: "12B",
    city: "Pune",
    pinCode: "411001",
    state: "Maharashtra",
    areaAddress: "MG Road",
    password,
    agreeToTerms: true,
  };
  const post = (url: string, body: unknown, token?: string) =>
    fetch(base + url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const saved = await post("/api/v1/customers/save", fields);
  if (!saved.ok) throw new Error(`registering the bench customer: ${saved.status} ${await saved.text()}`);
  const login = (await (await post("/api/v1/customers/login", { number, password })).json()) as { token: string; customerId: number };
  for (let i = 0; i < 2; i++) {
    const order = await post("/api/v1/productOrder/save", { productId, quantity: 1 }, login.token);
    if (!order.ok) throw new Error(`placing the bench customer's order: ${order.status} ${await order.text()}`);
  }
  return login;
}

/** Puts the customer's session in the browser's localStorage, as the login screen does (e2e/fixtures.ts loginCustomerInBrowser). */
async function putSession(port: number, base: string, session: { token: string; customerId: number }) {
  const puppeteer = await import("puppeteer-core");
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${base}/customerLogin`);
    // as apps/web/src/lib/auth.ts saveCustomerSession: the token in localStorage and the HttpOnly
    // session cookie the server renders the customer's own screens with (issue 23)
    await tab.evaluate(async (s) => {
      localStorage.setItem("token", s.token);
      localStorage.setItem("customerId", String(s.customerId));
      const res = await fetch("/api/v1/session", { method: "POST", headers: { authorization: `Bearer ${s.token}` } });
      if (res.status !== 204) throw new Error(`POST /api/v1/session answered ${res.status}`);
      // the mark by which the app knows this token's cookie is set (auth.ts cookieMark)
      localStorage.setItem("sessionCookieFor", s.token.slice(-16));
    }, session);
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(WORK, { recursive: true, force: true }));
