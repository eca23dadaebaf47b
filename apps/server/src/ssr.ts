// Server-side rendering of the storefront's pages (issue 7: Lighthouse mobile). The web app's SSR
// bundle (apps/web/src/entry-server.tsx, built next to the client build as
// `<webDist>-server/entry-server.js`) renders a page for a guest with a tRPC client that runs
// the procedures in-process — a signed-in customer's pages too (issue 23), as the catalogue or a
// personal screen's skeleton, or, for the customer whose session cookie the request carries
// (plugins/session.ts), their own screens with their data; this module puts the markup and the
// dehydrated data into index.html. Without the bundle, or for the back office, the plain app shell is sent.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createTRPCClient, unstable_localLink } from "@trpc/client";
import type { FastifyBaseLogger } from "fastify";
import superjson from "superjson";
import { appRouter, type AppRouter, type Context } from "@store/api";

interface RenderResult {
  head: string;
  html: string;
  state: string;
  status: number;
  complete: boolean;
  /** a customer's own screen (cart, orders, …): an address per customer */
  personal: boolean;
  /** rendered with the signed-in customer's own data (not its skeleton) */
  viewer: boolean;
}
type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;
/**
 * `site.publicUrl`: PUBLIC_URL, the base of the page's canonical and Open Graph URLs; `viewerFor`:
 * the client of the customer a personal screen's address names, when the request is theirs
 */
type RenderFn = (
  url: string,
  client: TrpcClient,
  site: { publicUrl: string },
  viewerFor?: (customerId: number) => Promise<TrpcClient | null>,
) => Promise<RenderResult | null>;
interface SsrBundle {
  render: RenderFn;
  /** id of the element main.tsx reads the data from */
  SSR_STATE_ID: string;
}

/** The context of the customer signed in by the request's session cookie when it is `customerId`, else null. */
export type ViewerContext = (customerId: number) => Promise<(() => Promise<Context>) | null>;

export interface RenderedPage {
  html: string;
  status: number;
  /**
   * unless it is a fallback, shows an error, or is a customer's own screen (issue 23: its skeleton
   * costs little to render, and kept per customer id, such pages would push the catalogue's out of
   * the cache; rendered with the customer's data, it is theirs alone)
   */
  cacheable: boolean;
  /** a customer's own screen: what it shows depends on the session cookie */
  personal: boolean;
  /** rendered with the signed-in customer's own data: for them alone, never kept by any cache */
  viewer: boolean;
}

export interface PageRenderer {
  /**
   * the page for `url`: pre-rendered when possible, else the app shell; a customer's own screen
   * with their data when `viewerContext` gives the context of the customer its address names
   */
  page(url: string, guestContext: () => Promise<Context>, viewerContext?: ViewerContext): Promise<RenderedPage>;
}

const ROOT_MARK = '<div id="root"></div>';

/**
 * A server-rendered page needs no script to paint: its module script and preloads are handed to
 * /boot.js (apps/web/public), which starts them after the page's `load` event and a painted frame.
 */
export function deferScripts(html: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  return withoutPreloads.replace(entry[0], () => `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(" ")}" defer></script>`);
}

/** JSON inside <script>: `<` escaped so no text in the data can close the element. */
const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");

/** The name of the <meta> that tells the browser PUBLIC_URL (apps/web/src/lib/public-url.ts), so it renders the URLs the server rendered. */
export const PUBLIC_URL_META = "public-url";
const attributeSafe = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const withPublicUrl = (html: string, publicUrl: string) =>
  html.replace("</head>", () => `<meta name="${PUBLIC_URL_META}" content="${attributeSafe(publicUrl)}">\n</head>`);

/** A tRPC client that runs the procedures in-process, each call with a context from `context`. */
const clientOf = (context: () => Promise<Context>): TrpcClient =>
  createTRPCClient<AppRouter>({ links: [unstable_localLink({ router: appRouter, createContext: context, transformer: superjson })] });

export async function createPageRenderer(webDist: string, template: () => string, log: FastifyBaseLogger, publicUrl: string): Promise<PageRenderer> {
  const entry = path.join(`${webDist}-server`, "entry-server.js");
  let bundle: SsrBundle | null = null;
  if (fs.existsSync(entry)) {
    bundle = (await import(pathToFileURL(entry).href)) as SsrBundle;
  } else {
    log.info(`no SSR bundle at ${entry}: pages are rendered in the browser only`);
  }
  return {
    async page(url, guestContext, viewerContext) {
      const shell = withPublicUrl(template(), publicUrl);
      const ssr = bundle;
      const appShell = { html: shell, status: 200, cacheable: true, personal: false, viewer: false };
      if (!ssr || !shell.includes(ROOT_MARK)) return appShell;
      try {
        const client = clientOf(guestContext);
        const viewerFor =
          viewerContext &&
          (async (customerId: number) => {
            const context = await viewerContext(customerId);
            return context ? clientOf(context) : null;
          });
        const result = await ssr.render(url, client, { publicUrl }, viewerFor);
        if (!result) return appShell;
        // replacer functions: a `$` in the page's text must not act as a replacement pattern
        const deferred = deferScripts(shell);
        const titled = result.head.includes("<title>") ? deferred.replace(/<title>[^<]*<\/title>/, () => "") : deferred;
        const html = titled
          .replace("</head>", () => `${result.head}</head>`)
          .replace(
            ROOT_MARK,
            () => `<div id="root">${result.html}</div><script type="application/json" id="${ssr.SSR_STATE_ID}">${scriptSafe(result.state)}</script>`,
          );
        return { html, status: result.status, cacheable: result.complete && !result.personal, personal: result.personal, viewer: result.viewer };
      } catch (error) {
        // the browser can still render the page itself
        log.error({ err: error, url }, "server-side rendering failed; sent the app shell");
        return { ...appShell, cacheable: false };
      }
    },
  };
}
