// The owner's monthly complaints report (issue 31): what the law asks a seller to be able to show —
// tickets received, acknowledged within 48 hours, resolved within the month — and the CSV of it.
import { useState } from "react";
import { GRIEVANCE_CATEGORY_WORDS, type GrievanceCategory } from "@store/domain";
import { downloadWithToken } from "../../../lib/download";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../QueryState";
import { MonthPicker } from "./MonthPicker";
import { istMonth } from "./trustText";

export function GrievanceReport() {
  const [month, setMonth] = useState(() => istMonth());
  const query = trpc.grievances.report.useQuery({ month });
  return (
    <section className="card trust-report" aria-labelledby="grievance-report-title" data-testid="grievance-report">
      <h2 id="grievance-report-title">Monthly report</h2>
      <div className="trust-report-head">
        <MonthPicker month={month} max={istMonth()} onChange={setMonth} />
        <CsvButton month={month} />
      </div>
      <QueryState query={query}>
        {(r) => (
          <>
            <dl className="details-grid">
              <dt>Received</dt>
              <dd data-figure="received">{r.received}</dd>
              <dt>Acknowledged within 48 hours</dt>
              <dd data-figure="acknowledgedWithin48h">{r.acknowledgedWithin48h}</dd>
              <dt>Resolved within a month</dt>
              <dd data-figure="resolvedWithinMonth">{r.resolvedWithinMonth}</dd>
              <dt>Still open</dt>
              <dd data-figure="open">{r.open}</dd>
              <dt>Overdue</dt>
              <dd data-figure="overdue">{r.overdue.length === 0 ? "None" : r.overdue.join(", ")}</dd>
            </dl>
            <h3>By category</h3>
            <ul className="trust-counts">
              {Object.entries(r.byCategory).map(([category, n]) => (
                <li key={category}>
                  {GRIEVANCE_CATEGORY_WORDS[category as GrievanceCategory] ?? category}: <strong>{n}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

function CsvButton({ month }: { month: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(`/api/v1/reports/grievances?month=${month}&format=csv`, `complaints-${month}.csv`);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? "Preparing CSV…" : "Download CSV"}
    </button>
  );
}
