// The refund policy (docs/store-spec.md §9): a delivered order may be returned within 7 days, once.
import type { ReturnDecision } from "./statuses.ts";

export const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export interface ReturnFacts {
  orderStatus: string;
  returnStatus: string;
  /** when it was delivered (or cancelled) */
  endDate: Date | string | null;
}

/** Why a return cannot be asked for now, in words for the shopper; null when it can. */
export function whyNoReturn(order: ReturnFacts, now: Date = new Date()): string | null {
  if (order.returnStatus !== "Pending") return `A return for this order is already ${order.returnStatus}.`;
  if (order.orderStatus !== "Completed" || order.endDate === null) return "A return can be asked for once the order is delivered.";
  if (now.getTime() - new Date(order.endDate).getTime() > RETURN_WINDOW_DAYS * DAY_MS)
    return `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed.`;
  return null;
}

export const canRequestReturn = (order: ReturnFacts, now?: Date): boolean => whyNoReturn(order, now) === null;

/** The return status an admin's decision must start from: Approved/Rejected from Requested, Refunded from Approved. */
export const returnDecisionFrom = (decision: ReturnDecision): "Requested" | "Approved" => (decision === "Refunded" ? "Approved" : "Requested");
