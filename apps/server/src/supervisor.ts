// A crash must not be the end (issue 13): `npm start` / `npm run serve` run the server as worker
// processes of a small Node cluster primary, which forks a new worker at once when one dies. The
// primary does nothing else (it opens no database), so it has nothing to crash on.
// - WEB_CONCURRENCY workers with PostgreSQL (default 1); always 1 with the embedded database, which
//   one process owns. WEB_CONCURRENCY=0 runs the server in this process, without a primary.
// - The first worker migrates and seeds the database; the others start once it listens (started
//   together on a new database, they raced each other's migrations and 2 of 3 crashed).
// - A worker dying more than 5 times in 30 s is re-forked after a growing pause (up to 10 s), never given up.
// - But a worker that cannot start at all (its port taken, the database unreachable at start: it
//   exits by itself before listening) is tried FAILED_STARTS_LIMIT times in a row, then the primary
//   exits 1, so that systemd or an orchestrator can act instead of a silent fork loop. A worker killed
//   by a signal (the out-of-memory killer) is not a failed start, and any worker listening resets the count.
// - SIGTERM/SIGINT: the workers shut down gracefully (main.ts), then the primary exits 0.
// - A worker whose primary is gone (kill -9) exits too, rather than live on unsupervised.
// The workers share the listening port through the primary (cluster); they inherit its node flags
// (process.execArgv: the heap cap of `npm run serve`).
import cluster, { type Worker } from "node:cluster";

/** workers in a row that exit by themselves before listening, after which the primary gives up */
export const FAILED_STARTS_LIMIT = 5;

/** WEB_CONCURRENCY (checked by env.ts), but 1 worker at most on the embedded database */
export function workerCount(env: { WEB_CONCURRENCY: number; DATABASE_URL?: string }): number {
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    console.warn(`WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database is owned by one process, so 1 worker runs.`);
    return 1;
  }
  return env.WEB_CONCURRENCY;
}

export function superviseWorkers(count: number): void {
  const deaths: number[] = [];
  const live = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  let failedStartsInARow = 0;
  let stopping = false;
  let allStarted = count <= 1;
  // pino's shape (level 30 info, 50 error), like the workers' own log lines
  const log = (level: 30 | 50, message: string) => console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg: message }));

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    live.add(worker);
    log(30, `worker ${worker.process.pid} started`);
  };
  cluster.on("listening", (worker) => {
    listened.add(worker);
    failedStartsInARow = 0;
    if (allStarted) return;
    allStarted = true;
    for (let i = live.size; i < count; i++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit(failedStartsInARow >= FAILED_STARTS_LIMIT ? 1 : 0);
      return;
    }
    if (!listened.has(worker) && signal === null && code !== 0) failedStartsInARow++;
    if (failedStartsInARow >= FAILED_STARTS_LIMIT) {
      log(50, `worker ${worker.process.pid} could not start (exit code ${code}), ${failedStartsInARow} times in a row: giving up`);
      stopping = true;
      for (const other of live) other.process.kill("SIGTERM");
      process.exitCode = 1;
      if (live.size === 0) process.exit(1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) < now - 30_000) deaths.shift();
    const pause = deaths.length > 5 ? Math.min(10_000, 1000 * (deaths.length - 5)) : 0;
    log(
      50,
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another${pause ? ` in ${pause} ms (${deaths.length} deaths in 30 s)` : ""}`,
    );
    setTimeout(fork, pause);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(30, `${signal}: stopping the workers`);
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  fork();
}

/** In a worker: end with the primary instead of running on unsupervised. */
export function exitWithPrimary(): void {
  process.on("disconnect", () => process.exit(1));
}
