// HTTP tests of the complaint tickets (issue 31, contracts/grievances.md) over the real Fastify app with
// the default limit of 5 an hour: 201 and its shape, 400 naming the field, 401/403/404, 429 on the sixth
// from one address (with Retry-After), a tRPC batch of 8 at once, a guest's ?email= read, and the
// owner's monthly report as JSON and CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrievanceLimiter } from "@store/api";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  // the store's own limit (the test services raise it)
  env.services.grievanceLimiter = createGrievanceLimiter();
});
afterAll(() => env.close());

let serial = 0;
const guest = () => ({
  category: "PAYMENT",
  subject: "Charged twice",
  description: "My card was charged twice for one order.",
  name: "Meena Rao",
  email: `meena.${++serial}@example.in`,
  phone: `8${String(Date.now() % 100_000_000).padStart(8, "0")}${serial % 10}`,
});
const call = (method: "GET" | "POST", url: string, opts: { token?: string; payload?: object; ip?: string; headers?: Record<string, string> } = {}) =>
  env.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

describe("POST /api/v1/grievances", () => {
  it("201 with the ticket and its clocks; 400 naming the missing field; 403 for an admin; 404 for another's order", async () => {
    const ip = "198.51.100.21";
    const res = await call("POST", "/grievances", { payload: guest(), ip });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["acknowledgeBy", "acknowledgedAt", "createdAt", "resolveBy", "status", "ticketNumber"]);
    expect(body).toMatchObject({ status: "Acknowledged", ticketNumber: expect.stringMatching(/^GRV-\d{8}-\d{6}$/) as unknown });
    expect(body.acknowledgedAt).toBe(body.createdAt);

    const { email: _e, ...noEmail } = guest();
    const missing = await call("POST", "/grievances", { payload: noEmail, ip });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Email is required/);
    const short = await call("POST", "/grievances", { payload: { ...guest(), subject: "Hi" }, ip });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Subject must be at least 5 characters");

    expect((await call("POST", "/grievances", { payload: guest(), token: env.adminToken, ip })).statusCode).toBe(403);
    expect((await call("POST", "/grievances", { payload: guest(), token: "not-a-token", ip })).statusCode).toBe(401);
    const c = await env.newCustomer();
    const notMine = await call("POST", "/grievances", {
      payload: { ...guest(), productOrderId: "ORD-SOMEONE-ELSE" },
      token: await env.tokenFor(c.customerId),
      ip,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("the sixth complaint in an hour from one address is 429 with Retry-After", async () => {
    const ip = "198.51.100.22";
    for (let i = 0; i < 5; i++) expect((await call("POST", "/grievances", { payload: guest(), ip })).statusCode).toBe(201);
    const sixth = await call("POST", "/grievances", { payload: guest(), ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringContaining("Too many complaints") as unknown });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a tRPC batch of 8 creates at once: 5 filed, 3 refused with 429", async () => {
    const input: Record<string, { json: object }> = {};
    for (let i = 0; i < 8; i++) input[i] = { json: guest() };
    const res = await env.app.inject({
      method: "POST",
      url: `/api/trpc/${Array(8).fill("grievances.create").join(",")}?batch=1`,
      payload: input,
      remoteAddress: "198.51.100.23",
    });
    const answers = res.json<({ result: unknown } | { error: { json: { data: { httpStatus: number } } } })[]>();
    expect(answers.filter((a) => "result" in a)).toHaveLength(5);
    expect(answers.flatMap((a) => ("error" in a ? [a.error.json.data.httpStatus] : []))).toEqual([429, 429, 429]);
  });
});

describe("GET /api/v1/grievances/{ticketNumber}", () => {
  it("a guest reads with ?email=; a wrong e-mail 404; no e-mail and no login 401; another customer's 404", async () => {
    const ip = "198.51.100.24";
    const fields = guest();
    const { ticketNumber } = (await call("POST", "/grievances", { payload: fields, ip })).json<{ ticketNumber: string }>();
    const read = await call("GET", `/grievances/${ticketNumber}?email=${encodeURIComponent(fields.email)}`, { ip });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ ticketNumber, status: "Acknowledged", email: fields.email, messages: [], canReply: true, moves: [] });
    expect((await call("GET", `/grievances/${ticketNumber}?email=someone@example.in`, { ip })).statusCode).toBe(404);
    expect((await call("GET", `/grievances/${ticketNumber}`, { ip })).statusCode).toBe(401);
    const c = await env.newCustomer();
    expect((await call("GET", `/grievances/${ticketNumber}`, { token: await env.tokenFor(c.customerId), ip })).statusCode).toBe(404);
    const reply = await call("POST", `/grievances/${ticketNumber}/messages`, { payload: { text: "Any update?", email: fields.email }, ip });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().messages).toEqual([expect.objectContaining({ from: "customer", text: "Any update?" })]);
    const moved = await call("POST", `/grievances/${ticketNumber}/status`, { payload: { status: "Resolved", resolution: "short" }, token: env.adminToken });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toContain("at least 10 characters");
    const order = await call("POST", `/grievances/${ticketNumber}/status`, {
      payload: { status: "Rejected", reason: "Not our order at all." },
      token: env.adminToken,
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ code: "STATUS_ORDER" });
  });
});

describe("GET /api/v1/reports/grievances", () => {
  it("the owner's month as JSON, and as CSV with Accept: text/csv or ?format=csv; a customer 403", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const json = await call("GET", `/reports/grievances?month=${month}`, { token: env.adminToken });
    expect(json.statusCode).toBe(200);
    const report = json.json<{ received: number; byCategory: Record<string, number> }>();
    expect(report.received).toBeGreaterThan(0);
    expect(Object.keys(report.byCategory)).toEqual(["ORDER", "PAYMENT", "REFUND", "DELIVERY", "PRODUCT_QUALITY", "RETURN", "OTHER"]);
    for (const res of [
      await call("GET", `/reports/grievances?month=${month}`, { token: env.adminToken, headers: { accept: "text/csv" } }),
      await call("GET", `/reports/grievances?month=${month}&format=csv`, { token: env.adminToken }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/csv");
      const lines = res.body.trim().split("\n");
      expect(lines[0]).toBe("metric,value");
      expect(lines).toContain(`received,${report.received}`);
      expect(lines).toContain(`category PAYMENT,${report.byCategory.PAYMENT}`);
    }
    const c = await env.newCustomer();
    expect((await call("GET", `/reports/grievances?month=${month}&format=csv`, { token: await env.tokenFor(c.customerId) })).statusCode).toBe(403);
    expect((await call("GET", `/reports/grievances?month=2026-13`, { token: env.adminToken })).statusCode).toBe(400);
  });
});
