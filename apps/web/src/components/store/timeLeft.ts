// "Pay within 1 h 20 min": the time left to pay an unpaid UPI order, in words a shopper reads at a
// glance. Rounded up to the minute, so it never says 0 while there is still time.

const MINUTE = 60_000;

/**
 * The time from `now` to `deadline` ("1 h 20 min", "45 min"; hours up to two days, "24 h" rather
 * than "1 d"; then days: "3 d 4 h"), or null once it has passed.
 */
export function timeLeft(deadline: Date, now: number): string | null {
  const ms = deadline.getTime() - now;
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / MINUTE);
  const days = minutes >= 2 * 1440 ? Math.floor(minutes / 1440) : 0;
  const hours = Math.floor((minutes - days * 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
