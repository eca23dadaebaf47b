import type { FastifyPluginCallback } from "fastify";
import type { Db } from "@store/db";
import { IMAGE_SIZES, type ProductEvents } from "@store/api";

/** How many decoded images are kept in memory (about 2-15 KB each as WebP). */
const CACHED_IMAGES = 1000;

/**
 * Product images. The URL carries the image's content hash, so what a URL names never changes:
 * it is cached for a year, a revalidation with the matching ETag is answered 304 without reading
 * the database, and recently served images are kept in memory (a bounded LRU, emptied on every
 * product change so a replaced image stops being served, as the database says).
 */
export const imagesPlugin: FastifyPluginCallback<{ db: Db; productEvents: ProductEvents }> = (app, { db, productEvents }, done) => {
  const cache = new Map<string, Buffer>();
  productEvents.subscribe(() => cache.clear());
  const notFound = (url: string) => ({ status: 404, error: "Not Found", message: "No such image.", path: url });

  app.get<{ Params: { productId: string; size: string; hash: string } }>("/images/products/:productId/:size/:hash", async (request, reply) => {
    const productId = Number(request.params.productId);
    const size = Number(request.params.size);
    const hash = request.params.hash.replace(/\.webp$/, "");
    if (
      !Number.isInteger(productId) ||
      productId <= 0 ||
      productId > 2_147_483_647 ||
      !(IMAGE_SIZES as readonly number[]).includes(size) ||
      !/^[0-9a-f]{1,16}$/.test(hash)
    ) {
      return reply.code(404).send(notFound(request.url));
    }
    const etag = `"${hash}-${size}"`;
    const key = `${productId}/${size}/${hash}`;
    reply.header("etag", etag).header("cache-control", "public, max-age=31536000, immutable");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    let data = cache.get(key);
    if (data) {
      cache.delete(key);
    } else {
      const image = await db.productImage.findUnique({ where: { productId_size: { productId, size } }, select: { data: true, hash: true } });
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
  done();
};
