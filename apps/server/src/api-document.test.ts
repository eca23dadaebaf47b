// /api/v1/openapi.json describes what the API really answers (issue 22): the facade's error body
// with its `code`, every status each operation can answer, `security: []` on the public operations,
// a licence, and the routes served outside the facade (PDFs, CSVs, the QR image, the webhook).
// testing.ts checks every answer of every HTTP suite against it; this suite checks the document
// itself and that the check is not a blind one.
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerChecker } from "./openapi-check.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Doc {
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
}

let env: HttpTestEnv;
let doc: Doc;
beforeAll(async () => {
  env = await createHttpTestEnv();
  doc = (await env.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json<Doc>();
});
afterAll(() => env.close());

const statuses = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {}).map(Number);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("the document", () => {
  it("is valid OpenAPI 3 with a licence, and names the real error body `Error` (no `{ message, code, issues }` left)", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.info.license?.name).toBe("Proprietary");
    const error = doc.components.schemas.Error;
    expect(error?.required).toEqual(["timestamp", "status", "error", "message", "path", "code"]);
    expect(Object.keys(error?.properties ?? {})).toEqual([
      "timestamp",
      "status",
      "error",
      "message",
      "path",
      "code",
      "attemptsLeft",
      "retryAfterSeconds",
      "errors",
    ]);
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
        expect(Array.isArray(operation.security), `${method} ${path} security`).toBe(true);
      }
    }
  });

  it("lists the statuses each operation can answer, by the one rule", () => {
    // public: no 401/403 from a token, no 409; a login's wrong password is a 401, its limit a 429
    expect(statuses("get", "/products/details/{productId}")).toEqual([200, 400, 404, 500, 503]);
    expect(statuses("post", "/customers/login")).toEqual([200, 400, 401, 403, 413, 415, 429, 500, 503]);
    expect(doc.paths["/customers/login"]?.post?.security).toEqual([]);
    expect(doc.paths["/store-facts"]?.get?.security).toEqual([]);
    // the catalogue cache answers revalidations
    expect(statuses("get", "/products/details")).toContain(304);
    // a protected lookup; a protected write (state conflicts, an Idempotency-Key, the order limits)
    expect(statuses("get", "/customers/details/{customerId}")).toEqual([200, 400, 401, 403, 404, 500, 503]);
    expect(statuses("post", "/productOrder/save")).toEqual([200, 400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]);
    expect(doc.paths["/productOrder/save"]?.post?.security).toEqual([{ Authorization: [] }]);
  });

  it("describes the routes served outside the facade, each once, and /reports/gst once", () => {
    const pdf = doc.paths["/orders/{productOrderId}/invoice.pdf"]?.get;
    expect(Object.keys(pdf?.responses["200"]?.content ?? {})).toEqual(["application/pdf"]);
    expect(statuses("get", "/orders/{productOrderId}/invoice.pdf")).toEqual([200, 400, 401, 403, 404, 500, 503]);
    expect(Object.keys(doc.paths["/orders/{productOrderId}/credit-notes/{creditNoteNumber}.pdf"]?.get?.responses["200"]?.content ?? {})).toEqual([
      "application/pdf",
    ]);
    expect(Object.keys(doc.paths["/export/{kind}.csv"]?.get?.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
    expect(Object.keys(doc.paths["/payments/{productOrderId}/qr.png"]?.get?.responses["200"]?.content ?? {})).toEqual(["image/png"]);
    // the webhook is signed, not behind the token; it takes any body type (its bytes are what was signed)
    expect(doc.paths["/payments/webhook/razorpay"]?.post?.security).toEqual([]);
    expect(statuses("post", "/payments/webhook/razorpay")).toEqual([200, 400, 413, 500, 503]);
    // the courier's webhook: a shared token in x-api-key instead of a bearer token, any body type
    expect(doc.paths["/shipping/webhook/courier"]?.post?.security).toEqual([]);
    expect(doc.paths["/shipping/webhook/courier"]?.post?.parameters).toEqual([expect.objectContaining({ name: "x-api-key", in: "header", required: true })]);
    expect(statuses("post", "/shipping/webhook/courier")).toEqual([200, 400, 401, 413, 500, 503]);
    expect(Object.keys(doc.paths["/reports/gst"] ?? {})).toEqual(["get"]);
    expect(doc.paths["/reports/gst"]?.get?.operationId).toBe("reports-gst");
    expect(Object.keys(doc.paths["/reports/gst"]?.get?.responses["200"]?.content ?? {})).toEqual(["application/json", "text/csv"]);
    expect(Object.keys(doc.paths["/reports/gst.csv"]?.get?.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
  });
});

describe("the answer check of the HTTP suites (openapi-check.ts)", () => {
  it("refuses what the old document described and a status an operation does not list; takes the real answers", () => {
    const check = answerChecker(doc as never);
    const real = JSON.stringify({
      timestamp: new Date().toISOString(),
      status: 400,
      error: "Bad Request",
      message: "Bad",
      path: "/api/v1/admin/login",
      code: "BAD_REQUEST",
    });
    expect(check({ method: "POST", url: "/api/v1/admin/login", statusCode: 400, contentType: "application/json", body: real })).toBeUndefined();
    const old = JSON.stringify({ message: "Invalid input data", code: "BAD_REQUEST", issues: [] });
    expect(check({ method: "POST", url: "/api/v1/admin/login", statusCode: 400, contentType: "application/json", body: old })).toMatch(
      /^POST \/api\/v1\/admin\/login -> 400 \(operation auth-adminLogin, POST \/admin\/login\): the body does not match the documented schema: .*timestamp/,
    );
    expect(check({ method: "POST", url: "/api/v1/admin/login", statusCode: 409, contentType: "application/json", body: real })).toMatch(/lists no 409/);
    expect(check({ method: "GET", url: "/api/v1/orders/ORD-1/invoice.pdf", statusCode: 200, contentType: "text/html", body: "<p>" })).toMatch(
      /answered text\/html, the document says application\/pdf/,
    );
    // no operation: nothing to check against
    expect(check({ method: "GET", url: "/api/v1/no/such/thing", statusCode: 404, contentType: "application/json", body: "{}" })).toBeUndefined();
  });
});

describe("answers", () => {
  it("a raw route's refusal is the facade's error body with its code", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/orders/ORD-NONE/invoice.pdf", headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, error: "Not Found", path: "/api/v1/orders/ORD-NONE/invoice.pdf", code: "NOT_FOUND" });
  });

  it("a URL Fastify cannot decode is a 400 in the same body, not Fastify's own", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/v1/addToCart/delete/%" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, error: "Bad Request", path: "/api/v1/addToCart/delete/%", code: "BAD_REQUEST" });
  });

  it("the GST CSV has its own path; /reports/gst still answers CSV to ?format=csv and Accept: text/csv, JSON otherwise", async () => {
    const month = "2026-11";
    const csv = await env.app.inject({ method: "GET", url: `/api/v1/reports/gst.csv?month=${month}`, headers: bearer(env.adminToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="gst-summary-${month}.csv"`);
    expect(csv.body.split("\n")[0]).toBe("HSN,Description,UQC,Rate %,Total quantity,Taxable value,IGST,CGST,SGST");
    for (const [url, accept] of [
      [`/api/v1/reports/gst?month=${month}&format=csv`, undefined],
      [`/api/v1/reports/gst?month=${month}`, "text/csv"],
    ] as const) {
      const old = await env.app.inject({ method: "GET", url, headers: { ...bearer(env.adminToken), ...(accept ? { accept } : {}) } });
      expect(old.headers["content-type"], url).toBe("text/csv; charset=utf-8");
      expect(old.body, url).toBe(csv.body);
    }
    const json = await env.app.inject({
      method: "GET",
      url: `/api/v1/reports/gst?month=${month}&format=json`,
      headers: { ...bearer(env.adminToken), accept: "text/csv" },
    });
    expect(json.json()).toMatchObject({ month, totals: expect.any(Object) });
    // refusals in the same body, whichever path asked
    const bad = await env.app.inject({ method: "GET", url: "/api/v1/reports/gst.csv?month=November", headers: bearer(env.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: "month must be YYYY-MM, e.g. 2026-11", code: expect.stringMatching(/^[A-Z_]+$/) });
    const anonymous = await env.app.inject({ method: "GET", url: `/api/v1/reports/gst?month=${month}&format=csv` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });
});
