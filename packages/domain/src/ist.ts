// Indian Standard Time calendar days (UTC+05:30, no daylight saving): reports and their date
// filters count days as a shop in India does.
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The instant an IST calendar day ("2026-11-25") begins. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The instant the IST calendar day after `day` begins (an exclusive end). */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + DAY_MS);
}

/** The IST calendar day of an instant, as YYYY-MM-DD. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type Interval = "day" | "week" | "month";

/** The first day of the bucket a day falls in: itself, the Monday of its week, or the 1st of its month. */
export function bucketStart(day: string, interval: Interval): string {
  if (interval === "day") return day;
  if (interval === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket from the one holding `from` to the one holding `to`, in order. */
export function bucketsBetween(from: string, to: string, interval: Interval): string[] {
  const out: string[] = [];
  for (let day = bucketStart(from, interval); day <= to;) {
    out.push(day);
    day = interval === "day" ? addDays(day, 1) : interval === "week" ? addDays(day, 7) : nextMonth(day);
  }
  return out;
}

function nextMonth(firstOfMonth: string): string {
  const [y, m] = firstOfMonth.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The interval a chart of this range reads best in: days up to 90 days, weeks up to a year, then months. */
export function defaultInterval(from: string, to: string): Interval {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days <= 90 ? "day" : days <= 366 ? "week" : "month";
}
