import { createRootRouteWithContext, Link, Outlet } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { createTRPCQueryUtils } from "@trpc/react-query";
import type { AppRouter } from "@store/api";
import { useMarkNotFound } from "../lib/page-status";

export interface RouterContext {
  queryClient: QueryClient;
  trpc: ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
});

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
