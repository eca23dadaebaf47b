// The router, query client and providers of the web app, made the same way in the browser
// (main.tsx) and on the server (entry-server.tsx, which pre-renders storefront pages).
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { errorCode, trpc, type TrpcClient } from "./lib/trpc";
import { useAppReadyMarker } from "./lib/hydration";
import { isPage } from "./lib/page-status";
import { PublicUrlContext } from "./lib/public-url";
import { LazyToaster } from "./lib/toast";
import { routeTree } from "./routeTree.gen";
import { parseSearch } from "./lib/search-params";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && !["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST"].includes(errorCode(error) ?? ""),
      },
    },
  });
}

/** `history` is given on the server, which renders one page for a guest. */
export function createAppRouter(queryClient: QueryClient, client: TrpcClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    parseSearch,
    // a trailing slash is kept, not stripped (the server would otherwise redirect /x/4/ to /x/4):
    // /singleProductDetails/4/ is a blank product id, a page that does not exist (lib/page-status.ts)
    trailingSlash: "preserve",
    // on the server, scroll restoration would render an inline script, which our CSP refuses
    // (and hydration then trips over); the browser restores scroll itself
    ...(history ? { scrollRestoration: false } : { scrollRestoration: true }),
    context: { queryClient, trpc: createTRPCQueryUtils({ queryClient, client }), isPage: (pathname: string): boolean => isPage(router, pathname) },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** the spec writes the page's path with a trailing slash (/userProfile/{customerId}/): that form is the page too */
    trailingSlash?: boolean;
  }
}

/** `publicUrl`: PUBLIC_URL, the base of the pages' canonical and Open Graph URLs (lib/public-url.ts) */
export function AppProviders({
  queryClient,
  client,
  publicUrl,
  children,
}: {
  queryClient: QueryClient;
  client: TrpcClient;
  publicUrl: string;
  children: ReactNode;
}) {
  useAppReadyMarker();
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <PublicUrlContext.Provider value={publicUrl}>
          {children}
          <LazyToaster />
        </PublicUrlContext.Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
