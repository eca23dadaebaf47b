import type { AuthUser, Context } from "../context.ts";
import { StoreError } from "./errors.ts";

/** A request whose caller is logged in (customer or admin). */
export type AuthedContext = Context & { auth: AuthUser };
/** A request of a logged-in, active customer. */
export type CustomerContext = AuthedContext & { customerId: number };

/** A number typed into a search box that may name a row by id (PostgreSQL int range). */
export const searchedId = (q: string): number | undefined => (/^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : undefined);

/**
 * Another customer's record is answered exactly as a missing one (404, the same words), so its id
 * tells a prober nothing (docs/decisions.md, issue 13); an admin sees every record.
 */
export function assertOwnRecord(auth: AuthUser, customerId: number, notFoundMessage: string): void {
  if (auth.role !== "admin" && auth.customerId !== customerId) throw new StoreError(404, "NOT_FOUND", notFoundMessage);
}
