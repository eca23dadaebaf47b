// Parsers for URL search params. Route definitions load with the first page, so these are
// plain functions rather than zod (which would add ~15 KB gzipped to every first visit):
// a value that is missing or not valid falls back to its default, never an error page.

export function oneOf<T extends string>(values: readonly T[], raw: unknown): T | undefined {
  return typeof raw === "string" && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function text(raw: unknown, maxLength: number): string | undefined {
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const value = String(raw).trim();
  return value && value.length <= maxLength ? value : undefined;
}

export function wholeNumber(raw: unknown, min: number, max: number): number | undefined {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** ?token=… of a password-reset link: the text as it came, else "" (the form then says the link is not valid). */
export const tokenSearch = (search: Record<string, unknown>): { token: string } => ({ token: typeof search.token === "string" ? search.token : "" });

/** A path of this site (never another origin), for "back after login". */
export function localPath(raw: unknown): string | undefined {
  return typeof raw === "string" && raw.length <= 2000 && /^\/(?![/\\])/.test(raw) ? raw : undefined;
}

/** Where the admin goes after logging in: only a path on this site (no open redirect), never back to the login. */
export const safeAdminRedirect = (target: string | undefined) =>
  target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/AdminLogin") ? target : undefined;
