// The REST facade: trpc-to-openapi's node handler mounted on Fastify (as its own Fastify
// plugin does), plus what the old clients need: errors in the Spring Boot shape and
// multipart/form-data product forms (trpc-to-openapi 3.3 answers 415 to multipart).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { STATUS_CODES } from "node:http";
import type { AnyTRPCRouter } from "@trpc/server";
import type { Context } from "@store/api";

export const REST_PREFIX = "/api/v1";

/** `{ timestamp, status, error, message, path }` as Spring Boot writes it; `errors` per field when known. */
export function springError(status: number, message: string, path: string, fieldErrors?: Record<string, string>) {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: STATUS_CODES[status] ?? "Error",
    message,
    path,
    ...(fieldErrors ? { errors: fieldErrors } : {}),
  };
}

type Handler = ReturnType<typeof createOpenApiNodeHttpHandler>;

export function createRestHandler(router: AnyTRPCRouter, createContext: (req: FastifyRequest) => Promise<Context>) {
  const handler: Handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: unknown }) => createContext(req as FastifyRequest),
    maxBodySize: 10 * 1024 * 1024,
    // a 500 on /api/v1 reaches the client as a generic message; the cause must reach the log
    onError: ({ error, req }: { error: { code: string; cause?: unknown }; req: unknown }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") (req as FastifyRequest).log?.error({ err: error.cause ?? error }, "REST procedure failed");
    },
  } as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  const rest = async function rest(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
    // the path the client called (the legacy route below rewrites request.url)
    const originalPath = request.originalUrl.split("?")[0];
    request.raw.url = request.url.slice(REST_PREFIX.length) || "/";
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const req = request as any;
    if (body !== undefined) {
      req.body = body;
      req.headers["content-type"] = "application/json";
    }
    req.once = request.raw.once.bind(request.raw);
    req.on = request.raw.on.bind(request.raw);
    req.off = request.raw.off.bind(request.raw);
    req.destroy = request.raw.destroy.bind(request.raw);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const res = reply as any;
    Object.defineProperty(res, "statusCode", {
      set: (v: number) => void reply.code(v),
      get: () => reply.raw.statusCode,
      configurable: true,
    });
    res.setHeader = (k: string, v: string) => void reply.header(k, v);
    res.end = (data: string) => {
      if (reply.sent) return;
      const status = reply.raw.statusCode;
      if (status >= 400) {
        let parsed: { message?: string; data?: { fieldErrors?: Record<string, string> } } = {};
        try {
          parsed = JSON.parse(data);
        } catch {
          // not JSON: keep the default message
        }
        const fields = parsed.data?.fieldErrors;
        const message =
          status === 404 && parsed.message === "Not found"
            ? `No API endpoint ${request.method} ${originalPath}. See ${REST_PREFIX}/openapi.json.`
            : status === 415
              ? "Send the body as application/json (or multipart/form-data for product forms)."
              : parsed.message === "Input validation failed" && fields
                ? (Object.values(fields)[0] ?? parsed.message)
                : (parsed.message ?? "The request failed.");
        void reply.type("application/json").send(springError(status, message, originalPath, fields));
        return;
      }
      void reply.send(data);
    };
    res.socket = reply.raw.socket;
    res.once = reply.raw.once.bind(reply.raw);
    res.on = reply.raw.on.bind(reply.raw);
    res.off = reply.raw.off.bind(reply.raw);
    res.emit = reply.raw.emit.bind(reply.raw);
    res.removeListener = reply.raw.removeListener.bind(reply.raw);
    await handler(req, res);
    return reply;
  };
  return Object.assign(rest, { contextFor: createContext });
}

/** Turns a multipart product form into the procedure's JSON input; the image file becomes a data URL. */
export async function multipartToInput(request: FastifyRequest): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const buffer = await part.toBuffer();
      if (buffer.length === 0) continue;
      input[part.fieldname] = `data:${part.mimetype || "application/octet-stream"};base64,${buffer.toString("base64")}`;
      if (part.fieldname === "productImg" && input.productImgName === undefined && part.filename) input.productImgName = part.filename;
    } else {
      // busboy cuts a field at the size limit without failing: never pass on a cut-off value
      if (part.valueTruncated) throw Object.assign(new Error(`The form field ${part.fieldname} is too large.`), { statusCode: 413 });
      input[part.fieldname] = part.value;
    }
  }
  return input;
}

export function registerRest(app: FastifyInstance, rest: ReturnType<typeof createRestHandler>) {
  const productForm = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.isMultipart()) {
      // only an admin may send a product form: refuse others before reading the upload (API4),
      // and a form that cannot be read is the client's fault (400), not a 500 (security suite)
      if ((await rest.contextFor(request)).auth?.role !== "admin") return rest(request, reply, {});
      let input: Record<string, unknown>;
      try {
        input = await multipartToInput(request);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status < 500) throw error;
        throw Object.assign(new Error("The form could not be read: send multipart/form-data with a boundary."), { statusCode: 400 });
      }
      return rest(request, reply, input);
    }
    return rest(request, reply);
  };
  app.post(`${REST_PREFIX}/products/saves`, productForm);
  app.post(`${REST_PREFIX}/products/update/:productId`, productForm);
  app.route({ method: ["GET", "POST", "PATCH", "PUT", "DELETE"], url: `${REST_PREFIX}/*`, handler: (req, reply) => rest(req, reply) });
  // the documented legacy delete path, without the /api/v1 prefix (spec §7 Customers)
  app.delete("/cctv/api/v1/customer/delete/:id", (request, reply) => {
    void request.originalUrl; // Fastify reads it lazily: fix it to the called path before the rewrite
    request.raw.url = `${REST_PREFIX}${request.url}`;
    return rest(request, reply);
  });
}
