import { useState } from "react";
import { toast } from "../../lib/toast";
import { isManualPaymentStatus, isOrderStatus, MANUAL_PAYMENT_STATUSES, nextStatuses } from "@store/domain";
import { formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import type { Order } from "./OrderDetails";
import { StatusBadge } from "./StatusBadge";
import { OwnerOnly } from "./OwnerOnly";

function useInvalidateOrders() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.orders.invalidate(), utils.stats.invalidate()]);
}

/** Moves an order along Shipped → On the way → Ready for pickup → Completed (or Cancelled) and its payment to Paid. */
export function OrderStatusUpdate({ order }: { order: Order }) {
  const options = nextStatuses(order.orderStatus);
  const [orderStatus, setOrderStatus] = useState("");
  const [paymentStatus, setPaymentStatus] = useState(order.paymentStatus);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const invalidate = useInvalidateOrders();
  const mutation = trpc.orders.updateStatus.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      setOrderStatus("");
      setProblem(null);
      setPaymentStatus(res.order.paymentStatus);
      await invalidate();
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setProblem(msg);
      toast.error(msg);
    },
  });
  const closed = options.length === 0;
  const paymentChanged = paymentStatus !== order.paymentStatus;

  const save = () => {
    setConfirmCancel(false);
    mutation.mutate({
      orderId: order.orderId,
      ...(isOrderStatus(orderStatus) ? { orderStatus } : {}),
      ...(paymentChanged && isManualPaymentStatus(paymentStatus) ? { paymentStatus } : {}),
    });
  };

  return (
    <section className="card status-card" aria-labelledby="status-title">
      <h2 id="status-title">Status Update</h2>
      <p>
        Order status <StatusBadge value={order.orderStatus} /> · Payment <StatusBadge value={order.paymentStatus} />
      </p>
      {closed && (order.paymentStatus === "Paid" || order.orderStatus === "Cancelled") ? (
        <p className="hint">This order is {order.orderStatus} and can no longer change.</p>
      ) : (
        <form
          className="status-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!orderStatus && !paymentChanged) {
              setProblem("Choose a new order status or payment status.");
              return;
            }
            if (orderStatus === "Cancelled") setConfirmCancel(true);
            else save();
          }}
        >
          {!closed && (
            <div className="field">
              <label htmlFor="orderStatus">New order status</label>
              <select id="orderStatus" value={orderStatus} onChange={(e) => setOrderStatus(e.target.value)}>
                <option value="">Keep {order.orderStatus}</option>
                {options.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="paymentStatus">New payment status</label>
            <select
              id="paymentStatus"
              value={paymentStatus}
              disabled={!isManualPaymentStatus(order.paymentStatus) || order.paymentStatus === "Paid"}
              onChange={(e) => setPaymentStatus(e.target.value)}
            >
              {!isManualPaymentStatus(order.paymentStatus) && <option value={order.paymentStatus}>{order.paymentStatus}</option>}
              {MANUAL_PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn" disabled={mutation.isPending}>
            {mutation.isPending ? "Saving..." : "Save status"}
          </button>
        </form>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel line ${order.orderId} of order ${order.productOrderId}?`}
        message="The order will be Cancelled and its quantity put back in stock. This cannot be undone."
        confirmLabel="Cancel order"
        onConfirm={save}
        onCancel={() => setConfirmCancel(false)}
      />
    </section>
  );
}

/** Approve or reject a return the customer asked for, then mark an approved one refunded. */
export function ReturnDecision({ order }: { order: Order }) {
  const invalidate = useInvalidateOrders();
  const mutation = trpc.orders.decideReturn.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (order.returnStatus === "Pending") return null;
  const decide = (returnStatus: "Approved" | "Rejected" | "Refunded") => mutation.mutate({ orderId: order.orderId, returnStatus });
  return (
    <section className="card status-card" aria-labelledby="return-title">
      <h2 id="return-title">Return request</h2>
      <p>
        Return status <StatusBadge value={order.returnStatus} />
        {order.returnReason && <> · Reason: {order.returnReason}</>}
        {order.returnRequestedAt && <> · Asked {formatDateTime(order.returnRequestedAt)}</>}
      </p>
      {order.returnStatus === "Requested" && (
        <div className="toolbar">
          <button type="button" className="btn" disabled={mutation.isPending} onClick={() => decide("Approved")}>
            Approve return
          </button>
          <button type="button" className="btn danger" disabled={mutation.isPending} onClick={() => decide("Rejected")}>
            Reject return
          </button>
        </div>
      )}
      {order.returnStatus === "Approved" && (
        <OwnerOnly note="The store's owner marks a return refunded.">
          <button type="button" className="btn" disabled={mutation.isPending} onClick={() => decide("Refunded")}>
            Mark refunded
          </button>
        </OwnerOnly>
      )}
    </section>
  );
}
