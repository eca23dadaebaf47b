import { redirect } from "@tanstack/react-router";
import { customerSession } from "../../../lib/auth";

/**
 * Guard of a customer's page whose address names no customer (/my-complaints, /rate/…): without a
 * session, to the login and back. The server renders these pages' skeleton (the token lives in the
 * browser), so it lets them through.
 */
export function requireSignedIn({ location }: { location: { href: string } }) {
  if (typeof window === "undefined") return;
  if (!customerSession()) throw redirect({ to: "/customerLogin", search: { redirect: location.href } });
}
