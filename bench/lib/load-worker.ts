// The load generator: a separate process (pinned to its own core by the orchestrator) that runs
// autocannon on loopback when asked over IPC, and answers with a summary. Requests can rotate
// through variants (tokens, ids, bodies) so that, e.g., many customers order at once.
import autocannon from "autocannon";
import { must } from "./util.ts";

// forked by bench/lib/driver.ts with an IPC channel: that channel is how jobs come and results go
const send = must(process.send?.bind(process), "the IPC channel to the bench (run load-worker.ts through bench/lib/driver.ts)");

export interface Variant {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  id: number;
  url: string;
  variants: Variant[];
  connections: number;
  duration: number;
  warmup: number;
  timeout?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  duration: number;
  throughputMBps: number;
}

function run(job: LoadJob, duration: number): Promise<autocannon.Result> {
  let n = 0;
  const vs = job.variants;
  if (vs.length === 0) return Promise.reject(new Error("a load job needs at least one request variant"));
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration,
        timeout: job.timeout ?? 10,
        requests: [
          {
            setupRequest: (req: autocannon.Request) => {
              const v = must(vs[n++ % vs.length], "request variant");
              return { ...req, path: v.path, method: (v.method ?? "GET") as autocannon.Request["method"], headers: { ...(v.headers ?? {}) }, body: v.body };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

process.on("message", async (job: LoadJob) => {
  try {
    if (job.warmup > 0) await run(job, job.warmup);
    const r = await run(job, job.duration);
    const statusCodes: Record<string, number> = {};
    for (const [code, v] of Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})) {
      statusCodes[code] = v.count;
    }
    const result: LoadResult = {
      requests: r.requests.total,
      rps: Math.round((r.requests.total / r.duration) * 10) / 10,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      statusCodes,
      errors: r.errors,
      timeouts: r.timeouts,
      duration: r.duration,
      throughputMBps: Math.round((r.throughput.average / 1e6) * 100) / 100,
    };
    send({ id: job.id, result });
  } catch (error) {
    send({ id: job.id, error: String(error) });
  }
});
send({ ready: true });
