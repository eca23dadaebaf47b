// Tokens: the customer's in localStorage "token" (spec §6), the admin's in "adminToken".
// The payload is only read here to route the user; the server checks every token.
const CUSTOMER_KEY = "token";
const CUSTOMER_ID_KEY = "customerId";
const ADMIN_KEY = "adminToken";

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
  notify();
}

export function clearCustomerSession() {
  storage()?.removeItem(CUSTOMER_KEY);
  storage()?.removeItem(CUSTOMER_ID_KEY);
  notify();
}

export function saveAdminSession(token: string) {
  storage()?.setItem(ADMIN_KEY, token);
  notify();
}

export function clearAdminSession() {
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
