import { useRouterState } from "@tanstack/react-router";

/**
 * A slim bar at the top of the window while the next page loads on a client-side navigation
 * (issue 18: its data or its code; the old page used to stay with no feedback). Rendered only
 * while the router is pending: never in the server's markup, nor during hydration (main.tsx
 * finishes loading before it hydrates).
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === "pending" });
  if (!loading) return null;
  return <div className="nav-progress" role="progressbar" aria-label="Loading the next page" aria-valuetext="Loading..." />;
}
