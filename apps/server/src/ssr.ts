// Server-side rendering of the storefront's public pages (issue 7: Lighthouse mobile). The web
// app's SSR bundle (apps/web/src/entry-server.tsx, built next to the client build as
// `<webDist>-server/entry-server.js`) renders a page for a guest with a tRPC client that runs
// the procedures in-process; this module puts the markup and the dehydrated data into
// index.html. Without the bundle, or when the page needs a login, the plain app shell is sent.
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
}
type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;
/** `site.publicUrl`: PUBLIC_URL, the base of the page's canonical and Open Graph URLs */
type RenderFn = (url: string, client: TrpcClient, site: { publicUrl: string }) => Promise<RenderResult | null>;
interface SsrBundle {
  render: RenderFn;
  /** id of the element main.tsx reads the data from */
  SSR_STATE_ID: string;
}

export interface PageRenderer {
  /** the page for `url`: pre-rendered when possible, else the app shell; `cacheable` unless it is a fallback or shows an error */
  page(url: string, guestContext: () => Promise<Context>): Promise<{ html: string; status: number; cacheable: boolean }>;
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

export async function createPageRenderer(webDist: string, template: () => string, log: FastifyBaseLogger, publicUrl: string): Promise<PageRenderer> {
  const entry = path.join(`${webDist}-server`, "entry-server.js");
  let bundle: SsrBundle | null = null;
  if (fs.existsSync(entry)) {
    bundle = (await import(pathToFileURL(entry).href)) as SsrBundle;
  } else {
    log.info(`no SSR bundle at ${entry}: pages are rendered in the browser only`);
  }
  return {
    async page(url, guestContext) {
      const shell = withPublicUrl(template(), publicUrl);
      const ssr = bundle;
      if (!ssr || !shell.includes(ROOT_MARK)) return { html: shell, status: 200, cacheable: true };
      try {
        const client = createTRPCClient<AppRouter>({ links: [unstable_localLink({ router: appRouter, createContext: guestContext, transformer: superjson })] });
        const result = await ssr.render(url, client, { publicUrl });
        if (!result) return { html: shell, status: 200, cacheable: true };
        // replacer functions: a `$` in the page's text must not act as a replacement pattern
        const deferred = deferScripts(shell);
        const titled = result.head.includes("<title>") ? deferred.replace(/<title>[^<]*<\/title>/, () => "") : deferred;
        const html = titled
          .replace("</head>", () => `${result.head}</head>`)
          .replace(
            ROOT_MARK,
            () => `<div id="root">${result.html}</div><script type="application/json" id="${ssr.SSR_STATE_ID}">${scriptSafe(result.state)}</script>`,
          );
        return { html, status: result.status, cacheable: result.complete };
      } catch (error) {
        // the browser can still render the page itself
        log.error({ err: error, url }, "server-side rendering failed; sent the app shell");
        return { html: shell, status: 200, cacheable: false };
      }
    },
  };
}
