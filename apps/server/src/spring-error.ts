import { STATUS_CODES } from "node:http";

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

/** The path of a URL, without its query string. */
export const pathOf = (url: string) => url.split("?", 1)[0] ?? url;
