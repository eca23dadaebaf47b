// How a server-rendered page tells the server its HTTP status: the not-found page reports itself
// to the render it is part of (entry-server.tsx provides the callback; the browser has none).
import { createContext, useContext } from "react";
import type { AnyRouter } from "@tanstack/react-router";

export const NotFoundReportContext = createContext<(() => void) | null>(null);

/** Called by the not-found page while it renders. */
export function useMarkNotFound(): void {
  useContext(NotFoundReportContext)?.();
}

/**
 * Whether `pathname` is a page of the app (issue 18): a route matches all of it (with valid ids:
 * lib/route-params.ts), and it ends with a slash only where the route's path does (an index
 * route, e.g. /term-use/) or where the spec writes it so (staticData.trailingSlash:
 * /userProfile/{customerId}/). `/singleProductDetails/4/` is the customer's product page with a
 * blank product id, not product 4. The root route shows the not-found page for anything else,
 * and the server answers it with 404, for client-only routes too (entry-server.tsx).
 */
export function isPage(router: AnyRouter, pathname: string): boolean {
  const [, rawParams, route] = router.getMatchedRoutes(pathname);
  // no route, or only the start of the path matched ("**" holds the rest)
  if (!route || "**" in rawParams) return false;
  if (pathname === "/" || !pathname.endsWith("/")) return true;
  return (route.fullPath as string).endsWith("/") || route.options.staticData?.trailingSlash === true;
}

/** Rendered by a page whose record does not exist (a product id no product has): HTTP 404. */
export function NotFoundStatus(): null {
  useMarkNotFound();
  return null;
}
