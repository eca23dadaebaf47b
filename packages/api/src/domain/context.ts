import type { AuthUser, Context } from "../context.ts";

/** A request whose caller is logged in (customer or admin). */
export type AuthedContext = Context & { auth: AuthUser };
/** A request of a logged-in, active customer. */
export type CustomerContext = AuthedContext & { customerId: number };

/** A number typed into a search box that may name a row by id (PostgreSQL int range). */
export const searchedId = (q: string): number | undefined => (/^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : undefined);
