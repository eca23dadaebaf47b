// npm run bench:export — CSV export of the orders (issue 17): 1,000 and then 100,000 orders are
// downloaded from GET /api/v1/export/orders.csv of the server as in production; the bench prints
// the time, the rows and bytes, and the server's RSS before, at its peak during the download
// (sampled every 10 ms from /proc, and VmHWM) and after. Flat memory: the peak above the idle RSS
// is about the same for 100,000 orders as for 1,000. Same machine, same run; no timed assertion.
// BENCH_DATABASE_URL=postgresql://… adds PostgreSQL beside the embedded PGlite.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDb } from "@store/db";
import { hashPassword, renderProductImages } from "@store/api";
import { BENCH_CUSTOMER_PASSWORD, DATASETS, loadDataset, type Dataset } from "./lib/data.ts";
import { freePort, readRss, startServer } from "./lib/proc.ts";
import { buildServer, serveArgs } from "../apps/server/scripts/production-server.ts";

const JWT_SECRET = randomBytes(32).toString("base64url");
const ADMIN = { email: "bench-admin@cleanstore.in", password: "Bench@Admin-Passw0rd" };
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-export-"));
const PG_URL = process.env.BENCH_DATABASE_URL;
const log = (...a: unknown[]) => console.log(...a);

async function database(target: string, ds: Dataset): Promise<Record<string, string>> {
  const passwordHash = await hashPassword(BENCH_CUSTOMER_PASSWORD);
  const image = await renderProductImages(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#7a58b8"/></svg>`),
  );
  let env: Record<string, string>;
  if (target === "pglite") {
    env = { DATA_DIR: path.join(WORK, `pglite-${ds.name}`) };
  } else {
    const name = `bench_export_${ds.name}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
  }
  const handle = await openDb(env.DATA_DIR ? { dataDir: env.DATA_DIR } : { databaseUrl: env.DATABASE_URL! });
  try {
    await loadDataset(handle.raw, ds, passwordHash, image);
  } finally {
    await handle.close();
  }
  return env;
}

interface Measured {
  target: string;
  orders: number;
  rows: number;
  mb: number;
  seconds: number;
  idleRssMb: number;
  /** the peak RSS during each of three downloads in a row */
  peakRssMb: number[];
  hwmMb: number;
  afterRssMb: number;
}

interface Download {
  rows: number;
  bytes: number;
  seconds: number;
  peakRssMb: number;
}

async function download(base: string, token: string, pid: number): Promise<Download> {
  let peak = readRss(pid).rssMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, readRss(pid).rssMb);
  }, 10);
  try {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/export/orders.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      for (const b of chunk.value) if (b === 10) lines++;
    }
    return { rows: lines - 1, bytes, seconds: (performance.now() - t0) / 1000, peakRssMb: Math.max(peak, readRss(pid).rssMb) };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(target: string, ds: Dataset): Promise<Measured> {
  const env = await database(target, ds);
  const port = await freePort();
  const server = await startServer(
    `store (${target}, ${ds.name})`,
    serveArgs(),
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      SEED_SAMPLE_DATA: "false",
      WEB_CONCURRENCY: "0",
      ...env,
    },
    port,
  );
  try {
    const login = await fetch(`${server.url}/api/v1/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    // warm up the route on a small answer, then let the heap settle
    await (await fetch(`${server.url}/api/v1/export/orders.csv?search=Zubin`, { headers: { authorization: `Bearer ${token}` } })).text();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = readRss(server.pid);
    // three downloads one after another: memory that a download kept would pile up
    const downloads: Download[] = [];
    for (let i = 0; i < 3; i++) downloads.push(await download(server.url, token, server.pid));
    const after = readRss(server.pid);
    const first = downloads[0]!;
    return {
      target,
      orders: ds.orders,
      rows: first.rows,
      mb: first.bytes / 1024 / 1024,
      seconds: first.seconds,
      idleRssMb: idle.rssMb,
      peakRssMb: downloads.map((d) => d.peakRssMb),
      hwmMb: after.peakMb,
      afterRssMb: after.rssMb,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  log(`bench:export on ${os.cpus().length} cores, node ${process.version}`);
  buildServer();
  const targets = ["pglite", ...(PG_URL ? ["postgresql"] : [])];
  const results: Measured[] = [];
  for (const target of targets) {
    for (const ds of [DATASETS.small, DATASETS.large]) {
      const m = await measure(target, ds);
      results.push(m);
      log(
        `${target.padEnd(10)} ${String(m.orders).padStart(7)} orders: ${m.rows} rows, ${m.mb.toFixed(1)} MB in ${m.seconds.toFixed(2)} s (${Math.round(m.rows / m.seconds)} rows/s); ` +
          `server RSS idle ${m.idleRssMb.toFixed(0)} MB, peak during 3 downloads in a row ${m.peakRssMb.map((p) => p.toFixed(0)).join(" / ")} MB, VmHWM ${m.hwmMb.toFixed(0)} MB, after ${m.afterRssMb.toFixed(0)} MB`,
      );
    }
  }
  for (const target of targets) {
    const [small, large] = results.filter((r) => r.target === target);
    if (!small || !large) continue;
    const above = (m: Measured) => Math.max(...m.peakRssMb) - m.idleRssMb;
    log(
      `${target}: peak RSS above idle ${above(small).toFixed(0)} MB for 1,000 orders, ${above(large).toFixed(0)} MB for 100,000; ` +
        `2nd and 3rd download vs 1st: ${(large.peakRssMb[1]! - large.peakRssMb[0]!).toFixed(0)} / ${(large.peakRssMb[2]! - large.peakRssMb[0]!).toFixed(0)} MB ` +
        `(${large.rows === large.orders ? "every order line exported" : `ROWS MISSING: ${large.rows}/${large.orders}`})`,
    );
  }
  fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, "results", `export-${Date.now()}.json`), JSON.stringify(results, null, 2));
  fs.rmSync(WORK, { recursive: true, force: true });
}

await main();
