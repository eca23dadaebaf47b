// Sums the JSON reports of every suite (vitest, Playwright, resilience) into one line:
// "N passed, N failed". Exits non-zero when a suite failed or no test ran.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "test-results";
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
  let p = 0;
  let f = 0;
  if (typeof data.numPassedTests === "number") {
    // vitest / jest format; a file that failed to load counts as a failure
    p = data.numPassedTests;
    f = data.numFailedTests + (data.numFailedTestSuites > 0 && data.numFailedTests === 0 ? data.numFailedTestSuites : 0);
  } else if (data.stats && typeof data.stats.expected === "number") {
    // Playwright
    p = data.stats.expected + (data.stats.flaky ?? 0);
    f = data.stats.unexpected;
    if (data.errors?.length && p + f === 0) f = data.errors.length;
  } else if (typeof data.passed === "number" && typeof data.failed === "number") {
    // our own resilience summary
    p = data.passed;
    f = data.failed;
  } else {
    continue;
  }
  const flaky = data.stats?.flaky ? ` (${data.stats.flaky} passed only on retry)` : "";
  lines.push(`${file}: ${p} passed, ${f} failed${flaky}`);
  passed += p;
  failed += f;
}
for (const l of lines) console.log(l);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
