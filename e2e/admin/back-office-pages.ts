// The back office's pages as the web app's route tree has them (apps/web/src/lib/admin-routes.ts),
// read from the built server renderer the store under test runs: a sweep of every admin page
// visits a screen added under apps/web/src/routes/_admin without being told (issue 22).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { must } from "../fixtures";

/** "/AdminLogin", "/Admindashboard", "/oderView/$orderId", … (params unfilled) */
export async function adminPages(): Promise<string[]> {
  // the build the store serves (playwright.config.ts: E2E_WEB_DIST or apps/web/dist)
  const webDist = path.resolve(process.env.E2E_WEB_DIST ?? "apps/web/dist");
  const entry = (await import(pathToFileURL(path.join(`${webDist}-server`, "entry-server.js")).href)) as { adminPages: () => string[] };
  return entry.adminPages();
}

/** `fullPath` with its params filled in: "/oderView/$orderId" and { orderId: 12 } give "/oderView/12". */
export function withParams(fullPath: string, params: Record<string, number | string>): string {
  return fullPath.replace(/\$(\w+)/g, (_, name: string) => String(must(params[name], `a value for $${name} of ${fullPath}`)));
}
