// Every error Fastify itself raises (bad JSON, a body too large, a route's thrown error) answers
// in the Spring Boot shape of the spec, and a 5xx never shows its raw message.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pathOf, springError } from "../spring-error.ts";

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, "request failed");
  const message =
    error.code === "STORE_BODY_TOO_LARGE"
      ? error.message
      : status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE"
        ? "The request is too large (images at most 5 MB)."
        : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : status >= 500
            ? "Something went wrong on our side. Please try again."
            : error.message;
  const code = error.code === "FST_REQ_FILE_TOO_LARGE" ? 413 : status;
  return reply
    .code(code)
    .type("application/json")
    .send(springError(code, message, pathOf(request.url)));
}

// registered first: encapsulated plugins (tRPC) copy the error handler of the moment they are
// registered, and Fastify's default one sends a 500's raw message to the client (security suite)
export const errorsPlugin = fp(
  (app, _opts, done) => {
    app.setErrorHandler(handleError);
    done();
  },
  { name: "errors" },
);
