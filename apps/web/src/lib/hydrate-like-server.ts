// FENCED WORKAROUND: the one place the web app touches a TanStack Router internal, until the
// storefront issue moves server rendering to TanStack Router's documented SSR entry points
// (RouterServer / RouterClient, which carry their own dehydrated state; docs/decisions.md, issue 12).
// What those entry points do on hydration is set `router.ssr`: <Matches> then renders the match
// tree as the server did, without the top-level Suspense boundary a client-only app gets, so the
// server's markup is hydrated instead of thrown away. The property is typed (an upgrade that drops
// it fails `npm run typecheck`) and the browser suite's server-rendered pages fail if the markup
// stops hydrating.
import type { AnyRouter } from "@tanstack/react-router";

export function hydrateLikeServer(router: AnyRouter): void {
  router.ssr = { manifest: undefined };
}
