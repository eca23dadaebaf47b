import { useSyncExternalStore } from "react";
import { redirect } from "@tanstack/react-router";
import { clearCustomerSession, customerSession, onSessionChange } from "../../lib/auth";
import { errorCode, trpc } from "../../lib/trpc";
import type { RouterContext } from "../../routes/__root";

const tokenSnapshot = () => (typeof localStorage === "undefined" ? null : localStorage.getItem("token"));
const subscribe = (cb: () => void) => {
  const off = onSessionChange(cb);
  window.addEventListener("storage", cb);
  return () => {
    off();
    window.removeEventListener("storage", cb);
  };
};

/** The customer session kept in localStorage (re-rendered when it changes). */
export function useCustomerSession() {
  const token = useSyncExternalStore(subscribe, tokenSnapshot, () => null);
  // customerSession() re-reads and checks the token (role, expiry); `token` is only the trigger
  return token ? customerSession() : null;
}

/** The session plus the customer's record; logged in only once the record loads (spec §4, §8). */
export function useCurrentCustomer() {
  const session = useCustomerSession();
  const details = trpc.customers.details.useQuery({ customerId: session?.customerId ?? 0 }, { enabled: Boolean(session), retry: false });
  return {
    session,
    customer: session && details.isSuccess ? details.data : undefined,
    loggedIn: Boolean(session && details.isSuccess),
    /** a session whose record is still on its way */
    loading: Boolean(session && details.isPending),
  };
}

/** A positive whole number from a route parameter, or null (then nothing is fetched). */
export function toId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

const AUTH_FAILURES = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"];

/**
 * Guard of every /{screen}/{customerId}/… route: without a valid token go to the login (and back
 * afterwards); a customerId that is not the logged-in customer's is replaced by the own id, so
 * another customer's data is never asked for. The token is checked with the server once.
 *
 * On the server (issue 23) it lets the page render, for the customer the address names: the token
 * lives in the browser's localStorage, so the server renders these pages as a guest sees them (the
 * catalogue; a personal page's skeleton, routes/_customer.tsx), or a personal page with the data
 * of the customer whose session cookie the request carries when the address is theirs (the server
 * checked the cookie: apps/server/src/plugins/web.ts). The browser runs this guard before it takes
 * the page over (main.tsx), where it still sends a visitor without a token to the login.
 */
export async function requireCustomer({
  location,
  context,
}: {
  location: { href: string; pathname: string; searchStr: string; hash: string };
  context: RouterContext;
}) {
  // the route's params parser has checked the id is a whole number
  if (typeof window === "undefined") return { customerId: Number(location.pathname.split("/")[2]) };
  const session = customerSession();
  if (!session) throw redirect({ to: "/customerLogin", search: { redirect: location.href } });
  const parts = location.pathname.split("/");
  if (parts[2] !== String(session.customerId)) {
    parts[2] = String(session.customerId);
    throw redirect({ href: parts.join("/") + location.searchStr + (location.hash ? `#${location.hash}` : ""), replace: true });
  }
  try {
    await context.trpc.customers.details.ensureData({ customerId: session.customerId });
  } catch (error) {
    if (AUTH_FAILURES.includes(errorCode(error) ?? "")) {
      clearCustomerSession();
      throw redirect({ to: "/customerLogin", search: { redirect: location.href } });
    }
    // a network problem: let the screen show its own error with a retry
  }
  return { customerId: session.customerId };
}

export { clearCustomerSession };
