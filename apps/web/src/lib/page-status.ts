// How a server-rendered page tells the server its HTTP status: the not-found page reports itself
// to the render it is part of (entry-server.tsx provides the callback; the browser has none).
import { createContext, useContext } from "react";

export const NotFoundReportContext = createContext<(() => void) | null>(null);

/** Called by the not-found page while it renders. */
export function useMarkNotFound(): void {
  useContext(NotFoundReportContext)?.();
}
