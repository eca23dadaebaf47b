// When a parcel arrives (issue 27, contracts/delivery.md): the shop dispatches on working days, an
// order after the day's cut-off (IST) counts from the next working day, and the courier takes up to
// the zone's etaDaysMax working days from dispatch.
import { addDays, istDay } from "./ist.ts";

export const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DispatchCalendar {
  /** "HH:MM" IST; an order placed after it counts from the next working day */
  dispatchCutoff: string;
  /** weekdays ("SUN") and ISO dates ("2026-01-26") the shop does not dispatch or deliver */
  nonWorkingDays: readonly string[];
}

const IST_OFFSET_MS = 330 * 60_000;

/** Why the cut-off is not a time of day, or null. */
export const whyBadCutoff = (text: string): string | null =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? null : "The dispatch cut-off is a time of day in 24-hour form, e.g. 14:00.";

/** Why an entry of nonWorkingDays is neither a weekday (SUN…SAT) nor a real ISO date, or null. */
export function whyBadNonWorkingDay(text: string): string | null {
  if ((WEEKDAYS as readonly string[]).includes(text)) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text) return null;
  return `"${text}" is neither a weekday (SUN, MON … SAT) nor a date (YYYY-MM-DD).`;
}

/** Whether the shop works on an IST day (YYYY-MM-DD). */
export function isWorkingDay(day: string, calendar: Pick<DispatchCalendar, "nonWorkingDays">): boolean {
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as Weekday;
  return !calendar.nonWorkingDays.includes(weekday) && !calendar.nonWorkingDays.includes(day);
}

/** The first working day on or after `day`; a calendar with every day off is read as working every day. */
function workingOnOrAfter(day: string, calendar: DispatchCalendar): string {
  for (let d = day, i = 0; i < 370; d = addDays(d, 1), i++) if (isWorkingDay(d, calendar)) return d;
  return day;
}

/** The IST day an order placed at `at` is dispatched: today before the cut-off on a working day, else the next working day. */
export function dispatchDay(at: Date, calendar: DispatchCalendar): string {
  const today = istDay(at);
  const minutes = Math.floor(((at.getTime() + IST_OFFSET_MS) % 86_400_000) / 60_000);
  const [h, m] = calendar.dispatchCutoff.split(":").map(Number) as [number, number];
  const afterCutoff = minutes > h * 60 + m;
  return workingOnOrAfter(afterCutoff ? addDays(today, 1) : today, calendar);
}

/** `deliverBy`: the dispatch day plus `etaDays` working days, as an IST date YYYY-MM-DD. */
export function deliverBy(at: Date, etaDays: number, calendar: DispatchCalendar): string {
  let day = dispatchDay(at, calendar);
  for (let left = etaDays; left > 0; left--) day = workingOnOrAfter(addDays(day, 1), calendar);
  return day;
}
