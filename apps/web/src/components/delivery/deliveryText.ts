// How delivery terms read on the storefront and in the back office (issue 27).
const day = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** "2026-11-30" (an IST date) → "Mon, 30 Nov" */
export const formatDeliverBy = (isoDay: string): string => day.format(new Date(`${isoDay}T00:00:00Z`));

/** "1–2 days", "3 days", "1 day" */
export const etaText = (min: number | null, max: number | null): string =>
  min === null || max === null ? "—" : min === max ? `${max} day${max === 1 ? "" : "s"}` : `${min}–${max} days`;

/** A PIN code as the API takes it: 6 digits, the first 1–9. */
export const isPincode = (text: string): boolean => /^[1-9]\d{5}$/.test(text);
