// Words and small helpers the back office's shipment screens share (issue 28): the shipment type the
// API answers, times in India, a server refusal as the form shows it, what to refresh after a change.
import { errorMessage, fieldErrorsOf, storeCodeOf, trpc, type RouterOutputs } from "../../../lib/trpc";

export type Shipment = RouterOutputs["shipments"]["get"];
export type ShipmentEvent = Shipment["events"][number];

const istDateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "26 Nov 2026, 9:41 am IST" */
export const formatIst = (iso: string | Date) => `${istDateTime.format(new Date(iso))} IST`;

export const COURIER_LABEL: Record<Shipment["courier"], string> = { manual: "Manual (own AWB)", shiprocket: "Shiprocket" };

/** "AWB_TAKEN: That AWB is already on shipment 12." — the code helps when the owner asks for help. */
export function refusalText(error: unknown): string {
  const code = storeCodeOf(error);
  const message = errorMessage(error);
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}

export { fieldErrorsOf };

/** After any shipment change: the shipment lists, the order (its lines moved) and the desk's lists. */
export function useShipmentRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.shipments.invalidate(), utils.orders.invalidate(), utils.orderDesk.invalidate(), utils.payments.invalidate()]);
}

/** A datetime-local value ("2026-11-26T10:30"), read as India time. */
export const istLocalToIso = (local: string) => (local ? new Date(`${local}:00+05:30`).toISOString() : undefined);

/** Today in India, YYYY-MM-DD, moved by `days`. */
export function istDay(days = 0): string {
  const ist = new Date(Date.now() + 330 * 60_000 + days * 86_400_000);
  return ist.toISOString().slice(0, 10);
}

/**
 * The packing queue is oldest first, the desk's list newest first: the list's page that holds the
 * queue's page `queuePage` (the queue's page 1 is the list's last page).
 */
export function listPageOfQueue(queuePage: number, total: number, pageSize: number): number {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(lastPage, Math.max(1, lastPage - queuePage + 1));
}
