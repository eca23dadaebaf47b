import { STATUS_CODES } from "node:http";

/** The machine code of an error that carries none of its own: the status's name, as tRPC spells it. */
const CODE_OF_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  408: "TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * `{ timestamp, status, error, message, path, code }`: the Spring Boot shape the old clients read,
 * plus the machine `code` (a StoreError's, or the status's name); `errors` per field when known.
 */
export function springError(status: number, message: string, path: string, fieldErrors?: Record<string, string>, code?: string) {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: STATUS_CODES[status] ?? "Error",
    message,
    path,
    code: code ?? CODE_OF_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST"),
    ...(fieldErrors ? { errors: fieldErrors } : {}),
  };
}

/** The path of a URL, without its query string. */
export const pathOf = (url: string) => url.split("?", 1)[0] ?? url;
