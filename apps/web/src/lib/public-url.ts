// The storefront's public address (PUBLIC_URL), the base of every absolute URL a page names for
// search engines (canonical, og:url, JSON-LD). The server renders with it (entry-server.tsx) and
// writes it into every page it sends (<meta name="public-url">, apps/server/src/ssr.ts), where
// the browser reads it: both sides render the same URLs, so the markup hydrates as it is.
import { createContext, useContext } from "react";

export const PUBLIC_URL_META = "public-url";

export const PublicUrlContext = createContext("");

/** PUBLIC_URL without a trailing slash. */
export const usePublicUrl = () => useContext(PublicUrlContext);

/** What the server wrote into the page; the page's own origin where nothing was (the Vite dev server). */
export function publicUrlOf(doc: Document): string {
  const written = doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`)?.content;
  return (written || doc.location.origin).replace(/\/+$/, "");
}
