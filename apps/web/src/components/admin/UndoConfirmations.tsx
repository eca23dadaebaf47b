import { useEffect, useState } from "react";
import { formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

export interface Confirmed {
  productOrderId: string;
  amount: number;
  undoUntil: Date;
}

const clock = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit" });

/** The payments just confirmed, each with "Undo" until its undoUntil (POST /payments/{ref}/confirm/undo). */
export function UndoConfirmations({ confirmed, onGone }: { confirmed: Confirmed[]; onGone: (productOrderId: string) => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (confirmed.length === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, [confirmed.length]);
  const open = confirmed.filter((c) => c.undoUntil.getTime() > now);
  if (open.length === 0) return null;
  return (
    <ul className="undo-list" aria-label="Payments just confirmed">
      {open.map((c) => (
        <UndoItem key={c.productOrderId} confirmed={c} onGone={onGone} />
      ))}
    </ul>
  );
}

function UndoItem({ confirmed: c, onGone }: { confirmed: Confirmed; onGone: (productOrderId: string) => void }) {
  const utils = trpc.useUtils();
  const undo = trpc.payments.undoConfirm.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      onGone(c.productOrderId);
      await Promise.all([utils.payments.invalidate(), utils.orders.invalidate(), utils.orderDesk.invalidate(), utils.reports.invalidate()]);
    },
    onError: (e) => {
      toast.error(errorMessage(e));
      onGone(c.productOrderId);
    },
  });
  return (
    <li className="undo-item" role="status">
      Payment of {formatINR(c.amount)} for {c.productOrderId} confirmed. The customer is mailed at {clock.format(c.undoUntil)}.
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
