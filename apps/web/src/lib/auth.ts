// Tokens: the customer's in localStorage "token" (spec §6), the admin's in "adminToken".
// The payload is only read here to route the user; the server checks every token.
//
// The customer's token is also kept in an HttpOnly session cookie (issue 23), which only the
// server's page renderer reads, so a page load of the customer's own screens arrives with their
// data: POST /api/v1/session sets it from the token, DELETE /api/v1/session clears it. The API
// never takes the cookie: calls send the token (authHeader).
const CUSTOMER_KEY = "token";
const CUSTOMER_ID_KEY = "customerId";
const ADMIN_KEY = "adminToken";
/** which token the session cookie was last set for (its signature's tail: no secret beyond the token beside it) */
const COOKIE_MARK_KEY = "sessionCookieFor";
const SESSION_URL = "/api/v1/session";

interface Payload {
  sub?: string;
  role?: string;
  exp?: number;
}

function decode(token: string | null): Payload | null {
  if (!token) return null;
  try {
    const part = token.split(".")[1];
    if (part === undefined) return null;
    return JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))) as Payload;
  } catch {
    return null;
  }
}

function valid(token: string | null, role: string): Payload | null {
  const p = decode(token);
  if (!p || p.role !== role || !p.exp || p.exp * 1000 <= Date.now()) return null;
  return p;
}

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

export function customerSession(): { customerId: number; token: string } | null {
  const token = storage()?.getItem(CUSTOMER_KEY) ?? null;
  const p = valid(token, "customer");
  return p && token ? { customerId: Number(p.sub), token } : null;
}

export function adminSession(): { token: string } | null {
  const token = storage()?.getItem(ADMIN_KEY) ?? null;
  return valid(token, "admin") && token ? { token } : null;
}

export function saveCustomerSession(token: string, customerId: number) {
  storage()?.setItem(CUSTOMER_KEY, token);
  storage()?.setItem(CUSTOMER_ID_KEY, String(customerId));
  startCookieSession(token);
  notify();
}

export function clearCustomerSession() {
  storage()?.removeItem(CUSTOMER_KEY);
  storage()?.removeItem(CUSTOMER_ID_KEY);
  endCookieSession();
  notify();
}

const cookieMark = (token: string) => token.slice(-16);

/**
 * Hands the token to the server, which keeps it in the session cookie. Not waited for: a page
 * loaded before the cookie is set is rendered as its skeleton, as before it existed. A refused
 * token (a session ended elsewhere) sets nothing; the next app start tries again, until the guard
 * finds the session over and clears it.
 */
function startCookieSession(token: string) {
  if (typeof fetch === "undefined") return;
  storage()?.removeItem(COOKIE_MARK_KEY);
  fetch(SESSION_URL, { method: "POST", headers: { Authorization: `Bearer ${token}` }, credentials: "same-origin" })
    .then((res) => {
      // still the stored token: a logout meanwhile must not be marked as a set cookie
      if (res.ok && storage()?.getItem(CUSTOMER_KEY) === token) storage()?.setItem(COOKIE_MARK_KEY, cookieMark(token));
    })
    .catch(() => undefined);
}

/** Clears the session cookie; `keepalive`: sent even when a page is being left. */
function endCookieSession() {
  if (typeof fetch === "undefined") return;
  storage()?.removeItem(COOKIE_MARK_KEY);
  fetch(SESSION_URL, { method: "DELETE", credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

/**
 * At the app's start (main.tsx): a session stored before the cookie existed, or whose cookie was
 * not set (the request failed), gets it; a cookie left without a session (it ended in another
 * tab, its token expired, the storage was cleared) is cleared. `renderedWithCookie`: the server
 * rendered this page with a session cookie's data, so there is one.
 */
export function syncCookieSession(renderedWithCookie: boolean) {
  const session = customerSession();
  if (session) {
    if (storage()?.getItem(COOKIE_MARK_KEY) !== cookieMark(session.token)) startCookieSession(session.token);
  } else if (renderedWithCookie || storage()?.getItem(COOKIE_MARK_KEY)) {
    endCookieSession();
  }
}

export function saveAdminSession(token: string) {
  storage()?.setItem(ADMIN_KEY, token);
  notify();
}

/**
 * Ends the back-office session. With `refused`, only while that token is still the stored one: a
 * check of an older token that answers late must not end a session begun meanwhile (a login in
 * another tab, or a fresh token put in while the old one was being checked).
 */
export function clearAdminSession(refused?: string) {
  if (refused !== undefined && storage()?.getItem(ADMIN_KEY) !== refused) return;
  storage()?.removeItem(ADMIN_KEY);
  notify();
}

/**
 * Whether an address is a back-office page, whose calls send the admin token: the router's answer
 * (lib/admin-routes.ts), given by main.tsx once the router exists. Until then no page is.
 */
let adminPage: (pathname: string) => boolean = () => false;
export function sendAdminTokenOn(isAdminPage: (pathname: string) => boolean): void {
  adminPage = isAdminPage;
}

/** Admin pages send the admin token, every other page the customer's. */
export function authHeader(): Record<string, string> {
  const onAdminPage = typeof window !== "undefined" && adminPage(window.location.pathname);
  const token = onAdminPage ? adminSession()?.token : customerSession()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}
export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
