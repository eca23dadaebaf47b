import type { FastifyPluginCallback } from "fastify";
import type { Db } from "@store/db";
import { IMAGE_SIZES, type ProductEvents } from "@store/api";

/** How many decoded images are kept in memory (about 2-15 KB each as WebP). */
const CACHED_IMAGES = 1000;

type StoredImage = { data: string; hash: string } | null;

/**
 * Product images and packs' own photos (issue 25). The URL carries the image's content hash, so what a
 * URL names never changes: it is cached for a year, a revalidation with the matching ETag is answered
 * 304 without reading the database, and recently served images are kept in memory (a bounded LRU,
 * emptied on every product change, pack edits included, so a replaced image stops being served, as
 * the database says).
 */
export const imagesPlugin: FastifyPluginCallback<{ db: Db; productEvents: ProductEvents }> = (app, { db, productEvents }, done) => {
  const cache = new Map<string, Buffer>();
  productEvents.subscribe(() => cache.clear());
  const notFound = (url: string) => ({ status: 404, error: "Not Found", message: "No such image.", path: url });

  /** one kind of image: /images/<owner>/:id/:size/:hash(.webp), read by `load` */
  const serve = (owner: string, load: (id: number, size: number) => Promise<StoredImage>) =>
    app.get<{ Params: { id: string; size: string; hash: string } }>(`/images/${owner}/:id/:size/:hash`, async (request, reply) => {
      const id = Number(request.params.id);
      const size = Number(request.params.size);
      const hash = request.params.hash.replace(/\.webp$/, "");
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !(IMAGE_SIZES as readonly number[]).includes(size) || !/^[0-9a-f]{1,16}$/.test(hash)) {
        return reply.code(404).send(notFound(request.url));
      }
      const etag = `"${hash}-${size}"`;
      const key = `${owner}/${id}/${size}/${hash}`;
      reply.header("etag", etag).header("cache-control", "public, max-age=31536000, immutable");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      let data = cache.get(key);
      if (data) {
        cache.delete(key);
      } else {
        const image = await load(id, size);
        if (!image || image.hash !== hash) {
          reply.removeHeader("etag").header("cache-control", "no-store");
          return reply.code(404).send(notFound(request.url));
        }
        data = Buffer.from(image.data, "base64");
        if (cache.size >= CACHED_IMAGES) cache.delete(cache.keys().next().value as string);
      }
      cache.set(key, data);
      return reply.type("image/webp").send(data);
    });

  const columns = { data: true, hash: true } as const;
  serve("products", (productId, size) => db.productImage.findUnique({ where: { productId_size: { productId, size } }, select: columns }));
  serve("variants", (variantId, size) => db.productVariantImage.findUnique({ where: { variantId_size: { variantId, size } }, select: columns }));
  done();
};
