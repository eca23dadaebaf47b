import { useState } from "react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { PACK_IMPORT_COLUMNS, type ImportRowError } from "@store/validators";
import { authHeader } from "../../lib/auth";
import { checkProductCsv } from "../../lib/product-csv";
import { toast } from "../../lib/toast";
import { trpc, type RouterOutputs } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/import-products")({ component: ImportProducts });

type Result = RouterOutputs["imports"]["products"];
type Stage =
  | { step: "idle" }
  | { step: "checking"; done: number; total: number }
  | { step: "uploading" }
  | { step: "checked"; result: Result }
  | { step: "refused"; message: string; errors: ImportRowError[] }
  | { step: "imported"; result: Result };

async function send(file: File, dryRun: boolean): Promise<{ ok: true; result: Result } | { ok: false; message: string; errors: ImportRowError[] }> {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch(`/api/v1/import/products${dryRun ? "?dryRun=true" : ""}`, { method: "POST", headers: authHeader(), body: form });
  const body = (await res.json().catch(() => ({}))) as Result & { message?: string; errors?: ImportRowError[] };
  if (res.ok) return { ok: true, result: body };
  return { ok: false, message: body.message ?? `The import failed (${res.status}).`, errors: Array.isArray(body.errors) ? body.errors : [] };
}

/** Product import (issue 17): check the file (in the browser, then on the server), see every row's errors, then import all or nothing. */
function ImportProducts() {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: "idle" });
  const utils = trpc.useUtils();

  const check = async (chosen: File) => {
    setFile(chosen);
    try {
      setStage({ step: "checking", done: 0, total: 0 });
      const local = await checkProductCsv(await chosen.text(), (done, total) => setStage({ step: "checking", done, total }));
      setStage({ step: "uploading" });
      const answer = await send(chosen, true);
      if (!answer.ok) setStage({ step: "refused", message: answer.message, errors: answer.errors.length ? answer.errors : local.errors });
      else setStage({ step: "checked", result: answer.result });
    } catch (e) {
      setStage({ step: "refused", message: (e as Error).message, errors: [] });
    }
  };

  const apply = async () => {
    if (!file) return;
    setStage({ step: "uploading" });
    const answer = await send(file, false);
    if (!answer.ok) {
      setStage({ step: "refused", message: answer.message, errors: answer.errors });
      return;
    }
    await utils.products.invalidate();
    toast.success(`Imported: ${answer.result.created} added, ${answer.result.updated} updated.`);
    setStage({ step: "imported", result: answer.result });
  };

  const errors = stage.step === "checked" ? stage.result.errors : stage.step === "refused" ? stage.errors : [];
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Import Products | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Import Products</h1>
        <Link to="/product-management" className="btn secondary">
          Back to products
        </Link>
      </div>
      <div className="card">
        <p className="hint">
          A CSV file of packs, one row a pack, as “Download CSV” on the product list gives it: {PACK_IMPORT_COLUMNS.join(", ")}. A row with a variantId changes
          that pack (blank cells keep their value); a row with a productId and no variantId adds a pack to that product; a row with neither makes a new product
          with that pack (rows with the same new productName make one product). The older file of one row a product (productName, productPrice, mainPrice,
          packSize, productInfo, deliveryCharge, quantity, …) is still taken. Nothing is imported while any row has an error.
        </p>
        <div className="field">
          <label htmlFor="import-file">Product CSV file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void check(chosen);
            }}
          />
        </div>
        {stage.step === "checking" && (
          <div className="import-progress" role="status">
            <label htmlFor="import-check">
              Checking rows{stage.total ? `: ${stage.done.toLocaleString("en-IN")} of ${stage.total.toLocaleString("en-IN")}` : "…"}
            </label>
            <progress id="import-check" max={stage.total || 1} value={stage.done} />
          </div>
        )}
        {stage.step === "uploading" && (
          <p role="status" className="loading">
            Sending the file to the store…
          </p>
        )}
        {stage.step === "checked" && (
          <div role="status" className="import-summary">
            <p>
              {stage.result.rows.toLocaleString("en-IN")} rows: {stage.result.created.toLocaleString("en-IN")} to add,{" "}
              {stage.result.updated.toLocaleString("en-IN")} to update
              {stage.result.errors.length > 0 ? `, ${new Set(stage.result.errors.map((e) => e.line)).size} with errors` : ""}.
            </p>
            {stage.result.errors.length === 0 && (
              <button type="button" className="btn" onClick={() => void apply()}>
                Import {(stage.result.created + stage.result.updated).toLocaleString("en-IN")} products
              </button>
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
            Imported {stage.result.created.toLocaleString("en-IN")} new and {stage.result.updated.toLocaleString("en-IN")} updated products.{" "}
            <Link to="/product-management">See the products</Link>
          </p>
        )}
      </div>
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
          {errors.length > 500 && <p className="hint">The first 500 of {errors.length.toLocaleString("en-IN")} errors are shown.</p>}
        </div>
      )}
    </section>
  );
}
