import { createContext, useContext } from "react";

/**
 * What the server tells the browser about a customer's own screen it rendered with the customer's
 * data (issue 23: the session cookie), beside the dehydrated queries in the SSR state
 * (entry-server.tsx, main.tsx). The browser's first render must make the same markup: it renders
 * the screen, not its skeleton (routes/_customer.tsx), and reads clocks as the server did.
 */
export interface ServerRender {
  /** Date.now() on the server when it rendered the page: a countdown shown on it starts from this */
  renderedAt: number;
}

/** null: the page was not rendered with the customer's data (a guest's page, a skeleton, or rendered by the browser) */
export const ServerRenderContext = createContext<ServerRender | null>(null);

export const useServerRender = () => useContext(ServerRenderContext);

/** The key of `ServerRender` in the SSR state's JSON (next to the dehydrated `queries` and `mutations`). */
export const SERVER_RENDER_KEY = "serverRender";
