import { useState } from "react";
import { rejectPaymentSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

/** Confirm a UPI payment found in the bank statement, or reject its UTR with a reason the customer sees. */
export function PaymentDecision({ productOrderId, utr }: { productOrderId: string; utr: string | null }) {
  const utils = trpc.useUtils();
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
  const confirm = trpc.payments.confirm.useMutation({ onSuccess: (r) => done(r.message), onError });
  const reject = trpc.payments.reject.useMutation({ onSuccess: (r) => done(r.message), onError });
  const busy = confirm.isPending || reject.isPending;
  return (
    <div className="payment-decision">
      {!rejecting ? (
        <div className="toolbar">
          <button
            type="button"
            className="btn small"
            disabled={busy}
            onClick={() => confirm.mutate({ productOrderId })}
            aria-label={`Confirm payment of ${productOrderId}`}
          >
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
          <label htmlFor={`reason-${productOrderId}`}>Why is UTR {utr ?? ""} rejected? (the customer sees this)</label>
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
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
