// Issue 13 item 3: a crash must not be the end. `npm run serve` runs the server as a worker of a
// small cluster primary (apps/server/src/supervisor.ts), on the embedded PGlite database here. The
// worker is killed with SIGKILL three times: each time the store answers again within 5 s, what was
// written before is there and the primary is the same process. Then a crash loop (the worker killed
// as soon as it is forked, 5 times): the primary slows down but never gives up. Last, SIGTERM to the
// primary stops everything with exit code 0 and leaves no worker behind. And a worker that cannot start
// at all (its port taken) is tried FAILED_STARTS_LIMIT times, then the primary exits 1.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer, serveArgs } from "../../apps/server/scripts/production-server.ts";
import { FAILED_STARTS_LIMIT } from "../../apps/server/src/supervisor.ts";
import {
  ADMIN,
  adminLogin,
  http,
  JWT_SECRET,
  must,
  newProduct,
  recordFigures,
  ROOT,
  rssMb,
  sleep,
  startServer,
  tempDir,
  type Server,
  childrenOf,
} from "./helpers.ts";

const PORT = 8112;
const TAKEN_PORT = 8119;
const dataDir = tempDir("store-worker-restart-");
let server: Server | undefined;
const figures = {
  workerKills: 0,
  restartMs: [] as number[],
  restartMsMax: 0,
  crashLoopKills: 0,
  crashLoopRecoveryMs: 0,
  primaryRssMb: 0,
  workerRssMb: 0,
  stopMs: 0,
};

afterAll(async () => {
  await server?.kill("SIGKILL");
  recordFigures("worker-restart", figures);
  // a worker outlives a SIGKILLed primary by a moment (it exits when its IPC channel closes)
  await sleep(1_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(500) })).status === 200;
  } catch {
    return false;
  }
}

/** ms until /healthz answers 200 again (polled every 50 ms), at most `limitMs` */
async function untilHealthy(url: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs && !(await healthy(url))) await sleep(50);
  return Date.now() - started;
}

describe("npm run serve restarts a server worker that dies", () => {
  it("answers again within 5 s after kill -9 of the worker, with the data kept; survives a crash loop; SIGTERM ends it all with exit 0", async () => {
    server = await startServer({ port: PORT, dataDir, env: { WEB_CONCURRENCY: "1" } });
    const primary = server.pid;
    const workersSeen = new Set<number>();
    const admin = await adminLogin(server.url);
    const products = new Map<number, string>();
    /** every product written so far is there, as written */
    const dataKept = async () => {
      for (const [productId, name] of products) {
        const r = await http(server!.url, "GET", `/api/v1/products/details/${productId}`);
        expect(r.status, `product ${productId}`).toBe(200);
        expect(r.body).toMatchObject({ productName: name, quantity: 42 });
      }
    };

    for (let round = 1; round <= 3; round++) {
      const name = `Restart Probe ${round}`;
      products.set(await newProduct(server.url, admin, 42, name), name);
      const workers = childrenOf(primary);
      expect(workers, "the primary runs one worker").toHaveLength(1);
      const worker = must(workers[0], "the worker");
      workersSeen.add(worker);
      if (round === 1) {
        figures.primaryRssMb = Math.round(rssMb(primary));
        figures.workerRssMb = Math.round(rssMb(worker));
      }
      process.kill(worker, "SIGKILL");
      figures.workerKills++;
      const restartMs = await untilHealthy(server.url, 10_000);
      figures.restartMs.push(restartMs);
      figures.restartMsMax = Math.max(figures.restartMsMax, restartMs);
      expect(restartMs, `round ${round}: answering again after ${restartMs} ms`).toBeLessThan(5_000);
      // the same primary, with one new worker
      expect(alive(primary) && server.proc.exitCode === null && server.proc.signalCode === null, "the primary lives on").toBe(true);
      const now = childrenOf(primary);
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(worker);
      await dataKept();
    }

    // crash loop: each new worker is killed as soon as it is forked, before it can listen
    products.set(await newProduct(server.url, admin, 42, "Crash Loop Probe"), "Crash Loop Probe");
    const killed = new Set<number>();
    const loopUntil = Date.now() + 30_000;
    while (killed.size < 5 && Date.now() < loopUntil) {
      for (const pid of childrenOf(primary)) {
        if (killed.has(pid)) continue;
        process.kill(pid, "SIGKILL");
        killed.add(pid);
        workersSeen.add(pid);
      }
      await sleep(10);
    }
    figures.crashLoopKills = killed.size;
    expect(killed.size).toBe(5);
    // 8 deaths within 30 s: the primary waits 3 s before the next worker, says so, and goes on
    figures.crashLoopRecoveryMs = await untilHealthy(server.url, 20_000);
    expect(server.output()).toMatch(/starting another in \d+ ms/);
    expect(figures.crashLoopRecoveryMs, `answering again ${figures.crashLoopRecoveryMs} ms after the crash loop`).toBeLessThan(10_000);
    expect(alive(primary), "the primary lives on").toBe(true);
    await dataKept();
    for (const pid of childrenOf(primary)) workersSeen.add(pid);

    // SIGTERM: the worker shuts down gracefully, then the primary exits 0
    const stopped = Date.now();
    server.proc.kill("SIGTERM");
    const code = await server.exited;
    figures.stopMs = Date.now() - stopped;
    expect(code).toBe(0);
    await sleep(200);
    for (const pid of workersSeen) expect(alive(pid), `worker ${pid} is left behind`).toBe(false);
    console.log("worker restart:", JSON.stringify(figures));
  });
});

describe("npm run serve gives up on a worker that cannot start at all", () => {
  it("exits 1 after a few failed starts in a row when the port is taken, so systemd can act", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(TAKEN_PORT, "127.0.0.1", resolve));
    const dir = tempDir("store-port-taken-");
    try {
      buildServer();
      const env = {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/root",
        NODE_ENV: "production",
        PORT: String(TAKEN_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
        WEB_CONCURRENCY: "1",
      };
      const primary = spawn(process.execPath, serveArgs(), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      primary.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      primary.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const code = await Promise.race([
        new Promise<number | null>((resolve) => primary.once("exit", (c) => resolve(c))),
        sleep(90_000).then(() => "still running" as const),
      ]);
      if (code === "still running") primary.kill("SIGKILL");
      expect(code, out.slice(-2000)).toBe(1);
      expect(out).toContain(`${FAILED_STARTS_LIMIT} times in a row: giving up`);
      expect(out.match(/worker \d+ started/g)).toHaveLength(FAILED_STARTS_LIMIT);
    } finally {
      blocker.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
