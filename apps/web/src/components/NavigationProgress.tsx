import { useEffect, useState } from "react";
import { useRouterState } from "@tanstack/react-router";

/** How long a navigation may take before the page says it is loading (a quick one shows only the bar). */
export const SLOW_NAVIGATION_MS = 300;

/**
 * While the next page loads on a client-side navigation (issue 18: its data or its code; the old
 * page used to stay with no feedback): a slim bar at the top of the window, and once it takes
 * longer than SLOW_NAVIGATION_MS (issue 23: a hairline is easy to miss on a phone) a "Loading the
 * next page…" notice, announced politely, with the current page dimmed under it (styles/phone.css).
 * Rendered only while the router is pending: never in the server's markup, nor during hydration
 * (main.tsx finishes loading before it hydrates).
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === "pending" });
  const slow = useSlow(loading);
  if (!loading) return null;
  return (
    <>
      <div className="nav-progress" role="progressbar" aria-label="Loading the next page" aria-valuetext="Loading..." />
      {slow && (
        <div className="nav-pending" role="status" aria-live="polite">
          <span className="nav-pending-spinner" aria-hidden="true" />
          Loading the next page…
        </div>
      )}
    </>
  );
}

/** True once `active` has stayed true for SLOW_NAVIGATION_MS; false again as soon as it ends. */
function useSlow(active: boolean): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), SLOW_NAVIGATION_MS);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active]);
  return active && elapsed;
}
