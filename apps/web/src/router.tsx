// The router, query client and providers of the web app, made the same way in the browser
// (main.tsx) and on the server (entry-server.tsx, which pre-renders storefront pages).
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { errorCode, trpc, type TrpcClient } from "./lib/trpc";
import { useAppReadyMarker } from "./lib/hydration";
import { LazyToaster } from "./lib/toast";
import { routeTree } from "./routeTree.gen";

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
  return createRouter({
    routeTree,
    history,
    // on the server, scroll restoration would render an inline script, which our CSP refuses
    // (and hydration then trips over); the browser restores scroll itself
    ...(history ? { scrollRestoration: false } : { scrollRestoration: true }),
    context: { queryClient, trpc: createTRPCQueryUtils({ queryClient, client }) },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

export function AppProviders({ queryClient, client, children }: { queryClient: QueryClient; client: TrpcClient; children: ReactNode }) {
  useAppReadyMarker();
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
