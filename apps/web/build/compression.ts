// The client build's text files, also written brotli-compressed (maximum quality) and gzipped
// (level 9) next to themselves (issue 23): the server sends the copy the client accepts as it is
// (@fastify/static's `preCompressed`, apps/server/src/plugins/web.ts), so a file is compressed once
// here and never per request. Files under 1 KB are left alone (too small to gain), and a copy is
// kept only where it is smaller than the file. vite-plugin-compression2 does this for the bundle's
// files and the public folder's (boot.js, favicon.svg).
import { constants } from "node:zlib";
import type { Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** the text files worth a compressed copy (images and fonts are compressed formats already) */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
export const MIN_COMPRESS_BYTES = 1024;

export const compressText = (): Plugin =>
  compression({
    include: COMPRESSIBLE,
    threshold: MIN_COMPRESS_BYTES,
    skipIfLargerOrEqual: true,
    algorithms: [
      defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      defineAlgorithm("gzip", { level: constants.Z_BEST_COMPRESSION }),
    ],
  });
