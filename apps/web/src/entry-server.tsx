// Server-side rendering of the storefront's pages (issue 7: a client-rendered page first painted
// after ~4.5 s on Lighthouse's mobile profile). Built by `vite build --ssr` into dist-server/ and
// called by apps/server/src/ssr.ts with a tRPC client that runs procedures in-process, as a guest.
// The pages with a customer id in the address (issue 23) are rendered as a guest sees them — the
// catalogue for /product/{customerId} and /singleProductDetails/{customerId}/{productId}, the
// skeleton of a personal screen (routes/_customer.tsx) — unless the request is that customer's
// (their session cookie, apps/server/src/plugins/session.ts): then the personal screen is rendered
// with their data, through a client acting as them. The browser's guard runs before it takes any
// of them over. Only the back office is not rendered here: it gets the plain app shell.
import { renderToString } from "react-dom/server";
import { dehydrate, skipToken, type Query, type QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import superjson from "superjson";
import { trpc, type TrpcClient } from "./lib/trpc";
import { adminPagePaths } from "./lib/admin-routes";
import { isPage, NotFoundReportContext } from "./lib/page-status";
import { SERVER_RENDER_KEY, ServerRenderContext, type ServerRender } from "./lib/server-render";
import { BrowserRouterBoundary } from "./lib/ssr-boundary";
import { AppProviders, createAppRouter, createQueryClient, type AppRouter } from "./router";

export { SSR_STATE_ID } from "./ssr-state";

/** Routes rendered in the browser only: the back office. */
const CLIENT_ONLY = /^\/(_admin|AdminLogin$)/;
/** The customer's own screens: the server renders their skeleton, which shows no data, or the screen for its own customer. */
const PERSONAL = /^\/_customer\//;
/**
 * Renders of a customer's screen with their data: each one may show parts whose data the previous
 * one asked for (a form inside a loaded product); My Orders takes two, the checkout three.
 */
const MAX_PASSES = 5;

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
  /** a customer's own screen: one address per customer, cheap to render as its skeleton, its content for one customer only — not worth keeping */
  personal: boolean;
  /** a customer's own screen rendered with their data (not its skeleton) */
  viewer: boolean;
}

/**
 * Renders `url` for a guest, or returns null when the page is client-only; `site.publicUrl` is
 * PUBLIC_URL (lib/public-url.ts). `viewerFor` gives a client acting as the customer a personal
 * screen's address names when the request is that customer's (else null): the screen is then
 * rendered with their data.
 */
export async function render(
  url: string,
  client: TrpcClient,
  site: { publicUrl: string } = { publicUrl: "" },
  viewerFor?: (customerId: number) => Promise<TrpcClient | null>,
): Promise<RenderResult | null> {
  const pathname = new URL(url, "http://store.local").pathname;
  const matched = routesOf(pathname);
  // an address that is no page is rendered (the not-found page, 404), even under a client-only route
  if (matched.some((m) => CLIENT_ONLY.test(m.routeId))) return null;
  const personal = matched.some((m) => PERSONAL.test(m.routeId));
  const customerId = Number(matched.map((m) => m.params.customerId).find(Boolean));
  const viewer = personal && viewerFor && customerId > 0 ? await viewerFor(customerId) : null;
  if (viewer) {
    const own = await renderPage(url, pathname, viewer, site, { customerId, serverRender: { renderedAt: Date.now() } });
    // a query that failed (another customer's order: not found) shows an error the browser's first
    // render, without that query's data, would not: the skeleton, and the browser shows the error
    if (!own || own.complete) return own;
  }
  // a personal screen's loaders would fetch the customer's data as a guest: they get a client that calls nothing
  return renderPage(url, pathname, personal ? callsNothing() : client, site, null, personal);
}

/** One page rendered with `calls`: as a guest sees it, as a personal screen's skeleton, or (`own`) with the customer's data. */
async function renderPage(
  url: string,
  pathname: string,
  calls: TrpcClient,
  site: { publicUrl: string },
  own: { customerId: number; serverRender: ServerRender } | null,
  skeleton = false,
): Promise<RenderResult | null> {
  const serverRender = own?.serverRender ?? null;
  const queryClient = createQueryClient();
  // …at once: not retried (a loader that waits for its data would otherwise hold the page seconds)
  if (skeleton || serverRender) queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createAppRouter(queryClient, calls, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // a guard or an old address (/term-use.html) redirected: the server's router then renders no
  // match at all (empty markup the browser's page would not hydrate), and the browser follows it
  if (router.state.matches.length === 0 || router.state.location.pathname !== pathname) return null;
  let notFoundShown = false;
  const reportNotFound = () => {
    notFoundShown = true;
  };
  const draw = () =>
    renderToString(
      <NotFoundReportContext.Provider value={reportNotFound}>
        <ServerRenderContext.Provider value={serverRender}>
          <AppProviders queryClient={queryClient} client={calls} publicUrl={site.publicUrl}>
            {/* the boundary main.tsx's <RouterProvider> renders in the browser, so the markup hydrates */}
            <BrowserRouterBoundary>
              <RouterProvider router={router} />
            </BrowserRouterBoundary>
          </AppProviders>
        </ServerRenderContext.Provider>
      </NotFoundReportContext.Provider>,
    );
  let markup: string;
  if (own) {
    // the browser's guard (components/store/session.ts) checks the customer's record before it
    // hydrates the page: it comes with the page, and the header shows the customer at once
    void router.options.context.trpc.customers.details.prefetch({ customerId: own.customerId });
    // a customer's screen fetches its data in its components, which a server render does not run:
    // each render asks for what it shows, fetched before the next, until it asks for nothing new
    await settle(queryClient);
    markup = draw();
    for (let pass = 1; pass < MAX_PASSES && (await settle(queryClient)); pass++) markup = draw();
  } else {
    markup = draw();
  }
  const notFound = notFoundShown || router.state.matches.some((m) => m.status === "notFound");
  // React puts the hoistable elements it met (<title>, image preloads) before the markup; they
  // belong in <head>: left inside the root they break hydration
  const head = HOISTED.exec(markup)?.[0] ?? "";
  const complete = queryClient
    .getQueryCache()
    .getAll()
    .every((q) => q.state.status !== "error");
  const state = { ...dehydrate(queryClient), ...(serverRender ? { [SERVER_RENDER_KEY]: serverRender } : {}) };
  return {
    head,
    html: markup.slice(head.length),
    state: superjson.stringify(state),
    status: notFound ? 404 : 200,
    complete,
    personal: skeleton || serverRender !== null,
    viewer: serverRender !== null,
  };
}

/** Whether a query a render built would fetch in the browser: not turned off (`enabled: false`, skipToken). */
function enabled(query: Query): boolean {
  const options = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  if (options.queryFn === skipToken) return false;
  return typeof options.enabled === "function" ? options.enabled(query) : options.enabled !== false;
}

/**
 * Waits for the queries without data that are being fetched (the loaders' prefetches) or that a
 * render asked for (its useQuery calls, which fetch only in the browser); whether there were any.
 */
async function settle(queryClient: QueryClient): Promise<boolean> {
  const waiting = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === "pending" && (q.state.fetchStatus === "fetching" || enabled(q)) });
  // an in-flight query's fetch is joined, not repeated; a failure stays in the query's state
  await Promise.all(waiting.map((q) => queryClient.prefetchQuery({ ...q.options, queryKey: q.queryKey })));
  return waiting.length > 0;
}

/** A tRPC client with no link to call through: every call fails at once, nothing runs. */
const callsNothing = () => trpc.createClient({ links: [] });

/** A router that loads nothing, for questions about the route tree. */
const treeRouter = () => createAppRouter(createQueryClient(), callsNothing(), createMemoryHistory());
let matcher: AppRouter | undefined;

/** The routes a page's address matches, with their parameters; none when it is no page (lib/page-status.ts). */
function routesOf(pathname: string): { routeId: string; params: { customerId?: string } }[] {
  matcher ??= treeRouter();
  return isPage(matcher, pathname) ? matcher.matchRoutes(pathname, {}).map((m) => ({ routeId: m.routeId, params: m.params as { customerId?: string } })) : [];
}

/** The back office's pages as the route tree has them (lib/admin-routes.ts), for the browser tests that visit every one. */
export function adminPages(): string[] {
  return adminPagePaths(treeRouter());
}
