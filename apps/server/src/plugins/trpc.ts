// tRPC over HTTP at /api/trpc, as the web app calls it.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { appRouter, type AppRouter, type Context } from "@store/api";

export const TRPC_PREFIX = "/api/trpc";
/** one request may not run more procedures than this (API4; security suite); the web app batches a few */
export const MAX_BATCH_SIZE = 100;

export interface TrpcOptions {
  contextFor: (request: FastifyRequest) => Promise<Context>;
}

export const trpcPlugin: FastifyPluginAsync<TrpcOptions> = async (app, { contextFor }) => {
  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req }) => contextFor(req),
      onError: ({ error, path, req }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
};
