// Starting, pinning, measuring and stopping the processes under test (the store's server and
// the baseline servers). Every wait is bounded in time.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

const hasTaskset = spawnSync("taskset", ["-V"]).status === 0;
const cores = (() => {
  try {
    return Number(spawnSync("nproc").stdout.toString().trim()) || 1;
  } catch {
    return 1;
  }
})();
/** the server under test on core 0, the load generator on core 1 (when there are two cores) */
export const SERVER_CORE = process.env.BENCH_SERVER_CORE ?? "0";
export const LOAD_CORE = process.env.BENCH_LOAD_CORE ?? (cores > 1 ? "1" : "0");
export const pinning = hasTaskset && process.env.BENCH_NO_PIN !== "1";

export function pin(pid: number, core: string) {
  if (pinning) spawnSync("taskset", ["-p", "-c", core, String(pid)], { stdio: "ignore" });
}

export interface Served {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  /** resident set size now and peak (VmHWM), in MB */
  rss(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
  output(): string;
}

export async function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath = "/healthz",
  timeoutMs = 120_000,
): Promise<Served> {
  const cmd = pinning ? "taskset" : process.execPath;
  const fullArgs = pinning ? ["-c", SERVER_CORE, process.execPath, ...args] : args;
  const child = spawn(cmd, fullArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  child.on("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} exited during start:\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not answer ${readyPath} within ${timeoutMs} ms:\n${out}`);
    }
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    name,
    url,
    pid,
    child,
    output: () => out,
    rss: () => readRss(pid),
    stop: async () => {
      if (exited) return;
      const gone = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await gone;
      clearTimeout(t);
    },
  };
}

/** CPU time the process has used so far (user + system), in clock ticks (usually 10 ms) */
function cpuTicks(pid: number): number {
  try {
    // the fields after the command name, which is in parentheses and may contain spaces (and ") ")
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const end = stat.lastIndexOf(") ");
    if (end < 0) return 0;
    const fields = stat.slice(end + 2).split(" ");
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Waits (at most timeoutMs) until the process has used at most 1 tick of CPU in 500 ms: it has
 * finished the work a scenario left behind, including requests whose clients have gone (a
 * quick /healthz is not enough: queued logins hash on libuv threads while the event loop is free).
 */
export async function waitUntilIdle(pid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuTicks(pid);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks(pid);
    if (now - before <= 1) return;
    before = now;
  }
}

export function readRss(pid: number): { rssMb: number; peakMb: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssMb: Math.round(kb("VmRSS") / 102.4) / 10, peakMb: Math.round(kb("VmHWM") / 102.4) / 10 };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
