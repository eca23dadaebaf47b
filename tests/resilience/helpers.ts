// Helpers of the slow resilience suites: the real server as a child process (the same command
// as production: `npm run serve`, the build in apps/server/dist), a throwaway PostgreSQL cluster
// of our own, HTTP with time limits, and the server's memory from /proc.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildServer, serveArgs } from "../../apps/server/scripts/production-server.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN = { email: "resilience-admin@cleanstore.in", password: "Resilience@Admin-2026" };
export const JWT_SECRET = "resilience-suite-secret-0123456789abcdefghijklmnop";

/** The value, or a readable Error saying what the suite expected to find. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found none`);
  return value;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface Server {
  url: string;
  port: number;
  proc: ChildProcess;
  pid: number;
  output: () => string;
  /** resolves when the process has exited */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

let built = false;

/** Starts the server and waits until /healthz answers 200 (ports 8110-8130 only). */
export async function startServer(opts: { port: number; env?: Record<string, string>; dataDir?: string; timeoutMs?: number }): Promise<Server> {
  if (opts.port < 8110 || opts.port > 8130) throw new Error("resilience servers use ports 8110-8130");
  // a data folder made here is removed again when the server is stopped through kill()
  const dataDir = opts.dataDir ?? tempDir("store-res-");
  const ownDir = opts.dataDir ? undefined : dataDir;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/root",
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    SEED_SAMPLE_DATA: "true",
    // the load and fault drivers sign up many customers from 127.0.0.1
    SIGNUP_MAX_PER_HOUR: "1000000",
    // the server process itself, measured and killed as one process: no restarting primary
    // (apps/server/src/supervisor.ts; worker-restart.test.ts runs with it)
    WEB_CONCURRENCY: "0",
    ...opts.env,
  };
  if (!built) buildServer();
  built = true;
  const proc = spawn(process.execPath, serveArgs(), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  if (dead || Date.now() >= deadline) {
    proc.kill("SIGKILL");
    if (ownDir) setTimeout(() => fs.rmSync(ownDir, { recursive: true, force: true }), 1_000).unref();
    throw new Error(`server on ${opts.port} did not start:\n${out.slice(-3000)}`);
  }
  return {
    url,
    port: opts.port,
    proc,
    pid: proc.pid!,
    output: () => out,
    exited,
    async kill(signal = "SIGTERM") {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
  /** network failure (connection refused/reset, time-out) */
  error?: string;
}

/** One HTTP call with a time limit; network failures come back as status 0. */
export async function http(base: string, method: string, url: string, opts: { token?: string; body?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, body: undefined, ms: Date.now() - started, error: String((error as Error).cause ?? error) };
  }
}

export async function adminLogin(base: string): Promise<string> {
  const r = await http(base, "POST", "/api/v1/admin/login", { body: ADMIN });
  if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/**
 * The suites' shoppers order far more often than a person: lift the per-customer order limits
 * (Settings; anti-hoarding, issue 13), which would otherwise answer their orders 429.
 */
export async function allowManyOrders(base: string, adminToken: string): Promise<void> {
  const r = await http(base, "POST", "/api/v1/settings", { token: adminToken, body: { maxOpenUnpaidOrders: 10_000, maxOrdersPerHour: 10_000 } });
  if (r.status !== 200) throw new Error(`raising the order limits failed: ${r.status} ${JSON.stringify(r.body)}`);
}

let phoneSeq = Math.floor(Math.random() * 800_000_000);
/** Registers and logs in a customer; returns its id and token. */
export async function newCustomer(base: string): Promise<{ customerId: number; token: string }> {
  phoneSeq++;
  const number = String(7_000_000_000 + phoneSeq);
  const fields = {
    firstName: "Load",
    lastName: "Shopper",
    number,
    email: `shopper.${number}@example.in`,
    houseNo: "1",
    city: "Pune",
    pinCode: "411001",
    state: "Maharashtra",
    areaAddress: "MG Road",
    password: "Shopper@123",
    agreeToTerms: true,
  };
  const saved = await http(base, "POST", "/api/v1/customers/save", { body: fields, timeoutMs: 30_000 });
  if (saved.status !== 200) throw new Error(`sign-up failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const login = await http(base, "POST", "/api/v1/customers/login", { body: { number, password: fields.password }, timeoutMs: 30_000 });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { customerId: login.body.customerId, token: login.body.token };
}

export async function newProduct(base: string, adminToken: string, quantity: number, name = "Resilience Cleaner"): Promise<number> {
  const r = await http(base, "POST", "/api/v1/products/saves", {
    token: adminToken,
    body: { productName: name, productPrice: 99, mainPrice: 120, packSize: "500ml", productInfo: "x", deliveryCharge: "Free", quantity },
  });
  if (r.status !== 200) throw new Error(`product failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.product.productId;
}

/** The pids of a process's children (Linux /proc): e.g. the workers of a cluster primary. */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    if (text) found.push(...text.split(/\s+/).map(Number));
  }
  return found;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// ------------------------------------------------------------------ our own PostgreSQL cluster

export interface Cluster {
  port: number;
  url: string;
  dir: string;
  start(): void;
  /** mode: fast (clean shutdown) or immediate (like a crash) */
  stop(mode?: "fast" | "immediate"): void;
  destroy(): void;
}

function pgBin(name: string): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, "bin", name);
    if (fs.existsSync(bin)) return bin;
  }
  throw new Error(`${name} not found under ${base}`);
}

/** Runs `[program, ...args]` as the postgres user (through runuser when we are root). */
function asPostgres(args: [program: string, ...args: string[]], timeoutMs = 60_000) {
  const isRoot = process.getuid?.() === 0;
  const [program, ...rest] = args;
  const cmd = isRoot ? "runuser" : program;
  const argv = isRoot ? ["-u", "postgres", "--", ...args] : rest;
  const run = spawnSync(cmd, argv, { encoding: "utf8", timeout: timeoutMs, cwd: os.tmpdir() });
  if (run.status !== 0) throw new Error(`${args.join(" ")} failed (${run.status}): ${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** initdb a fresh cluster in a temp folder (owned by the postgres user) on `port` and start it. */
export function createCluster(port = 55432): Cluster {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-pg-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres:postgres", dir]);
  asPostgres([pgBin("initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const log = path.join(dir, "server.log");
  const cluster: Cluster = {
    port,
    dir,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      asPostgres([
        pgBin("pg_ctl"),
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c fsync=on`,
        "start",
      ]);
    },
    stop(mode = "fast") {
      asPostgres([pgBin("pg_ctl"), "-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    },
    destroy() {
      try {
        cluster.stop("immediate");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

/** Figures of one suite, gathered by the runner into test-results/resilience.json */
export function recordFigures(suite: string, figures: Record<string, unknown>) {
  const dir = path.join(ROOT, "test-results/resilience");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify({ suite, at: new Date().toISOString(), ...figures }, null, 2));
}
