// GET /api/v1/pincodes/{pincode} (issue 27) answers the same to everyone and changes only with the
// owner's import: browsers and proxies may keep an answer for an hour, so an address form asks once.
// (The security plugin's no-store is for answers with personal data; this hook runs after it.)
import type { onSendAsyncHookHandler } from "fastify";
import { pathOf } from "../spring-error.ts";

export const PINCODE_LOOKUP_PATH = /^\/api\/v1\/pincodes\/[^/]+$/;
export const PINCODE_CACHE_CONTROL = "public, max-age=3600";

export const publicCacheHook: onSendAsyncHookHandler = async (request, reply, payload) => {
  if (request.method === "GET" && reply.statusCode === 200 && PINCODE_LOOKUP_PATH.test(pathOf(request.originalUrl)))
    reply.header("cache-control", PINCODE_CACHE_CONTROL);
  return payload;
};
