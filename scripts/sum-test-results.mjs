// Sums the JSON reports of every suite (vitest, Playwright, resilience) into one line:
// "N passed, N failed". Exits non-zero when a suite failed or no test ran.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "test-results";

/** The passed and failed counts of one report, or undefined for a JSON file that is no test report. */
function counts(data) {
  if (typeof data.numPassedTests === "number") {
    // vitest / jest format; a file that failed to load counts as a failure
    return { p: data.numPassedTests, f: data.numFailedTests + (data.numFailedTestSuites > 0 && data.numFailedTests === 0 ? data.numFailedTestSuites : 0) };
  }
  if (data.stats && typeof data.stats.expected === "number") {
    // Playwright
    const p = data.stats.expected + (data.stats.flaky ?? 0);
    const f = data.errors?.length && p + data.stats.unexpected === 0 ? data.errors.length : data.stats.unexpected;
    return { p, f };
  }
  if (typeof data.passed === "number" && typeof data.failed === "number") {
    // our own resilience summary
    return { p: data.passed, f: data.failed };
  }
  return undefined;
}

let passed = 0;
let failed = 0;
const lines = [];
for (const file of fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
  : []) {
  const data = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  const c = counts(data);
  if (!c) continue;
  const { p, f } = c;
  const flaky = data.stats?.flaky ? ` (${data.stats.flaky} passed only on retry)` : "";
  lines.push(`${file}: ${p} passed, ${f} failed${flaky}`);
  passed += p;
  failed += f;
}
for (const l of lines) console.log(l);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
