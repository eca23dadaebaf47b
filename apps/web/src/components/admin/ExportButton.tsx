import { useState } from "react";
import type { ExportKind } from "@store/validators";
import { downloadWithToken } from "../../lib/download";
import { toast } from "../../lib/toast";

const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** "Download CSV" of an admin list with its search (and, for orders, its view): GET /api/v1/export/{kind}.csv. */
export function ExportButton({ kind, search, view }: { kind: ExportKind; search: string; view?: "all" | "shipping" | "delivered" }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ ...(search ? { search } : {}), ...(view && view !== "all" ? { view } : {}) }).toString();
      await downloadWithToken(`/api/v1/export/${kind}.csv${query ? `?${query}` : ""}`, `${kind}-${istToday()}.csv`);
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
