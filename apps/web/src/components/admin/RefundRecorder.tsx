import { useState } from "react";
import { refundReferenceSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

/** A refund still to be paid: the bank reference of a COD/UPI transfer, or sending an online refund to the gateway again. */
export function RefundRecorder({ productOrderId, refundId, online }: { productOrderId: string; refundId: number; online: boolean }) {
  const utils = trpc.useUtils();
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const record = trpc.payments.recordRefund.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      await utils.orders.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  if (online) {
    return (
      <>
        <button
          type="button"
          className="btn small"
          disabled={record.isPending}
          onClick={() => record.mutate({ productOrderId, refundId, reference: "gateway" })}
        >
          Send refund again
        </button>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </>
    );
  }
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = refundReferenceSchema.safeParse({ productOrderId, refundId, reference });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message ?? "Enter the bank reference");
          return;
        }
        setProblem(null);
        record.mutate(parsed.data);
      }}
    >
      <label htmlFor={`refund-ref-${refundId}`}>Bank reference</label>
      <input id={`refund-ref-${refundId}`} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} />
      <button type="submit" className="btn small" disabled={record.isPending}>
        Record refund
      </button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
