// The back office's pages, read from the route tree (routeTree.gen.ts, made from src/routes) rather
// than from a list of names kept by hand (issue 22): a screen added under routes/_admin/ is part of
// the back office, and sends the admin token, without anything else to update.
import type { AnyRouter } from "@tanstack/react-router";

/** The admin login and the admin layout (routes/_admin.tsx) with every screen under it. */
export const isAdminRouteId = (routeId: string): boolean => routeId === "/AdminLogin" || routeId === "/_admin" || routeId.startsWith("/_admin/");

/**
 * Whether `pathname` is a back-office page, by the router's own matching. Like the route's
 * start of an address that is no page (/settings/x): the not-found page there is the back office's too.
 */
export function isAdminPage(router: AnyRouter, pathname: string): boolean {
  const [branch] = router.getMatchedRoutes(pathname);
  return branch.some((route) => isAdminRouteId(route.id as string));
}

/** The back office's pages as the route tree has them, params unfilled: "/AdminLogin", "/Admindashboard", "/oderView/$orderId", … */
export function adminPagePaths(router: AnyRouter): string[] {
  return Object.values(router.routesById as Record<string, { id: string; fullPath: string }>)
    .filter((route) => isAdminRouteId(route.id) && route.id !== "/_admin")
    .map((route) => route.fullPath)
    .sort();
}
