import { createRootRouteWithContext, Link, notFound, Outlet } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { createTRPCQueryUtils } from "@trpc/react-query";
import type { AppRouter } from "@store/api";
import { NavigationProgress } from "../components/NavigationProgress";
import { useMarkNotFound } from "../lib/page-status";

export interface RouterContext {
  queryClient: QueryClient;
  trpc: ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
  /** whether a path is a page of the app (lib/page-status.ts) */
  isPage: (pathname: string) => boolean;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // before any guard: an address that is no page is "not found" (404 from the server), never a
  // login redirect or a screen with a blank id (issue 18)
  beforeLoad: ({ context, location }) => {
    if (!context.isPage(location.pathname)) throw notFound();
  },
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

function NotFound() {
  useMarkNotFound();
  return (
    <main className="page narrow" id="main">
      <title>Page not found | Clean Store</title>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/" className="btn">
        Go to the store
      </Link>
    </main>
  );
}
