import { useState } from "react";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { OwnerOnly } from "./OwnerOnly";
import { RefundRecorder } from "./RefundRecorder";

export interface RefundRow {
  refundId: number;
  status: string;
  error?: string | null;
}

/** What may be done with a refund not yet paid back: the owner approves one a staff action left waiting, retries a failed online one, or records a bank transfer; staff see why they cannot. */
export function RefundActions({ productOrderId, refund, online }: { productOrderId: string; refund: RefundRow; online: boolean }) {
  if (refund.status === "Awaiting approval") {
    return (
      <OwnerOnly note="Waiting for the owner's approval.">
        <RefundDecision refundId={refund.refundId} action="approve" />
      </OwnerOnly>
    );
  }
  if (refund.status === "Failed" && online) {
    return (
      <OwnerOnly note="The refund failed: the store's owner retries it.">
        <RefundDecision refundId={refund.refundId} action="retry" />
      </OwnerOnly>
    );
  }
  if (refund.status === "Pending" || refund.status === "Failed") {
    return (
      <OwnerOnly note="The store's owner records refunds.">
        <RefundRecorder productOrderId={productOrderId} refundId={refund.refundId} online={online} />
      </OwnerOnly>
    );
  }
  return null;
}

function RefundDecision({ refundId, action }: { refundId: number; action: "approve" | "retry" }) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const options = {
    onSuccess: async (r: { message: string }) => {
      setProblem(null);
      toast.success(r.message);
      await Promise.all([utils.orders.invalidate(), utils.payments.invalidate()]);
    },
    onError: async (e: unknown) => {
      setProblem(errorMessage(e));
      // a refused refund is now Failed: show it so
      await Promise.all([utils.orders.invalidate(), utils.payments.invalidate()]);
    },
  };
  const approve = trpc.payments.approveRefund.useMutation(options);
  const retry = trpc.payments.retryRefund.useMutation(options);
  const mutation = action === "approve" ? approve : retry;
  return (
    <>
      <button
        type="button"
        className="btn small"
        aria-label={`${action === "approve" ? "Approve" : "Retry"} refund ${refundId}`}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ refundId })}
      >
        {action === "approve" ? "Approve refund" : "Retry refund"}
      </button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
