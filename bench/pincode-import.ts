// node --import tsx bench/pincode-import.ts — the courier-list import at its limit (issue 27):
// 200,000 generated rows (about a tenth of them PIN codes India Post's directory already has, the rest
// new) uploaded to POST /api/v1/shipping/pincodes as the back office sends them (multipart), first as
// a dry run, then for real, against the production server (pinned to one core when taskset is there).
// While each runs, a probe asks GET /healthz (which queries the database) one request at a time; its
// p50/p99/max are compared with the same probe on the idle server. With BENCH_DATABASE_URL the same
// runs on a fresh PostgreSQL database as well. Then the PIN-code lookup and the product list, each
// under 50 connections for 5 s.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Driver } from "./lib/driver.ts";
import { freePort, startServer } from "./lib/proc.ts";
import { buildServer, serveArgs } from "../apps/server/scripts/production-server.ts";

const ROWS = Number(process.env.BENCH_PINCODE_ROWS ?? 200_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "";
const ADMIN_EMAIL = "bench-admin@cleanstore.in";
const ADMIN_PASSWORD = "Bench@Admin-Passw0rd";
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-pincodes-"));

/** PIN codes 100000, 100004, … (a tenth of them already in the directory), every state, every flag */
function courierCsv(rows: number): string {
  const states = ["Maharashtra", "27", "Karnataka", "29", "Tamil Nadu", "7", "West Bengal", "Uttar Pradesh"];
  const lines = ["pincode,city,district,state,serviceable,cod,etaDays"];
  for (let i = 0; i < rows; i++) {
    const pin = String(100000 + i * 4);
    lines.push(
      `${pin},Courier Town ${i % 997},Courier District ${i % 211},${states[i % states.length]},${i % 7 ? "yes" : "no"},${i % 3 ? "1" : "0"},${i % 5 ? 2 + (i % 9) : ""}`,
    );
  }
  return lines.join("\n") + "\n";
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
function summary(latencies: number[]) {
  const s = [...latencies].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}

/** GET /healthz one at a time (with 10 ms between answers) until `until` settles */
async function probe(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies;
}

async function upload(base: string, token: string, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "courier.csv");
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/shipping/pincodes${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return { seconds: (performance.now() - t) / 1000, body };
}

async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_pincodes_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function run(target: "pglite" | "postgresql", csv: string) {
  const port = await freePort();
  const database = target === "postgresql" ? await freshPgDatabase() : null;
  const server = await startServer(
    `store (${target})`,
    serveArgs(),
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET: randomBytes(32).toString("base64url"),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // the 18 sample products: the product list to compare the PIN-code lookup with
      SEED_SAMPLE_DATA: "true",
      WEB_DIST: path.join(WORK, "no-web-build"),
      WEB_CONCURRENCY: "0",
      DATA_DIR: path.join(WORK, target),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    port,
  );
  try {
    const base = server.url;
    const login = await fetch(`${base}/api/v1/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const idle = summary(await probe(base, new Promise((r) => setTimeout(r, 5000))));
    const dryRun = upload(base, token, csv, true);
    const duringDry = summary(await probe(base, dryRun));
    const dry = await dryRun;
    const applying = upload(base, token, csv, false);
    const duringImport = summary(await probe(base, applying));
    const applied = await applying;
    const fmt = (s: ReturnType<typeof summary>) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.n} probes)`;
    console.log(`\n${target}: ${ROWS.toLocaleString("en-IN")} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`  dry run: ${dry.seconds.toFixed(2)} s  (created ${String(dry.body.created)}, updated ${String(dry.body.updated)})`);
    console.log(`  import:  ${applied.seconds.toFixed(2)} s  (created ${String(applied.body.created)}, updated ${String(applied.body.updated)})`);
    console.log(`  /healthz idle:            ${fmt(idle)}`);
    console.log(`  /healthz during dry run:  ${fmt(duringDry)}`);
    console.log(`  /healthz during import:   ${fmt(duringImport)}`);
    // under load (50 connections, as npm run bench): the lookup beside the storefront's product list
    const driver = new Driver();
    await driver.start();
    try {
      const lookups = Array.from({ length: 500 }, (_, i) => ({ path: `/api/v1/pincodes/${100000 + ((i * 7919) % ROWS) * 4}` }));
      for (const [name, variants] of [
        ["GET /pincodes/{pincode}", lookups],
        ["GET /products/details", [{ path: "/api/v1/products/details" }]],
        ["GET /healthz (SELECT 1)", [{ path: "/healthz" }]],
      ] as const) {
        const r = await driver.run({ url: base, variants: [...variants], connections: 50, duration: 5, warmup: 1 });
        console.log(`  ${name.padEnd(24)} ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${JSON.stringify(r.statusCodes)})`);
      }
    } finally {
      driver.stop();
    }
  } finally {
    await server.stop();
    await database?.drop();
  }
}

buildServer();
const csv = courierCsv(ROWS);
await run("pglite", csv);
if (PG_URL) await run("postgresql", csv);
fs.rmSync(WORK, { recursive: true, force: true });
