import { useState } from "react";
import { PINCODE_IMPORT_COLUMNS, MAX_PINCODE_ROWS, type ImportRowError } from "@store/validators";
import { checkPincodeCsv, postForm } from "../../lib/pincode-csv";
import { toast } from "../../lib/toast";
import { trpc, type RouterOutputs } from "../../lib/trpc";

type Result = RouterOutputs["pincodes"]["import"];
type Stage =
  | { step: "idle" }
  | { step: "checking"; done: number; total: number }
  | { step: "sending"; dryRun: boolean; sent: number; rows: number }
  | { step: "checked"; result: Result }
  | { step: "refused"; message: string; errors: ImportRowError[]; rowsWithErrors?: number }
  | { step: "imported"; result: Result };

const n = (v: number) => v.toLocaleString("en-IN");

/** The courier-list import (issue 27): a check in the browser, the store's dry run with counts and per-row errors, then the import, all or nothing. */
export function PincodeImport() {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: "idle" });
  const utils = trpc.useUtils();

  const send = async (chosen: File, dryRun: boolean, rows: number) => {
    const form = new FormData();
    form.append("file", chosen);
    setStage({ step: "sending", dryRun, sent: 0, rows });
    const answer = await postForm<Result & { message?: string; errors?: ImportRowError[] }>(
      `/api/v1/shipping/pincodes${dryRun ? "?dryRun=true" : ""}`,
      form,
      (sent) => setStage({ step: "sending", dryRun, sent, rows }),
    );
    if (answer.status === 200) return { ok: true as const, result: answer.body };
    const errors = Array.isArray(answer.body.errors) ? answer.body.errors : [];
    return { ok: false as const, message: answer.body.message ?? `The import failed (${answer.status}).`, errors };
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    try {
      setStage({ step: "checking", done: 0, total: 0 });
      const local = await checkPincodeCsv(await chosen.text(), (done, total) => setStage({ step: "checking", done, total }));
      if (local.rows > MAX_PINCODE_ROWS) {
        setStage({ step: "refused", message: `A file may hold at most ${n(MAX_PINCODE_ROWS)} PIN codes; this one has ${n(local.rows)}.`, errors: [] });
        return;
      }
      const answer = await send(chosen, true, local.rows);
      if (!answer.ok) setStage({ step: "refused", message: answer.message, errors: answer.errors.length ? answer.errors : local.errors.slice(0, 1000) });
      else setStage({ step: "checked", result: answer.result });
    } catch (e) {
      setStage({ step: "refused", message: (e as Error).message, errors: [] });
    }
  };

  const apply = async (rows: number) => {
    if (!file) return;
    try {
      const answer = await send(file, false, rows);
      if (!answer.ok) {
        setStage({ step: "refused", message: answer.message, errors: answer.errors });
        return;
      }
      await utils.pincodes.invalidate();
      toast.success(`Imported: ${n(answer.result.created)} added, ${n(answer.result.updated)} updated.`);
      setStage({ step: "imported", result: answer.result });
    } catch (e) {
      setStage({ step: "refused", message: (e as Error).message, errors: [] });
    }
  };

  const errors = stage.step === "checked" ? stage.result.errors : stage.step === "refused" ? stage.errors : [];
  const busy = stage.step === "checking" || stage.step === "sending";
  return (
    <div className="card pincode-import">
      <h2>Import a courier&rsquo;s list</h2>
      <p className="hint">
        A CSV file with the columns {PINCODE_IMPORT_COLUMNS.join(", ")}; up to {n(MAX_PINCODE_ROWS)} rows. <em>state</em> is the state&rsquo;s name or its GST
        code (27); <em>serviceable</em> and <em>cod</em> are yes/no, true/false or 1/0; <em>etaDays</em> (0–30) may be blank; a blank <em>district</em> is the
        city. Each row adds its PIN code or replaces it. Nothing is imported while any row has an error.
      </p>
      <div className="field">
        <label htmlFor="pincode-file">PIN-code CSV file</label>
        <input
          id="pincode-file"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void check(chosen);
            // the same file again (fixed in place) must fire a change
            e.target.value = "";
          }}
        />
      </div>
      {stage.step === "checking" && (
        <div className="import-progress" role="status">
          <label htmlFor="pincode-check">Checking rows{stage.total ? `: ${n(stage.done)} of ${n(stage.total)}` : "…"}</label>
          <progress id="pincode-check" max={stage.total || 1} value={stage.done} />
        </div>
      )}
      {stage.step === "sending" && (
        <div className="import-progress" role="status">
          <label htmlFor="pincode-send">
            {stage.sent < 1
              ? `Sending the file: ${Math.round(stage.sent * 100)}%`
              : stage.dryRun
                ? `The store is checking ${n(stage.rows)} rows…`
                : `The store is importing ${n(stage.rows)} rows…`}
          </label>
          {/* no value once sent: the browser shows the bar as busy until the store answers */}
          {stage.sent < 1 ? <progress id="pincode-send" max={1} value={stage.sent} /> : <progress id="pincode-send" />}
        </div>
      )}
      {stage.step === "checked" && (
        <div role="status" className="import-summary">
          <p>
            {n(stage.result.rows)} rows: {n(stage.result.created)} new PIN codes, {n(stage.result.updated)} to update ({n(stage.result.serviceable)}{" "}
            serviceable, {n(stage.result.notServiceable)} not)
            {stage.result.rowsWithErrors > 0 ? `; ${n(stage.result.rowsWithErrors)} with errors` : ""}.
          </p>
          {stage.result.rowsWithErrors === 0 ? (
            <button type="button" className="btn" onClick={() => void apply(stage.result.rows)}>
              Import {n(stage.result.rows)} PIN codes
            </button>
          ) : (
            <p className="hint">Correct the rows below in the file and choose it again.</p>
          )}
        </div>
      )}
      {stage.step === "refused" && (
        <div className="error-box" role="alert">
          <p>{stage.message}</p>
        </div>
      )}
      {stage.step === "imported" && (
        <p role="status" className="import-done">
          Imported {n(stage.result.created)} new and {n(stage.result.updated)} updated PIN codes.
        </p>
      )}
      {errors.length > 0 && (
        <div className="table-wrap">
          <table className="data" aria-label="Rows with errors">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {errors.slice(0, 500).map((e, i) => (
                <tr key={`${e.line}-${e.field}-${i}`}>
                  <td>{e.line}</td>
                  <td>{e.field}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {errors.length > 500 && <p className="hint">The first 500 of {n(errors.length)} errors are shown.</p>}
        </div>
      )}
    </div>
  );
}
