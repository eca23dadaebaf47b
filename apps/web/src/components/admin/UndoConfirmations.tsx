import { useEffect, useState } from "react";
import { formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useIsStaff } from "./OwnerOnly";

type Undoable = RouterOutputs["payments"]["undoable"]["items"][number];

const clock = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit" });

/**
 * The UPI confirmations that may still be undone (GET /payments/undoable), each with "Undo" until its
 * undoUntil (POST /payments/{ref}/confirm/undo). Read from the server, so a reload keeps them; only
 * the owner sees them (undoing is the owner's, as confirming is). `productOrderId`: that order's only.
 */
export function UndoConfirmations({ productOrderId }: { productOrderId?: string }) {
  const staff = useIsStaff();
  const query = trpc.payments.undoable.useQuery(undefined, { enabled: !staff });
  const [now, setNow] = useState(() => Date.now());
  const items = (query.data?.items ?? []).filter((c) => !productOrderId || c.productOrderId === productOrderId);
  useEffect(() => {
    if (items.length === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, [items.length]);
  const open = items.filter((c) => new Date(c.undoUntil).getTime() > now);
  if (staff || open.length === 0) return null;
  return (
    <ul className="undo-list" aria-label="Payments just confirmed">
      {open.map((c) => (
        <UndoItem key={c.productOrderId} confirmed={c} />
      ))}
    </ul>
  );
}

function UndoItem({ confirmed: c }: { confirmed: Undoable }) {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.payments.invalidate(), utils.orders.invalidate(), utils.orderDesk.invalidate(), utils.reports.invalidate()]);
  const undo = trpc.payments.undoConfirm.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      await refresh();
    },
    onError: async (e) => {
      toast.error(errorMessage(e));
      await refresh();
    },
  });
  return (
    <li className="undo-item">
      {/* the live region inside the item: a role on the <li> itself would take it out of its list */}
      <span role="status">
        Payment of {formatINR(c.amount)} for {c.productOrderId} ({c.customerName}) confirmed. The customer is mailed at {clock.format(new Date(c.undoUntil))}.
      </span>{" "}
      <button
        type="button"
        className="btn small secondary"
        disabled={undo.isPending}
        onClick={() => undo.mutate({ productOrderId: c.productOrderId })}
        aria-label={`Undo confirmation of ${c.productOrderId}`}
      >
        Undo
      </button>
    </li>
  );
}
