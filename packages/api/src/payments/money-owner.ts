// Money states are the owner's (issue 22): marking a payment Paid, recording or approving a refund,
// sending money out through the gateway. Staff may do the order's work, never those.
import type { AdminRole } from "@store/validators";
import type { AuthedContext } from "../platform/context-guards.ts";
import { StoreError } from "../platform/errors.ts";

/** An admin procedure's context carries the account's role (trpc.ts adminProcedure). */
export type RoleAwareContext = AuthedContext & { adminRole?: AdminRole };

export const isStoreOwner = (ctx: RoleAwareContext): boolean => ctx.auth.role === "admin" && ctx.adminRole === "owner";

export function assertStoreOwner(ctx: RoleAwareContext, what: string): void {
  if (!isStoreOwner(ctx)) throw new StoreError(403, "OWNER_ONLY", `Only the store's owner can ${what}.`);
}
