// What search engines read (issue 18): GET /sitemap.xml (every listing, category, product and
// information page, absolute on PUBLIC_URL) and GET /robots.txt. The sitemap is written once and
// kept in the product cache, so it is written again after any product, stock or settings write
// on any instance (product-sync.ts); revalidations with its ETag are answered 304.
import fp from "fastify-plugin";
import { contentEtag } from "../etag.ts";
import type { Db } from "@store/db";
import { robotsTxt, sitemapUrls, type Services, type SitemapUrl } from "@store/api";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** W3C Datetime to the second, as the sitemap protocol reads lastmod. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The sitemap protocol's document (sitemaps.org 0.9); one file holds at most 50,000 URLs. */
export function sitemapXml(urls: SitemapUrl[]): string {
  const entries = urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${w3cDate(u.lastmod)}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

export const seoPlugin = fp<{ db: Db; services: Services }>(
  (app, { db, services }, done) => {
    const robots = robotsTxt(services.mail.publicUrl);

    app.get("/sitemap.xml", async (request, reply) => {
      const sitemap = await services.productCache.get("seo:sitemap.xml", async () => {
        const xml = sitemapXml(await sitemapUrls({ db, services }));
        return { xml, etag: contentEtag(xml, "s-") };
      });
      void reply.header("etag", sitemap.etag).header("cache-control", "no-cache");
      if (request.headers["if-none-match"] === sitemap.etag) return reply.code(304).send();
      return reply.type("application/xml; charset=utf-8").send(sitemap.xml);
    });

    app.get("/robots.txt", async (_request, reply) => reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots));
    done();
  },
  { name: "seo" },
);
