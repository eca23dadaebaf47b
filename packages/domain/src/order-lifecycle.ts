// Which order status may follow which (docs/decisions.md, issue 3).
import { ORDER_STATUSES, type OrderStatus } from "./statuses.ts";

/** The forward steps, without Cancelled. */
export const LIFECYCLE_STEPS = ORDER_STATUSES.filter((s): s is Exclude<OrderStatus, "Cancelled"> => s !== "Cancelled");

/** 0 for Shipped … 3 for Completed; -1 for Cancelled or an unknown word. */
export const lifecycleStep = (status: string): number => (LIFECYCLE_STEPS as readonly string[]).indexOf(status);

/** Completed and Cancelled orders can no longer change. */
export const isClosed = (status: string): boolean => status === "Completed" || status === "Cancelled";

/** The statuses an open order may move to: any later step (steps may be skipped) or Cancelled. */
export function nextStatuses(current: string): OrderStatus[] {
  if (isClosed(current)) return [];
  return [...LIFECYCLE_STEPS.slice(lifecycleStep(current) + 1), "Cancelled"];
}

export type StatusChangeRefusal = { ok: false; reason: string };

/** Why `from` cannot move to `to`, or ok. */
export function checkStatusChange(from: string, to: OrderStatus): { ok: true } | StatusChangeRefusal {
  if (isClosed(from)) return { ok: false, reason: `is ${from} and can no longer change` };
  if (to !== "Cancelled" && lifecycleStep(to) < lifecycleStep(from)) return { ok: false, reason: `cannot go back from ${from} to ${to}` };
  return { ok: true };
}

/** What follows from a line's status change: delivering or cancelling ends it; cancelling puts the stock back. */
export function effectsOf(to: OrderStatus): { ends: boolean; restock: boolean } {
  if (to === "Completed") return { ends: true, restock: false };
  if (to === "Cancelled") return { ends: true, restock: true };
  return { ends: false, restock: false };
}

/** Cash on delivery is collected when the order is delivered: every line not cancelled is Completed (and one is). */
export function cashCollected(lineStatuses: readonly string[]): boolean {
  const live = lineStatuses.filter((s) => s !== "Cancelled");
  return live.length > 0 && live.every((s) => s === "Completed");
}

/** The tracker's steps as the spec's old clients read them: confirmed, on the way, ready for pickup. */
export function trackerFlags(status: string): { confirmOrder: boolean; onTheWay: boolean; pickUp: boolean } {
  const cancelled = status === "Cancelled";
  const step = lifecycleStep(status);
  return { confirmOrder: !cancelled, onTheWay: !cancelled && step >= 1, pickUp: !cancelled && step >= 2 };
}
