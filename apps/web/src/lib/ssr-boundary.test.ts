// Guards the fence in ssr-boundary.tsx: the markup entry-server.tsx renders must have the React
// boundaries the browser's first render has, or hydrating a server-rendered page fails.
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { BrowserRouterBoundary } from "./ssr-boundary";

/** A router as entry-server.tsx (`isServer`) or main.tsx makes one, on a small route tree like the app's. */
function makeRouter(isServer: boolean, url: string) {
  const root = createRootRoute({
    component: () => createElement(Outlet),
    notFoundComponent: () => createElement("main", null, createElement("h1", null, "Page not found")),
  });
  const home = createRoute({
    getParentRoute: () => root,
    path: "/",
    component: () => createElement("main", null, createElement("h1", null, "Welcome")),
  });
  // origin: in the browser it comes from `window`, which Node has not
  return createRouter({ routeTree: root.addChildren([home]), history: createMemoryHistory({ initialEntries: [url] }), isServer, origin: "http://store.local" });
}

async function render(isServer: boolean, url: string, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  const router = makeRouter(isServer, url);
  await router.load();
  return renderToString(wrap(createElement(RouterProvider, { router })));
}

const withBoundary = (app: ReactNode) => createElement(BrowserRouterBoundary, null, app);

describe.each(["/", "/no-such-page"])("server-rendered %s", (url) => {
  it("has the markup of the browser's first render, boundaries included", async () => {
    const browser = await render(false, url);
    expect(browser).toContain("<h1>");
    expect(await render(true, url, withBoundary)).toBe(browser);
  });

  it("still needs the fence: without it the server's markup lacks a boundary the browser renders", async () => {
    // when this fails, TanStack Router renders the same tree on both sides: drop BrowserRouterBoundary
    expect(await render(true, url)).not.toBe(await render(false, url));
  });
});
