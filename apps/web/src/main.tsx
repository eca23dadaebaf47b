import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { hydrate } from "@tanstack/react-query";
import superjson from "superjson";
import { isAdminPage } from "./lib/admin-routes";
import { sendAdminTokenOn } from "./lib/auth";
import { publicUrlOf } from "./lib/public-url";
import { trpcClient } from "./lib/trpc";
import { AppProviders, createAppRouter, createQueryClient } from "./router";
import { SSR_STATE_ID } from "./ssr-state";
import "./styles.css";
// in the entry, so a server-rendered storefront page is styled before any script runs
import "./store.css";

const queryClient = createQueryClient();
const router = createAppRouter(queryClient, trpcClient);
sendAdminTokenOn((pathname) => isAdminPage(router, pathname));
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} client={trpcClient} publicUrl={publicUrlOf(document)}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
const root = document.getElementById("root")!;
const ssrState = document.getElementById(SSR_STATE_ID);

if (ssrState?.textContent) {
  // the server pre-rendered this page (storefront, guest view): take over its data, finish
  // loading the route (its loaders find the data cached), then hydrate the markup in place
  hydrate(queryClient, superjson.parse(ssrState.textContent));
  // (the server rendered the tree this render makes, boundaries included: lib/ssr-boundary.tsx)
  await router.load();
  // as a transition, hydration yields to the browser every few milliseconds instead of
  // blocking the main thread in one long task (Lighthouse mobile: total blocking time)
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
