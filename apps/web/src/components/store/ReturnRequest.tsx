import { useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { isReturnReason, RETURN_REASONS, RETURN_WINDOW_DAYS, whyNoReturn } from "@store/domain";
import { toast } from "../../lib/toast";
import { formatDate } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";

type Order = RouterOutputs["orders"]["byId"];

/** The return part of the tracker: the request form while the refund policy allows it, else the return's state. */
export function ReturnRequest({ order }: { order: Order }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const request = trpc.orders.requestReturn.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      utils.orders.byId.setData({ orderId: order.orderId }, res.order);
      void utils.orders.orderProducts.invalidate({ customerId: order.customerId });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isReturnReason(reason)) return setError("Please choose a reason for the return.");
    setError(null);
    request.mutate({ orderId: order.orderId, reason });
  };
  if (order.returnStatus !== "Pending") {
    return (
      <section className="card return-box" aria-labelledby="return-heading">
        <h2 id="return-heading">Return</h2>
        <p>
          Return status: <strong>{order.returnStatus}</strong>
          {order.returnReason ? ` · Reason: ${order.returnReason}` : ""}
          {order.returnRequestedAt ? ` · Asked on ${formatDate(order.returnRequestedAt)}` : ""}
        </p>
        <p className="hint">
          We review return requests in 2-3 business days and pick the product up in 5-7 business days. The refund goes to your original payment mode.
        </p>
      </section>
    );
  }
  // the server decides (canRequestReturn); a delivered order it refuses has the refund policy's reason
  if (!order.canRequestReturn) {
    if (order.orderStatus === "Cancelled") return null;
    const closed = order.orderStatus === "Completed" ? whyNoReturn(order) : null;
    return (
      <p className="hint">
        {closed ?? `You can ask for a return within ${RETURN_WINDOW_DAYS} days of delivery.`} <Link to="/refundPolicy">Refund policy</Link>
      </p>
    );
  }
  return (
    <section className="card return-box" aria-labelledby="return-heading">
      <h2 id="return-heading">Request a return</h2>
      <p className="hint">You can return a damaged, incomplete, expired or wrong product within {RETURN_WINDOW_DAYS} days of delivery.</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="return-reason">Reason</label>
          <select
            id="return-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "return-error" : undefined}
          >
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        {error && (
          <p id="return-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Request return"}
        </button>
      </form>
    </section>
  );
}
