// Server-side rendering of the storefront's public pages (issue 7: a client-rendered page first
// painted after ~4.5 s on Lighthouse's mobile profile). Built by `vite build --ssr` into
// dist-server/ and called by apps/server/src/ssr.ts with a tRPC client that runs procedures
// in-process. Pages that need a login (customer screens, back office) are not rendered here:
// the server has no token, so it sends the plain app shell for them.
import { renderToString } from "react-dom/server";
import { dehydrate } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import superjson from "superjson";
import { trpc, type TrpcClient } from "./lib/trpc";
import { adminPagePaths } from "./lib/admin-routes";
import { isPage, NotFoundReportContext } from "./lib/page-status";
import { BrowserRouterBoundary } from "./lib/ssr-boundary";
import { AppProviders, createAppRouter, createQueryClient } from "./router";

export { SSR_STATE_ID } from "./ssr-state";

/** Routes rendered in the browser only: they depend on the visitor's token. */
const CLIENT_ONLY = /^\/(_customer|_admin|AdminLogin$|product\/|singleProductDetails\/\$customerId\/)/;

const HOISTED = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>[^<]*<\/title>)+/;

export interface RenderResult {
  /** <title>, resource hints (image preloads), the canonical <link> and Open Graph <meta> for the document's <head> */
  head: string;
  /** markup for <div id="root"> */
  html: string;
  /** superjson text of the dehydrated query cache */
  state: string;
  status: number;
  /** false when a query failed while rendering (the page shows an error state): not to be kept */
  complete: boolean;
}

/** Renders `url` for a guest, or returns null when the page is client-only; `site.publicUrl` is PUBLIC_URL (lib/public-url.ts). */
export async function render(url: string, client: TrpcClient, site: { publicUrl: string } = { publicUrl: "" }): Promise<RenderResult | null> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, client, createMemoryHistory({ initialEntries: [url] }));
  const pathname = new URL(url, "http://store.local").pathname;
  // an address that is no page is rendered (the not-found page, 404), even under a client-only route
  if (isPage(router, pathname) && router.matchRoutes(pathname, {}).some((m) => CLIENT_ONLY.test(m.routeId))) return null;
  await router.load();
  // a guard or an old address (/term-use.html) redirected: the server's router then renders no
  // match at all (empty markup the browser's page would not hydrate), and the browser follows it
  if (router.state.matches.length === 0 || router.state.location.pathname !== pathname) return null;
  let notFoundShown = false;
  const reportNotFound = () => {
    notFoundShown = true;
  };
  const markup = renderToString(
    <NotFoundReportContext.Provider value={reportNotFound}>
      <AppProviders queryClient={queryClient} client={client} publicUrl={site.publicUrl}>
        {/* the boundary main.tsx's <RouterProvider> renders in the browser, so the markup hydrates */}
        <BrowserRouterBoundary>
          <RouterProvider router={router} />
        </BrowserRouterBoundary>
      </AppProviders>
    </NotFoundReportContext.Provider>,
  );
  const notFound = notFoundShown || router.state.matches.some((m) => m.status === "notFound");
  // React puts the hoistable elements it met (<title>, image preloads) before the markup; they
  // belong in <head>: left inside the root they break hydration
  const head = HOISTED.exec(markup)?.[0] ?? "";
  const complete = queryClient
    .getQueryCache()
    .getAll()
    .every((q) => q.state.status !== "error");
  return { head, html: markup.slice(head.length), state: superjson.stringify(dehydrate(queryClient)), status: notFound ? 404 : 200, complete };
}

/** The back office's pages as the route tree has them (lib/admin-routes.ts), for the browser tests that visit every one. */
export function adminPages(): string[] {
  // a router that loads nothing: its client has no link to call through
  return adminPagePaths(createAppRouter(createQueryClient(), trpc.createClient({ links: [] }), createMemoryHistory()));
}
