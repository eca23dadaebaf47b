// Issue 13 (1, 9, 15): password checks are reserved before they run, so no burst of parallel
// logins (or calls of one tRPC batch, which run as parallel calls) gets more checks than the limit;
// the owner's known address still gets in; two servers on one database share one budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createInnerContext, type Services } from "../context.ts";
import { createLoginLimiter } from "./login-limiter.ts";
import { databaseLimitStore } from "../platform/limit-store.ts";
import { createTestEnv, createTestServices, TEST_ADMIN, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const LIMIT = 10;
const callerOn = (services: Services, ip: string) =>
  createCallerFactory(appRouter)(createInnerContext({ db: env.handle.db, services, auth: null, clientIp: ip }));

/** How the attempts ended: UNAUTHORIZED means the password was checked (and wrong). */
async function outcomes(attempts: Promise<unknown>[]) {
  const results = await Promise.allSettled(attempts);
  const codes = results.map((r) => (r.status === "fulfilled" ? "OK" : ((r.reason as { code?: string }).code ?? "?")));
  return {
    checked: codes.filter((c) => c === "UNAUTHORIZED").length,
    limited: codes.filter((c) => c === "TOO_MANY_REQUESTS").length,
    ok: codes.filter((c) => c === "OK").length,
  };
}

describe("password checks are reserved before they run", () => {
  it("200 parallel wrong logins from one address get at most 10 password checks, and the right password is then refused too", async () => {
    const services = createTestServices();
    const { fields } = await env.newCustomer();
    const result = await outcomes(
      Array.from({ length: 200 }, (_, i) => callerOn(services, "10.1.0.1").auth.customerLogin({ number: fields.number, password: `Wrong-${i}` })),
    );
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
    expect(result.checked + result.limited).toBe(200);
    await expect(callerOn(services, "10.1.0.1").auth.customerLogin({ number: fields.number, password: fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("200 parallel wrong admin logins from 200 addresses get at most 10 password checks against the account", async () => {
    const services = createTestServices();
    const result = await outcomes(
      Array.from({ length: 200 }, (_, i) =>
        callerOn(services, `10.2.${i >> 8}.${i & 255}`).auth.adminLogin({ email: TEST_ADMIN.email, password: `Wrong-${i}` }),
      ),
    );
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
    expect(result.ok).toBe(0);
  });

  it("a mix of phone and email naming one account shares its budget", async () => {
    const services = createTestServices();
    const { fields } = await env.newCustomer();
    const result = await outcomes(
      Array.from({ length: 60 }, (_, i) =>
        callerOn(services, `10.3.0.${i}`).auth.customerLogin(
          i % 2 ? { number: fields.number, password: `Wrong-${i}` } : { email: fields.email, password: `Wrong-${i}` },
        ),
      ),
    );
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
  });

  it("gives the reservation back on success: the owner logging in often is never limited", async () => {
    const services = createTestServices();
    const { fields } = await env.newCustomer();
    for (let i = 0; i < 3 * LIMIT; i++) {
      await expect(callerOn(services, "10.4.0.1").auth.customerLogin({ number: fields.number, password: fields.password })).resolves.toHaveProperty("token");
    }
  });

  it("does not lock the owner out from an address that logged in before, while strangers spend the account's budget", async () => {
    const services = createTestServices();
    const { fields } = await env.newCustomer();
    await callerOn(services, "10.5.0.1").auth.customerLogin({ number: fields.number, password: fields.password });
    await outcomes(
      Array.from({ length: 50 }, (_, i) => callerOn(services, `10.5.1.${i}`).auth.customerLogin({ number: fields.number, password: `Wrong-${i}` })),
    );
    await expect(callerOn(services, "10.5.9.9").auth.customerLogin({ number: fields.number, password: fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await expect(callerOn(services, "10.5.0.1").auth.customerLogin({ number: fields.number, password: fields.password })).resolves.toHaveProperty("token");
  });
});

describe("limits kept in the database are shared by every server instance", () => {
  it("two instances on one database get 10 password checks between them, not 10 each", async () => {
    const shared = () => ({ ...createTestServices(), loginLimiter: createLoginLimiter({ failures: LIMIT, store: databaseLimitStore(env.handle.db) }) });
    const [one, two] = [shared(), shared()];
    const { fields } = await env.newCustomer();
    const result = await outcomes(
      Array.from({ length: 60 }, (_, i) => callerOn(i % 2 ? one : two, `10.6.0.${i}`).auth.customerLogin({ number: fields.number, password: `Wrong-${i}` })),
    );
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
    expect(result.checked).toBeGreaterThan(0);
    await expect(callerOn(two, "10.6.1.1").auth.customerLogin({ number: fields.number, password: fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });
});
