// Grievance tickets (issue 31, contracts/grievances.md): the Consumer Protection (E-Commerce) Rules,
// 2020, rule 4 clocks — acknowledge within 48 hours, redress within one month — and the ticket's moves.
import { indiaDateStamp } from "./delivery.ts";

export const GRIEVANCE_CATEGORIES = ["ORDER", "PAYMENT", "REFUND", "DELIVERY", "PRODUCT_QUALITY", "RETURN", "OTHER"] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

/** the category in a shopper's words */
export const GRIEVANCE_CATEGORY_WORDS: Readonly<Record<GrievanceCategory, string>> = {
  ORDER: "My order",
  PAYMENT: "A payment",
  REFUND: "A refund",
  DELIVERY: "Delivery",
  PRODUCT_QUALITY: "Product quality",
  RETURN: "A return",
  OTHER: "Something else",
};

export const GRIEVANCE_STATUSES = ["Open", "Acknowledged", "In progress", "Resolved", "Rejected", "Closed"] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** statuses an officer may move a ticket to (POST /grievances/{ticketNumber}/status) */
export const GRIEVANCE_TARGET_STATUSES = ["In progress", "Resolved", "Rejected"] as const;
export type GrievanceTargetStatus = (typeof GRIEVANCE_TARGET_STATUSES)[number];

/** a ticket the store has answered for good: it no longer runs the resolve-by clock */
export const GRIEVANCE_FINISHED: readonly GrievanceStatus[] = ["Resolved", "Rejected", "Closed"];

export const ACKNOWLEDGE_HOURS = 48;
/** days after a ticket is resolved (or rejected) during which the complainant's message reopens it */
export const REOPEN_DAYS = 14;
/** the least words a resolution or a rejection's reason has */
export const GRIEVANCE_ANSWER_MIN = 10;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** "GRV-YYYYMMDD-000123": the IST day filed and the serial of the gap-free counter. */
export const grievanceTicketNumber = (at: Date, serial: number): string => `GRV-${indiaDateStamp(at)}-${String(serial).padStart(6, "0")}`;

export const TICKET_NUMBER_PATTERN = /^GRV-\d{8}-\d{6,}$/;

/** acknowledgeBy: filed + 48 hours */
export const acknowledgeByOf = (createdAt: Date): Date => new Date(createdAt.getTime() + ACKNOWLEDGE_HOURS * HOUR_MS);

/**
 * resolveBy: filed + one calendar month on India's clock, at the same time of day; a day the next month
 * lacks (the 31st, or the 29th–31st before February) becomes that month's last day.
 */
export function resolveByOf(createdAt: Date): Date {
  const wall = new Date(createdAt.getTime() + IST_OFFSET_MS);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  const moved = Date.UTC(year, month, day, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
  return new Date(moved - IST_OFFSET_MS);
}

/** overdue: not answered for good and its resolve-by time has passed */
export const isGrievanceOverdue = (t: { status: string; resolveBy: Date }, now: Date): boolean =>
  !GRIEVANCE_FINISHED.includes(t.status as GrievanceStatus) && t.resolveBy.getTime() < now.getTime();

/** The end of the window in which a resolved or rejected ticket may be reopened by the complainant. */
export const reopenUntil = (resolvedAt: Date): Date => new Date(resolvedAt.getTime() + REOPEN_DAYS * DAY_MS);

/**
 * What a complainant's message does to the ticket: `stay` (still open), `reopen` (Resolved or Rejected
 * within 14 days: back to In progress, resolveBy kept), or `closed` (past 14 days, or Closed: 409 TICKET_CLOSED).
 */
export function complainantMessageEffect(t: { status: string; resolvedAt: Date | null }, now: Date): "stay" | "reopen" | "closed" {
  if (t.status === "Closed") return "closed";
  if (t.status !== "Resolved" && t.status !== "Rejected") return "stay";
  if (!t.resolvedAt || now.getTime() > reopenUntil(t.resolvedAt).getTime()) return "closed";
  return "reopen";
}

const MOVES: Readonly<Record<GrievanceStatus, readonly GrievanceStatus[]>> = {
  Open: ["Acknowledged", "In progress"],
  Acknowledged: ["In progress"],
  "In progress": ["Resolved", "Rejected"],
  // reopen
  Resolved: ["In progress"],
  Rejected: ["In progress"],
  Closed: [],
};

/** Whether an officer may move a ticket from `from` to `to` (else 409 STATUS_ORDER). */
export const canMoveGrievance = (from: string, to: string): boolean => (MOVES[from as GrievanceStatus] ?? []).includes(to as GrievanceStatus);

/** the statuses a ticket in `from` may be moved to, for the back office's choices */
export const grievanceMovesFrom = (from: string): readonly GrievanceStatus[] => MOVES[from as GrievanceStatus] ?? [];

/** The rule's timelines in words, for the complaint page and the acknowledgement. */
export const GRIEVANCE_TIMELINE_WORDS = [
  "We acknowledge every complaint at once, and always within 48 hours, with a ticket number.",
  "We resolve it within one month of receiving it, and tell you what we did.",
  `If you are not satisfied with the answer, reply within ${REOPEN_DAYS} days and the ticket opens again.`,
  "You may also approach the National Consumer Helpline (1800-11-4000) or file on e-Daakhil.",
] as const;
