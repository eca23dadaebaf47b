// The order view's COD confirmation (issue 29): a Pending cash-on-delivery order may be confirmed by
// hand after the owner or staff spoke to the buyer; the note says how, and the audit trail keeps it.
import { useState, type FormEvent } from "react";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc } from "../../../lib/trpc";

export function CodConfirmCard({ productOrderId }: { productOrderId: string }) {
  const order = trpc.orders.order.useQuery({ productOrderId });
  const o = order.data;
  if (!o?.codConfirmation) return null;
  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="cod-confirm-title">
        <h2 id="cod-confirm-title">Cash on delivery confirmation</h2>
        {o.codConfirmation === "Pending" ? (
          <PendingConfirmation productOrderId={productOrderId} by={o.codConfirmBy ?? null} />
        ) : (
          <p data-testid="cod-confirmation">
            {o.codConfirmation}
            {o.codConfirmedAt && ` on ${formatDateTime(o.codConfirmedAt)}`}
            {o.codConfirmedBy && ` by ${o.codConfirmedBy}`}
            {o.codConfirmNote && ` · “${o.codConfirmNote}”`}
          </p>
        )}
      </section>
    </div>
  );
}

function PendingConfirmation({ productOrderId, by }: { productOrderId: string; by: Date | string | null }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = trpc.orders.codConfirm.useMutation({
    onSuccess: async () => {
      toast.success(`Order ${productOrderId}: cash on delivery confirmed.`);
      setNote("");
      await utils.orders.invalidate();
      await utils.orderDesk.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (note.trim() === "") {
      setProblem("Write how the buyer confirmed (who you spoke to, when).");
      return;
    }
    confirm.mutate({ productOrderId, byAdmin: true, note: note.trim() });
  };
  return (
    <form noValidate onSubmit={submit}>
      <p data-testid="cod-confirmation">
        <strong>Pending:</strong> the buyer has not confirmed this order with the code sent by SMS
        {by && `; it is cancelled if still unconfirmed at ${formatDateTime(by)}`}. It cannot be shipped until it is confirmed.
      </p>
      <div className="field">
        <label htmlFor="cod-confirm-note">Note</label>
        <input
          id="cod-confirm-note"
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={problem ? "cod-confirm-error" : "cod-confirm-hint"}
          aria-invalid={problem ? true : undefined}
        />
        {problem ? (
          <small id="cod-confirm-error" className="field-error" role="alert">
            {problem}
          </small>
        ) : (
          <small id="cod-confirm-hint" className="hint">
            How the buyer confirmed, e.g. “Called 12:40, confirmed by Ravi”.
          </small>
        )}
      </div>
      <div className="toolbar">
        <button type="submit" className="btn" disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm COD (after a phone call)"}
        </button>
      </div>
    </form>
  );
}
