// Request bodies are small everywhere but where a product image travels (issue 13: any route took
// 8 MB, and one 7 MB JSON body held the event loop ~1.7 s in the input check). The limit is
// applied to the raw stream before any parser runs: a declared Content-Length over it is a 413 at
// once, and a chunked body is cut off as soon as it passes it.
import { pipeline, Transform } from "node:stream";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pathOf } from "../spring-error.ts";
import { PRODUCT_FORM_PATH } from "./product-form.ts";
import { IMPORT_PATH, PINCODE_FILE_BYTES, PINCODE_IMPORT_PATH } from "./import-form.ts";

export const BODY_LIMIT = 64 * 1024;
/** a product form: a 5 MB image as a file or as a base64 data URL, with its fields; a 5 MB product CSV */
export const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;
// a pack's own photo (issue 25) travels as a data URL in the pack's JSON body
const PACK_PATH = /^\/api\/v1\/products\/[^/]+\/variants(\/[^/]+)?$/;
const UPLOAD_PATHS = [PRODUCT_FORM_PATH, IMPORT_PATH, PACK_PATH, /^\/api\/trpc\/(products\.(save|update)|imports\.products|variants\.(create|update))$/];

/** a courier's PIN-code list (issue 27): 200,000 rows, with the form around them; the largest body of all */
export const PINCODE_IMPORT_BODY_LIMIT = PINCODE_FILE_BYTES + 64 * 1024;

export const bodyLimitFor = (request: Pick<FastifyRequest, "url">) =>
  PINCODE_IMPORT_PATH.test(pathOf(request.url))
    ? PINCODE_IMPORT_BODY_LIMIT
    : UPLOAD_PATHS.some((p) => p.test(pathOf(request.url)))
      ? UPLOAD_BODY_LIMIT
      : BODY_LIMIT;

const tooLarge = (limit: number) =>
  Object.assign(new Error(`The request body is too large (at most ${Math.round(limit / 1024)} KB here).`), { statusCode: 413, code: "STORE_BODY_TOO_LARGE" });

export const bodyLimitsPlugin = fp(
  (app, _opts, done) => {
    app.addHook("preParsing", async (request, _reply, payload) => {
      const limit = bodyLimitFor(request);
      if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge(limit);
      // @fastify/multipart reads the raw request itself, within its own limits (plugins/security.ts);
      // its request.isMultipart() is only set later, by its content-type parser
      if (/^\s*multipart\//i.test(request.headers["content-type"] ?? "")) return payload;
      // receivedEncodedLength: what Fastify compares with Content-Length (documented for streams a preParsing hook returns)
      const counted: Transform & { receivedEncodedLength?: number } = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          counted.receivedEncodedLength = (counted.receivedEncodedLength ?? 0) + chunk.length;
          if (counted.receivedEncodedLength > limit) callback(tooLarge(limit));
          else callback(null, chunk);
        },
      });
      // pipeline, not pipe: a client that aborts or a limit passed ends both streams
      return pipeline(payload, counted, () => {});
    });
    done();
  },
  { name: "body-limits" },
);
