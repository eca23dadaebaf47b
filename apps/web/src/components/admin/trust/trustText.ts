// What the back office's complaint and review screens share (issue 31): the API's types, a refusal
// as the screens show it, the clock re-read while a screen is open, the month of a report.
import { useEffect, useState } from "react";
import { errorMessage, storeCodeOf, trpc, type RouterOutputs } from "../../../lib/trpc";

export type GrievanceRow = RouterOutputs["grievances"]["list"]["items"][number];
export type GrievanceDetail = RouterOutputs["grievances"]["byTicket"];
export type AdminReview = RouterOutputs["reviews"]["list"]["items"][number];

/** "STATUS_ORDER: That move is not allowed." — the code helps when the owner asks for help. */
export function refusalText(error: unknown): string {
  const code = storeCodeOf(error);
  const message = errorMessage(error);
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}

/** The clock, re-read every minute, so "3 h left" stays right while the screen is open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** This month in India, "2026-11" (a report's default). */
export const istMonth = (now = Date.now()) => new Date(now + 330 * 60_000).toISOString().slice(0, 7);

/** After a ticket changes: its page and the Complaints list (and the dashboard's count). */
export function useGrievanceRefresh() {
  const utils = trpc.useUtils();
  return () => utils.grievances.invalidate();
}

export function useReviewRefresh() {
  const utils = trpc.useUtils();
  return () => utils.reviews.invalidate();
}
