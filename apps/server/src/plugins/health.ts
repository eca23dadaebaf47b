import type { FastifyPluginCallback } from "fastify";
import type { DbHandle } from "@store/db";

/** GET /healthz: 200 while the database answers, 503 (with a message) when it does not. */
export const healthPlugin: FastifyPluginCallback<{ handle: DbHandle }> = (app, { handle }, done) => {
  app.get("/healthz", async (_req, reply) => {
    try {
      await handle.raw.query("SELECT 1");
      return { status: "ok", database: handle.kind };
    } catch {
      return reply.code(503).send({ status: "unavailable", database: handle.kind, message: "The database is not reachable." });
    }
  });
  done();
};
