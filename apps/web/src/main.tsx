import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { hydrate, type DehydratedState } from "@tanstack/react-query";
import superjson from "superjson";
import { isAdminPage } from "./lib/admin-routes";
import { sendAdminTokenOn, syncCookieSession } from "./lib/auth";
import { publicUrlOf } from "./lib/public-url";
import { SERVER_RENDER_KEY, ServerRenderContext, type ServerRender } from "./lib/server-render";
import { trpcClient } from "./lib/trpc";
import { AppProviders, createAppRouter, createQueryClient } from "./router";
import { SSR_STATE_ID } from "./ssr-state";
import "./styles.css";
// in the entry, so a server-rendered storefront page is styled before any script runs
import "./store.css";
import "./styles/phone.css";

const queryClient = createQueryClient();
const router = createAppRouter(queryClient, trpcClient);
sendAdminTokenOn((pathname) => isAdminPage(router, pathname));
const root = document.getElementById("root")!;
const ssrState = document.getElementById(SSR_STATE_ID);
const state = ssrState?.textContent ? superjson.parse<DehydratedState & { [SERVER_RENDER_KEY]?: ServerRender }>(ssrState.textContent) : null;
// a customer's own screen the server rendered with their data (their session cookie): hydrated as it is
const serverRender = state?.[SERVER_RENDER_KEY] ?? null;
syncCookieSession(serverRender !== null);
const app = (
  <StrictMode>
    <ServerRenderContext.Provider value={serverRender}>
      <AppProviders queryClient={queryClient} client={trpcClient} publicUrl={publicUrlOf(document)}>
        <RouterProvider router={router} />
      </AppProviders>
    </ServerRenderContext.Provider>
  </StrictMode>
);

if (state) {
  // the server pre-rendered this page (as a guest sees it, or a customer's screen with their
  // data): take over its data, finish loading the route (its loaders find the data cached; the
  // guards run), then hydrate the markup in place
  // (the address without the hash: the skip link may have been followed meanwhile)
  const address = () => window.location.pathname + window.location.search;
  const served = address();
  hydrate(queryClient, state);
  // (the server rendered the tree this render makes, boundaries included: lib/ssr-boundary.tsx)
  await router.load();
  if (address() !== served) {
    // a guard sent the visitor elsewhere (no token: the login; another customer's id: the own
    // one): the markup is another page's, so the browser renders this one itself
    createRoot(root).render(app);
  } else {
    // as a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread in one long task (Lighthouse mobile: total blocking time)
    startTransition(() => {
      hydrateRoot(root, app);
    });
  }
} else {
  createRoot(root).render(app);
}
