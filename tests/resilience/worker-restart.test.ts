// Issue 13 item 3: a crash must not be the end. `npm run serve` runs the server as a worker of a
// small cluster primary (apps/server/src/supervisor.ts). The worker is killed with SIGKILL: the
// store answers again within 5 s, what was written before is there, the primary is the same
// process; SIGTERM to the primary stops everything with exit code 0 and leaves no worker behind.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { adminLogin, newProduct, recordFigures, sleep, startServer, type Server } from "./helpers.ts";

const PORT = 8112;
let server: Server | undefined;
const figures = { workerKills: 0, restartMsMax: 0, restartMs: [] as number[] };

afterAll(async () => {
  await server?.kill("SIGKILL");
  recordFigures("worker-restart", figures);
});

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    if (text) found.push(...text.split(/\s+/).map(Number));
  }
  return found;
}

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

describe("npm run serve restarts a server worker that dies", () => {
  it("answers again within 5 s after kill -9 of the worker, three times, with the data kept; SIGTERM ends it all with exit 0", async () => {
    server = await startServer({ port: PORT, env: { WEB_CONCURRENCY: "1" } });
    const primary = server.pid;
    const admin = await adminLogin(server.url);
    const productId = await newProduct(server.url, admin, 42, "Restart Probe");

    for (let round = 1; round <= 3; round++) {
      const [worker] = childrenOf(primary);
      expect(worker, "the primary runs one worker").toBeDefined();
      process.kill(worker!, "SIGKILL");
      figures.workerKills++;
      const killedAt = Date.now();
      while (Date.now() - killedAt < 10_000 && !(await healthy(server.url))) await sleep(50);
      const restartMs = Date.now() - killedAt;
      figures.restartMs.push(restartMs);
      figures.restartMsMax = Math.max(figures.restartMsMax, restartMs);
      expect(restartMs, `round ${round}: answering again after ${restartMs} ms`).toBeLessThan(5_000);
      expect(alive(primary), "the primary lives on").toBe(true);
      expect(childrenOf(primary).filter((pid) => pid !== worker)).toHaveLength(1);
      const product = (await (await fetch(`${server.url}/api/v1/products/details/${productId}`)).json()) as { productName: string; quantity: number };
      expect(product).toMatchObject({ productName: "Restart Probe", quantity: 42 });
    }

    const [worker] = childrenOf(primary);
    server.proc.kill("SIGTERM");
    const code = await server.exited;
    expect(code).toBe(0);
    await sleep(200);
    expect(alive(worker!), "no worker is left behind").toBe(false);
  });
});
