import type { ReactNode } from "react";
import { trpc } from "../../lib/trpc";

/** What only the store's owner may do (issue 17): staff see why instead of buttons the API would refuse. */
export function OwnerOnly({ children, note }: { children: ReactNode; note: string }) {
  const me = trpc.auth.adminMe.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (me.data?.role === "staff") return <p className="hint">{note}</p>;
  return <>{children}</>;
}
