#!/usr/bin/env node
// `npm run test:resilience`: runs the slow suites of issue 6 (faults, load, sqlmap) with their own
// vitest config, prints a pass/fail summary with each suite's figures, writes the machine-readable
// summary test-results/resilience.json ({ passed, failed, skipped, total, suites, figures }) for CI
// to add to its totals, and exits non-zero on any failure.
// Options through the environment: RESILIENCE_LOAD_SECONDS (default 300), RESILIENCE_KILLS (3),
// RESILIENCE_PG_PORT (55432), SQLMAP_LEVEL / SQLMAP_RISK (2 / 2). Extra arguments go to vitest
// (e.g. a file filter: npm run test:resilience -- load).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const results = path.join(root, "test-results");
const figuresDir = path.join(results, "resilience");
const vitestJson = path.join(figuresDir, "vitest.json");
fs.mkdirSync(results, { recursive: true });
fs.rmSync(figuresDir, { recursive: true, force: true });

const started = Date.now();
const run = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", "tests/resilience/vitest.config.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: process.env },
);

let passed = 0;
let failed = 0;
let skipped = 0;
const suites = [];
try {
  const report = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "passed") passed++;
      else if (t.status === "failed") failed++;
      else skipped++;
      suites.push({ file: path.relative(root, file.name), test: t.title, status: t.status, ms: Math.round(t.duration ?? 0) });
    }
    // a file that failed outside its tests (a server that did not start, an afterAll) counts as a failure
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      failed++;
      suites.push({ file: path.relative(root, file.name), test: "(file)", status: "failed", message: String(file.message ?? "").slice(0, 500) });
    }
  }
} catch {
  failed++;
  suites.push({ file: "(vitest)", test: "(no report)", status: "failed" });
}
if (run.status !== 0 && failed === 0) failed++;

const figures = {};
if (fs.existsSync(figuresDir)) {
  for (const f of fs.readdirSync(figuresDir).filter((x) => x.endsWith(".json") && x !== "vitest.json")) {
    figures[f.replace(/\.json$/, "")] = JSON.parse(fs.readFileSync(path.join(figuresDir, f), "utf8"));
  }
}
const summary = {
  suite: "resilience",
  passed,
  failed,
  skipped,
  total: passed + failed + skipped,
  seconds: Math.round((Date.now() - started) / 1000),
  suites,
  figures,
};
fs.writeFileSync(path.join(results, "resilience.json"), JSON.stringify(summary, null, 2));

console.log("\n──────── resilience summary ────────");
for (const s of suites)
  console.log(
    `${s.status === "passed" ? "PASS" : s.status === "failed" ? "FAIL" : "SKIP"}  ${s.file} › ${s.test}${s.ms ? ` (${(s.ms / 1000).toFixed(0)} s)` : ""}`,
  );
for (const [name, f] of Object.entries(figures)) {
  const { suite: _s, at: _a, ...rest } = f;
  console.log(`  ${name}: ${JSON.stringify(rest)}`);
}
console.log(
  `${failed === 0 ? "PASSED" : "FAILED"}: ${passed} passed, ${failed} failed, ${skipped} skipped in ${summary.seconds} s — test-results/resilience.json`,
);
process.exit(failed === 0 ? 0 : 1);
