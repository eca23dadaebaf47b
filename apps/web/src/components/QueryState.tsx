import type { ReactNode } from "react";
import { errorMessage } from "../lib/trpc";

/** Loading, error (with retry) and empty states, shared by every list and detail screen. */
export function QueryState<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined) return <ErrorBox error={query.error} onRetry={() => query.refetch()} />;
  if (empty && isEmpty?.(query.data)) return <p className="empty">{empty}</p>;
  return <>{children(query.data)}</>;
}

export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="error-box" role="alert">
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
