// The server as production runs it, for the harnesses that start it as a child process themselves
// (benchmarks, resilience suites): the same build and the very command of `npm run serve` (root
// package.json), with the server's own pid to measure, not npm's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/** builds apps/server/dist/main.js (scripts/build.mjs, under a second) */
export function buildServer(): void {
  const run = spawnSync(process.execPath, ["apps/server/scripts/build.mjs"], { cwd: root, encoding: "utf8", timeout: 120_000 });
  if (run.status !== 0) throw new Error(`server build failed:\n${run.stdout}\n${run.stderr}`);
}

/** the node arguments of `npm run serve`, relative to the repository root, e.g. ["--max-old-space-size=512", "apps/server/dist/main.js"] */
export function serveArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { serve: string } };
  const serve = scripts.serve;
  const [command, ...args] = serve.trim().split(/\s+/);
  if (command !== "node") throw new Error(`the serve script should start with node: ${serve}`);
  return args;
}
