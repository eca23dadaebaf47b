// Issue 13 item 15: two server instances on one database share one login and sign-up budget (the
// counters live in the database, as they do on PostgreSQL in production). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, customerFields, TEST_JWT_SECRET, type TestEnv } from "@store/api/testing";
import { buildApp } from "../app.ts";
import { createServices } from "../services.ts";

let env: TestEnv;
let instances: FastifyInstance[];
beforeAll(async () => {
  env = await createTestEnv();
  instances = await Promise.all(
    [1, 2].map(() =>
      buildApp({
        handle: env.handle,
        services: createServices(env.handle, { jwtSecret: TEST_JWT_SECRET, loginMaxFailures: 10, signupsPerHour: 5, sharedLimits: true }),
        logLevel: "silent",
      }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await env.close();
});

const post = (app: FastifyInstance, url: string, body: unknown, remoteAddress: string) =>
  app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: JSON.stringify(body), remoteAddress });

describe("limits shared by two instances on one database", () => {
  it("wrong logins spread over both instances, in parallel, get 10 password checks in all", async () => {
    const { fields } = await env.newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(instances[i % 2]!, "/api/v1/customers/login", { number: fields.number, password: `Wrong@Guess${i}` }, "192.0.2.10"),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it("sign-ups from one address count once across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await post(instances[i % 2]!, "/api/v1/customers/save", customerFields(), "192.0.2.20");
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });
});
