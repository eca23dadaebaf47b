// Product forms (spec §7: POST /products/saves and /products/update/{productId}) come as
// multipart/form-data, which trpc-to-openapi 3.3 answers with 415: it takes JSON only. Its Fastify
// plugin hands the adapter the Fastify request, and the adapter takes an already parsed
// `request.body` as the input. So a preHandler hook reads the form into `request.body` and marks
// the request as JSON. rest-products.test.ts ("multipart") fails if an upgrade stops doing so.
import type { FastifyRequest } from "fastify";
import type { Context } from "@store/api";
import { pathOf } from "../spring-error.ts";

export const PRODUCT_FORM_PATH = /^\/api\/v1\/products\/(saves|update\/[^/]+)$/;

export const isProductForm = (request: FastifyRequest) =>
  request.method === "POST" && request.isMultipart() && PRODUCT_FORM_PATH.test(pathOf(request.originalUrl));

/** The form's fields as the procedure's input; the image file becomes a data URL. */
async function formToInput(request: FastifyRequest): Promise<Record<string, unknown>> {
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

export async function readProductForm(request: FastifyRequest, contextFor: (request: FastifyRequest) => Promise<Context>): Promise<void> {
  // only an admin may send a product form: others are refused (by the procedure) before the
  // upload is read (API4)
  if ((await contextFor(request)).auth?.role !== "admin") {
    request.body = {};
  } else {
    try {
      request.body = await formToInput(request);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status < 500) throw error;
      // a form that cannot be read is the client's fault (400), not a 500 (security suite)
      throw Object.assign(new Error("The form could not be read: send multipart/form-data with a boundary."), { statusCode: 400 });
    }
  }
  request.headers["content-type"] = "application/json";
}
