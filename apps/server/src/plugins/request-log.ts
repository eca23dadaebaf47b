// One log line per request at `info`: method, path, status and time (issue 18). Fastify's own
// request logging writes two lines per request ("incoming request", "request completed"), which
// cost about a quarter of the product list's throughput under load; app.ts switches it off.
import fp from "fastify-plugin";

export const requestLogPlugin = fp(
  (app, _opts, done) => {
    app.addHook("onResponse", (request, reply, next) => {
      request.log.info({ method: request.method, path: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, "request");
      next();
    });
    done();
  },
  { name: "request-log" },
);
