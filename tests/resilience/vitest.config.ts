import { defineConfig } from "vitest/config";

// The slow suites of issue 6 (faults, load, sqlmap): one file at a time, long time limits.
// Run with `npm run test:resilience` (tests/resilience/run.mjs writes test-results/resilience.json).
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/resilience/**/*.test.ts"],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ["default", "json"],
    // in a subfolder: the CI sum reads every top-level JSON and counts test-results/resilience.json already
    outputFile: { json: "test-results/resilience/vitest.json" },
  },
});
