// Entry of `npm start` / `npm run serve` (built into dist/main.js, split into chunks): checks the
// configuration, then either supervises worker processes (supervisor.ts) or is one. The primary
// loads only this, the configuration and the supervisor; the server's code loads in the workers.
import cluster from "node:cluster";

function fail(error: unknown): never {
  const message = error instanceof Error && error.name === "ConfigError" ? error.message : error;
  console.error(message);
  process.exit(1);
}

if (cluster.isWorker) {
  const { exitWithPrimary } = await import("./supervisor.ts");
  exitWithPrimary();
  const { startServer } = await import("./server.ts");
  await startServer().catch(fail);
} else {
  const { loadEnv } = await import("./env.ts");
  const { superviseWorkers, workerCount } = await import("./supervisor.ts");
  let workers = 0;
  try {
    // a wrong configuration ends here, once, instead of in worker after worker
    workers = workerCount(loadEnv());
  } catch (error) {
    fail(error);
  }
  if (workers === 0) {
    const { startServer } = await import("./server.ts");
    await startServer().catch(fail);
  } else {
    superviseWorkers(workers);
  }
}
