// FENCED WORKAROUND (server rendering without TanStack Router's SSR entry points).
//
// In the browser, <RouterProvider> wraps the route matches in a React <Suspense> boundary unless
// the router was hydrated by TanStack's own SSR client (RouterClient / hydrate(), which read the
// router state the server streams as inline <script>s: refused by our CSP, and not part of the
// { head, html, state, status } contract apps/server/src/ssr.ts renders with). On the server
// <RouterProvider> renders no such boundary, so the browser found one boundary more than the
// server's markup: React threw the markup away and rendered the page again (a flash, and the
// first paint's work lost). The old fix set `router.ssr` in the browser, a property only the
// library's SSR client is meant to set.
//
// Here the server renders the same boundary instead, with public React API only. It relies on the
// browser's <RouterProvider> rendering exactly one <Suspense> around the matches (and none at the
// root route: no pendingComponent there). ssr-boundary.test.ts compares the two renders, so an
// upgrade that changes this fails the unit tests (and e2e/store/browse.spec.ts's hydration test).
import { Suspense, type ReactNode } from "react";

/** Wraps the server render of <RouterProvider> in the boundary the browser's <RouterProvider> has. */
export function BrowserRouterBoundary({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
