// OWASP API2 at the service level: tokens expire after their time to live (checked with a moved
// clock), and the login limiter blocks per IP and per account, and lets go after its window.
// The HTTP-level suites are in apps/server/src/security/.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokenService } from "./tokens.ts";
import { createLoginLimiter } from "./login-limiter.ts";
import { createTestEnv, TEST_JWT_SECRET } from "../testing.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("tokens expire", () => {
  it("a customer token is valid for 7 days and refused after, an admin token after 12 hours", async () => {
    const tokens = createTokenService(TEST_JWT_SECRET);
    const start = new Date("2026-01-01T00:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const customer = await tokens.sign({ role: "customer", customerId: 7 });
    const admin = await tokens.sign({ role: "admin", adminId: 1 });
    vi.setSystemTime(new Date(start.getTime() + 12 * 3600_000 - 60_000));
    expect(await tokens.verify(admin)).toMatchObject({ ok: true });
    vi.setSystemTime(new Date(start.getTime() + 12 * 3600_000 + 60_000));
    expect(await tokens.verify(admin)).toEqual({ ok: false, problem: "Your session has expired. Please log in again." });
    expect(await tokens.verify(customer)).toMatchObject({ ok: true, user: { role: "customer", customerId: 7 } });
    vi.setSystemTime(new Date(start.getTime() + 7 * 86400_000 + 60_000));
    expect(await tokens.verify(customer)).toEqual({ ok: false, problem: "Your session has expired. Please log in again." });
  });

  it("a token of another secret or another issuer is not valid", async () => {
    const ours = createTokenService(TEST_JWT_SECRET);
    const theirs = createTokenService("another-secret-that-is-at-least-32-characters");
    const otherIssuer = createTokenService(TEST_JWT_SECRET, "someone-else");
    expect(await ours.verify(await theirs.sign({ role: "admin", adminId: 1 }))).toMatchObject({ ok: false });
    expect(await ours.verify(await otherIssuer.sign({ role: "admin", adminId: 1 }))).toMatchObject({ ok: false });
  });
});

describe("login limiter", () => {
  it("blocks an IP after its failures whatever the account, an account whatever the IP, and lets go after the window", async () => {
    const limiter = createLoginLimiter({ failures: 3, windowSeconds: 1 });
    for (let i = 0; i < 3; i++) expect(await limiter.reserve("1.1.1.1", `account-${i}`)).toBe(0);
    expect(await limiter.reserve("1.1.1.1", "someone-new")).toBeGreaterThan(0);
    expect(await limiter.reserve("2.2.2.2", "someone-new")).toBe(0);
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(`3.3.3.${i}`, i === 0 ? "Victim@Example.in" : "victim@example.in")).toBe(0);
    expect(await limiter.reserve("4.4.4.4", "victim@example.in")).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await limiter.reserve("1.1.1.1", "someone-new")).toBe(0);
    expect(await limiter.reserve("4.4.4.4", "victim@example.in")).toBe(0);
  });

  it("through the procedure: the 11th failed login of a phone number is 429 even with the right password", async () => {
    const env = await createTestEnv();
    try {
      const { fields } = await env.newCustomer();
      for (let i = 0; i < 10; i++) {
        await expect(env.as(null, `10.0.0.${i}`).auth.customerLogin({ number: fields.number, password: `wrong-${i}` })).rejects.toMatchObject({
          code: "UNAUTHORIZED",
        });
      }
      await expect(env.as(null, "10.0.1.1").auth.customerLogin({ number: fields.number, password: fields.password })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
      });
    } finally {
      await env.close();
    }
  });
});
