// tRPC over HTTP at /api/trpc, as the web app calls it.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { appRouter, type AppRouter, type Context } from "@store/api";

export const TRPC_PREFIX = "/api/trpc";
/**
 * Calls one request may carry (API4; issue 13: a batch of 100 product lists answered ~93 MB). The
 * web app batches a handful; the admin dashboard's counts are the largest batch it sends.
 */
export const MAX_BATCH_SIZE = { guest: 10, signedIn: 20 } as const;
/**
 * Calls whose answer is the whole catalogue (~1 MB for 500 products): once per request, so no
 * batch multiplies it (a resilience run with 10 such lists a request peaked at 923 MB RSS).
 */
const WHOLE_CATALOGUE = new Set(["products.list"]);

export interface TrpcOptions {
  contextFor: (request: FastifyRequest) => Promise<Context>;
}

export const trpcPlugin: FastifyPluginAsync<TrpcOptions> = async (app, { contextFor }) => {
  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE.signedIn,
      createContext: async ({ req, info }) => {
        const context = await contextFor(req);
        const limit = context.auth ? MAX_BATCH_SIZE.signedIn : MAX_BATCH_SIZE.guest;
        if (info.calls.length > limit) {
          throw new TRPCError({
            code: "BAD_REQUEST",
            message: `Send at most ${limit} calls in one batch${context.auth ? "" : " (signed in: " + MAX_BATCH_SIZE.signedIn + ")"}.`,
          });
        }
        if (info.calls.filter((call) => WHOLE_CATALOGUE.has(call.path)).length > 1) {
          throw new TRPCError({ code: "BAD_REQUEST", message: "Ask for the whole product list once per request (it is the same list each time)." });
        }
        return context;
      },
      onError: ({ error, path, req }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
};
