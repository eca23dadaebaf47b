// The printed tables and the verdicts against the targets of issue 7.
import type { LoadResult } from "./driver.ts";

export interface Row {
  target: string; // pglite | postgresql | baseline
  dataset: string;
  scenario: string;
  result: LoadResult;
  /** errors: transport errors + timeouts + responses with an unexpected status */
  errors: number;
  /** req/s counting only the successful answers (orders/s, logins/s) */
  okPerSec: number;
  rssMb?: number;
  ceiling?: string;
  floor?: string;
  note?: string;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const padEnd = (s: string | number, n: number) => String(s).padEnd(n);

export function find(rows: Row[], target: string, dataset: string, scenario: string | undefined) {
  return scenario ? rows.find((r) => r.target === target && r.dataset === dataset && r.scenario === scenario) : undefined;
}

export function printTable(rows: Row[]) {
  const head = `${padEnd("dataset", 7)} ${padEnd("target", 10)} ${padEnd("scenario", 22)} ${pad("req/s", 9)} ${pad("ok/s", 9)} ${pad("p50 ms", 7)} ${pad("p99 ms", 7)} ${pad("errors", 7)} ${pad("RSS MB", 7)}  ${padEnd("vs ceiling (req/s, p99)", 25)} ${padEnd("vs pg floor", 12)}`;
  console.log(`\n${head}\n${"-".repeat(head.length)}`);
  for (const r of rows) {
    const c = find(rows, "baseline", r.dataset, r.ceiling);
    const f = find(rows, "baseline", r.dataset, r.floor);
    const vsC = c && c.result.rps > 0 && r.result.rps > 0 ? `${pct(r.result.rps / c.result.rps)}, ${x(r.result.p99 / Math.max(c.result.p99, 1))} p99` : "";
    const vsF = f && f.result.rps > 0 && r.result.rps > 0 ? `${x(r.result.rps / f.result.rps)} req/s` : "";
    console.log(
      `${padEnd(r.dataset, 7)} ${padEnd(r.target, 10)} ${padEnd(r.scenario, 22)} ${pad(r.result.rps.toFixed(0), 9)} ${pad(r.okPerSec.toFixed(0), 9)} ${pad(r.result.p50, 7)} ${pad(r.result.p99, 7)} ${pad(r.errors, 7)} ${pad(r.rssMb ?? "", 7)}  ${padEnd(vsC, 25)} ${padEnd(vsF, 12)}${r.note ? `  ${r.note}` : ""}`,
    );
  }
}

export const pct = (v: number) => `${Math.round(v * 100)}%`;
export const x = (v: number) => `${v.toFixed(2)}x`;

export interface Verdict {
  target: string;
  measured: string;
  met: boolean | null;
}

export function printVerdicts(verdicts: Verdict[]) {
  console.log("\nTargets (issue 7)");
  for (const v of verdicts) console.log(`  [${v.met === null ? "n/a " : v.met ? "met " : "MISS"}] ${v.target}: ${v.measured}`);
}
