// The complaint clocks in words (issue 31): "2 d 4 h left" while there is time, "Overdue by 3 days" once
// the deadline has passed, so the officer sees at a glance which ticket the law's clock is running out on.
import { timeLeft } from "../../store/timeLeft";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ClockWords {
  words: string;
  late: boolean;
}

/** The time left to `deadline` at `now`, or how long ago it passed (whole days, or hours under a day). */
export function clockWords(deadline: Date | string, now: number): ClockWords {
  const at = new Date(deadline);
  const left = timeLeft(at, now);
  if (left) return { words: `${left} left`, late: false };
  const past = now - at.getTime();
  if (past < DAY) {
    const hours = Math.max(1, Math.floor(past / HOUR));
    return { words: `Overdue by ${hours} ${hours === 1 ? "hour" : "hours"}`, late: true };
  }
  const days = Math.floor(past / DAY);
  return { words: `Overdue by ${days} ${days === 1 ? "day" : "days"}`, late: true };
}
