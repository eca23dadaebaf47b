// The monthly grievance report as CSV (GET /reports/grievances with ?format=csv or Accept: text/csv):
// one row per figure, "metric,value", so that a spreadsheet shows it as a two-column table; the
// overdue tickets' numbers are one value, separated by spaces, and each category is a row of its own.
import { stringify } from "csv-stringify/sync";
import { GRIEVANCE_CATEGORIES } from "@store/domain";
import type { GrievanceReport } from "./grievance-report.ts";

export function grievanceReportCsv(r: GrievanceReport): string {
  const rows: [string, string | number][] = [
    ["month", r.month],
    ["received", r.received],
    ["acknowledgedWithin48h", r.acknowledgedWithin48h],
    ["resolvedWithinMonth", r.resolvedWithinMonth],
    ["open", r.open],
    ["overdueCount", r.overdue.length],
    ["overdue", r.overdue.join(" ")],
    ...GRIEVANCE_CATEGORIES.map((c): [string, number] => [`category ${c}`, r.byCategory[c]]),
  ];
  return stringify(rows, { header: true, columns: ["metric", "value"] });
}
