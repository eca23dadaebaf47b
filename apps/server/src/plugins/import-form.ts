// The product import (POST /api/v1/import/products) takes the CSV as a multipart file in the field
// `file`, as an accountant's spreadsheet is uploaded, and `?dryRun=true` in the query. The REST
// adapter reads neither (JSON bodies only; no query on POST), so, as for product forms
// (product-form.ts), a preHandler makes them the procedure's JSON input {csv, dryRun}.
import type { FastifyRequest } from "fastify";
import type { Context } from "@store/api";
import { pathOf } from "../spring-error.ts";

export const IMPORT_PATH = /^\/api\/v1\/import\/products$/;
/** a courier's PIN-code list (issue 27): the same form, with a file of up to 16 MB (200,000 rows) */
export const PINCODE_IMPORT_PATH = /^\/api\/v1\/shipping\/pincodes$/;
export const PINCODE_FILE_BYTES = 16 * 1024 * 1024;

export const isImportRequest = (request: FastifyRequest) =>
  request.method === "POST" && (IMPORT_PATH.test(pathOf(request.originalUrl)) || PINCODE_IMPORT_PATH.test(pathOf(request.originalUrl)));

async function formToInput(request: FastifyRequest): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  const limits = PINCODE_IMPORT_PATH.test(pathOf(request.originalUrl)) ? { limits: { fileSize: PINCODE_FILE_BYTES } } : undefined;
  for await (const part of request.parts(limits)) {
    if (part.type === "file") {
      if (part.fieldname === "file") input.csv = (await part.toBuffer()).toString("utf8");
      else await part.toBuffer();
    } else if (part.fieldname === "dryRun") {
      input.dryRun = part.value;
    }
  }
  return input;
}

export async function readImportRequest(request: FastifyRequest, contextFor: (request: FastifyRequest) => Promise<Context>): Promise<void> {
  const query = request.query as Record<string, string | undefined>;
  let input: Record<string, unknown> = {};
  if (request.isMultipart()) {
    // only the back office may upload: others are refused by the procedure before the file is read
    if ((await contextFor(request)).auth?.role === "admin") {
      try {
        input = await formToInput(request);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status < 500) throw error;
        throw Object.assign(new Error("The upload could not be read: send multipart/form-data with the CSV in the field 'file'."), { statusCode: 400 });
      }
    }
    request.headers["content-type"] = "application/json";
  } else if (request.body && typeof request.body === "object") {
    input = { ...(request.body as Record<string, unknown>) };
  }
  if (input.dryRun === undefined && query.dryRun !== undefined) input.dryRun = query.dryRun;
  request.body = input;
}
