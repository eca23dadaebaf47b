import { useState } from "react";
import { rejectPaymentSchema } from "@store/validators";
import { formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * Confirm a UPI payment found in the bank statement (asked once, with the order's total beside its
 * UTR), or reject its UTR with a reason the customer sees. A confirmation can be undone for a while:
 * onConfirmed hands its undoUntil to the screen.
 */
export function PaymentDecision({
  productOrderId,
  utr,
  amount,
  onConfirmed,
}: {
  productOrderId: string;
  utr: string | null;
  amount: number;
  onConfirmed?: (confirmed: { productOrderId: string; amount: number; undoUntil: Date }) => void;
}) {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const done = async (message: string) => {
    toast.success(message);
    setRejecting(false);
    setReason("");
    await Promise.all([utils.payments.invalidate(), utils.orders.invalidate()]);
  };
  const onError = (e: unknown) => setProblem(errorMessage(e));
  const confirm = trpc.payments.confirm.useMutation({
    onSuccess: async (r) => {
      setAsking(false);
      onConfirmed?.({ productOrderId, amount, undoUntil: new Date(r.undoUntil) });
      await done(r.message);
    },
    onError: (e) => {
      setAsking(false);
      onError(e);
    },
  });
  const reject = trpc.payments.reject.useMutation({ onSuccess: (r) => done(r.message), onError });
  const busy = confirm.isPending || reject.isPending;
  return (
    <div className="payment-decision">
      {!rejecting ? (
        <div className="toolbar">
          <button type="button" className="btn small" disabled={busy} onClick={() => setAsking(true)} aria-label={`Confirm payment of ${productOrderId}`}>
            Confirm
          </button>
          <button
            type="button"
            className="btn small secondary"
            disabled={busy}
            onClick={() => setRejecting(true)}
            aria-label={`Reject UTR of ${productOrderId}`}
          >
            Reject
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = rejectPaymentSchema.safeParse({ productOrderId, reason });
            if (!parsed.success) {
              setProblem(parsed.error.issues[0]?.message ?? "Enter a reason");
              return;
            }
            setProblem(null);
            reject.mutate(parsed.data);
          }}
        >
          <label htmlFor={`reason-${productOrderId}`}>
            Why is UTR {utr ?? ""} for {formatINR(amount)} rejected? (the customer sees this)
          </label>
          <input id={`reason-${productOrderId}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
          <div className="toolbar">
            <button type="submit" className="btn small danger" disabled={busy}>
              Reject UTR
            </button>
            <button type="button" className="btn small secondary" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={asking}
        title={`Confirm payment of ${formatINR(amount)}?`}
        message={`Order ${productOrderId}: ${formatINR(amount)}, UTR ${utr ?? "—"}. Confirm only when this UTR and amount are in the bank statement. You can undo it for a few minutes; the customer is mailed after that.`}
        confirmLabel="Confirm payment"
        busy={confirm.isPending}
        busyLabel="Confirming..."
        tone="primary"
        onConfirm={() => confirm.mutate({ productOrderId })}
        onCancel={() => setAsking(false)}
      />
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
