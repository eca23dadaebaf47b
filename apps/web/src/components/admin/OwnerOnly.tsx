import type { ReactNode } from "react";
import { trpc } from "../../lib/trpc";

/** What a staff account reads where the owner has a form or a button (issue 24). */
export const OWNER_ONLY = "Only the owner can change this.";

/**
 * Whether the signed-in back-office account is staff. The back office's route guard has loaded the
 * account before any screen renders, so a screen knows at once; until then it is taken as the owner
 * (the API refuses staff anyway).
 */
export function useIsStaff(): boolean {
  const me = trpc.auth.adminMe.useQuery(undefined, { staleTime: 5 * 60_000 });
  return me.data?.role === "staff";
}

/** The sentence staff read instead of an owner's form or button, with what the owner does there. */
export function OwnerOnlyNote({ note }: { note?: string }) {
  return (
    <p className="hint owner-only" data-owner-only="">
      <strong>{OWNER_ONLY}</strong>
      {note ? ` ${note}` : null}
    </p>
  );
}

/** What only the store's owner may do (issue 17): staff see why instead of buttons the API would refuse. */
export function OwnerOnly({ children, note }: { children: ReactNode; note?: string }) {
  const staff = useIsStaff();
  if (staff) return <OwnerOnlyNote note={note} />;
  return <>{children}</>;
}

/** A screen only the owner may read (the audit trail, the outbox), as staff opening its address find it. */
export function OwnerOnlyScreen({ title, note }: { title: string; note: string }) {
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>{`${title} | Clean Store Admin`}</title>
      <div className="admin-head">
        <h1 id="page-title">{title}</h1>
      </div>
      <p className="hint owner-only" data-owner-only="">
        <strong>Only the owner can see this.</strong> {note}
      </p>
    </section>
  );
}
