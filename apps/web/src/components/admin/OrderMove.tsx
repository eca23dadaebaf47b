import { isClosed, LIFECYCLE_STEPS, lifecycleStep, nextStatuses, type OrderStatus } from "@store/domain";
import { TRPCClientError } from "@trpc/client";
import { useId, useState } from "react";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";

interface Line {
  orderStatus: string;
}

/**
 * Where a whole order may move: no line goes back, so a step after its most advanced open line (or
 * that line's step, when others lag behind it), or Cancelled.
 */
export function orderMoveOptions(lines: readonly Line[]): OrderStatus[] {
  const steps = lines.filter((l) => !isClosed(l.orderStatus)).map((l) => Math.max(0, lifecycleStep(l.orderStatus)));
  if (steps.length === 0) return [];
  const most = Math.max(...steps);
  const lagging = Math.min(...steps) < most;
  return [...(lagging ? [LIFECYCLE_STEPS[most]!] : []), ...nextStatuses(LIFECYCLE_STEPS[most]!)];
}

const storeCodeOf = (e: unknown) => (e instanceof TRPCClientError ? (e.data as { storeCode?: string } | undefined)?.storeCode : undefined);

type Ask = { kind: "unpaid"; message: string } | { kind: "cancel" } | null;

/** "Move order": every open line of the order to one status (POST /orders/{ref}/status). */
export function OrderMove({ productOrderId, lines }: { productOrderId: string; lines: readonly Line[] }) {
  const options = orderMoveOptions(lines);
  const [target, setTarget] = useState<OrderStatus | "">("");
  const [ask, setAsk] = useState<Ask>(null);
  const id = useId();
  const utils = trpc.useUtils();
  const move = trpc.orderDesk.setStatus.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      setAsk(null);
      setTarget("");
      await Promise.all([utils.orderDesk.invalidate(), utils.orders.invalidate(), utils.stats.invalidate(), utils.reports.invalidate()]);
    },
    onError: (e) => {
      if (storeCodeOf(e) === "ORDER_UNPAID") setAsk({ kind: "unpaid", message: errorMessage(e) });
      else {
        setAsk(null);
        toast.error(errorMessage(e));
      }
    },
  });
  if (options.length === 0) return null;
  const send = (force: boolean) => target && move.mutate({ productOrderId, orderStatus: target, force });
  return (
    <form
      className="order-move"
      onSubmit={(e) => {
        e.preventDefault();
        if (!target) return;
        if (target === "Cancelled") setAsk({ kind: "cancel" });
        else send(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Move order {productOrderId} to
      </label>
      <select id={id} value={target} onChange={(e) => setTarget(e.target.value as OrderStatus | "")}>
        <option value="">Move to…</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button type="submit" className="btn small" disabled={!target || move.isPending} aria-label={`Move order ${productOrderId}`}>
        Move
      </button>
      <ConfirmDialog
        open={ask !== null}
        title={ask?.kind === "unpaid" ? "This order is not paid" : "Cancel the whole order?"}
        message={
          ask?.kind === "unpaid"
            ? ask.message
            : `Every open line of ${productOrderId} is cancelled, its stock goes back, and a paid order gets a credit note and a refund.`
        }
        confirmLabel={ask?.kind === "unpaid" ? "Move anyway" : "Cancel order"}
        busy={move.isPending}
        busyLabel="Moving..."
        tone={ask?.kind === "unpaid" ? "primary" : "danger"}
        onConfirm={() => send(ask?.kind === "unpaid")}
        onCancel={() => setAsk(null)}
      />
    </form>
  );
}
