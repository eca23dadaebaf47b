import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Playwright's specs (e2e/) and the resilience suites have their own runners
    include: ["packages/**/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    exclude: ["**/node_modules/**", "e2e/**", "tests/resilience/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
