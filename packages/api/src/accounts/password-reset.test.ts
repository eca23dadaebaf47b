// "Forgot password?" (issue 16) at procedure depth: same answer for every address, a single-use link
// valid 30 minutes, the password policy, every earlier session ended, the admin's own flow, limits.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@store/db";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createInnerContext } from "../context.ts";
import { createResetLimiter } from "./reset-limiter.ts";
import { hashPassword } from "./passwords.ts";
import type * as Passwords from "./passwords.ts";

// every argon2 hash the store makes, counted (the real hash still runs)
vi.mock("./passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

/** The token of the newest reset mail to `to`, read from the outbox as the mailbox would get it. */
async function tokenMailedTo(to: string, page = "resetPassword"): Promise<string> {
  const mail = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: to, kind: "password-reset" }, orderBy: { messageId: "desc" } });
  const token = new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}

const NEW_PASSWORD = "Lemon-Scented-Floor-2026";

describe("customer password reset", () => {
  it("answers the same whether or not the account exists, and mails only a real one", async () => {
    const { fields } = await env.newCustomer();
    const before = await env.handle.db.outboxMessage.count({ where: { kind: "password-reset" } });
    const known = await env.anonymous.auth.customerForgotPassword({ email: fields.email });
    const byPhone = await env.anonymous.auth.customerForgotPassword({ number: fields.number });
    const unknown = await env.anonymous.auth.customerForgotPassword({ email: "nobody.here@example.in" });
    expect(unknown).toEqual(known);
    expect(byPhone).toEqual(known);
    expect(await env.handle.db.outboxMessage.count({ where: { kind: "password-reset" } })).toBe(before + 2);
    // the token is stored only as its hash
    const token = await tokenMailedTo(fields.email);
    expect(await env.handle.db.passwordResetToken.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("sets the new password once: a weak one is refused and changes nothing, the link works once, earlier sessions end", async () => {
    const shopper = await env.newCustomer();
    const login = await env.anonymous.auth.customerLogin({ number: shopper.fields.number, password: shopper.fields.password });
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });
    const token = await tokenMailedTo(shopper.fields.email);

    await expect(env.anonymous.auth.customerResetPassword({ token, password: "password123" })).rejects.toThrow(/common|guess/i);
    await expect(env.anonymous.auth.customerResetPassword({ token, password: "Password1!" })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "PASSWORD_TOO_WEAK" }),
    });
    await expect(env.anonymous.auth.customerResetPassword({ token, password: "short" })).rejects.toThrow("at least 10 characters");
    const ok = await env.anonymous.auth.customerResetPassword({ token, password: NEW_PASSWORD });
    expect(ok.message).toContain("password is changed");
    await expect(env.anonymous.auth.customerResetPassword({ token, password: NEW_PASSWORD })).rejects.toThrow("not valid any more");

    await expect(env.anonymous.auth.customerLogin({ number: shopper.fields.number, password: shopper.fields.password })).rejects.toThrow();
    const fresh = await env.anonymous.auth.customerLogin({ number: shopper.fields.number, password: NEW_PASSWORD });
    expect(fresh.customerId).toBe(shopper.customerId);
    // the session from before the reset is over
    const old = await env.services.tokens.verify(login.token);
    if (!old.ok) throw new Error(old.problem);
    await expect(env.as(old.user).customers.details({ customerId: shopper.customerId })).rejects.toThrow(/session/i);
  });

  it("refuses an expired, unknown or another role's token with a clear 400", async () => {
    const anonymous = env.as(null, "10.16.0.3");
    const shopper = await env.newCustomer();
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });
    const token = await tokenMailedTo(shopper.fields.email);
    await expect(anonymous.auth.adminResetPassword({ token, password: NEW_PASSWORD })).rejects.toMatchObject({
      message: expect.stringContaining("not valid any more"),
      cause: expect.objectContaining({ code: "RESET_TOKEN_INVALID" }),
    });
    await expect(anonymous.auth.customerResetPassword({ token: "x".repeat(43), password: NEW_PASSWORD })).rejects.toThrow("not valid any more");
    await env.handle.db.passwordResetToken.updateMany({
      where: { subjectId: shopper.customerId, role: "customer" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(anonymous.auth.customerResetPassword({ token, password: NEW_PASSWORD })).rejects.toThrow("older than 30 minutes");
    await expect(env.anonymous.auth.customerForgotPassword({})).rejects.toThrow("Enter your email or phone number");
  });

  it("of many parallel resets with one link exactly one succeeds", async () => {
    const shopper = await env.newCustomer();
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });
    const token = await tokenMailedTo(shopper.fields.email);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => env.as(null, "10.16.0.4").auth.customerResetPassword({ token, password: NEW_PASSWORD })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("admin password reset", () => {
  it("mails the admin a link to its own reset page and ends its earlier sessions", async () => {
    const admin = await env.handle.db.admin.create({
      data: { name: "Second Admin", email: "second.admin@test.in", passwordHash: await hashPassword("Old-Admin-Password-1") },
    });
    const before = env.as({ role: "admin", adminId: admin.adminId, sessionVersion: 0 });
    await before.auth.adminMe();
    await env.anonymous.auth.adminForgotPassword({ email: admin.email });
    const token = await tokenMailedTo(admin.email, "adminResetPassword");
    await expect(env.as(null, "10.16.0.5").auth.customerResetPassword({ token, password: NEW_PASSWORD })).rejects.toThrow("not valid any more");
    await env.anonymous.auth.adminResetPassword({ token, password: NEW_PASSWORD });
    await expect(before.auth.adminMe()).rejects.toThrow(/session/i);
    const login = await env.anonymous.auth.adminLogin({ email: admin.email, password: NEW_PASSWORD });
    expect(login.name).toBe("Second Admin");
  });
});

describe("reset limits", () => {
  it("3 requests an hour for one account and 10 from one address, whether or not the account exists", async () => {
    const limiter = createResetLimiter();
    for (let i = 0; i < 3; i++) expect(await limiter.attempt("10.0.0.1", "customer:someone@example.in")).toBe(0);
    expect(await limiter.attempt("10.0.0.2", "customer:someone@example.in")).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) expect(await limiter.attempt("10.0.0.3", `customer:n${i}@example.in`)).toBe(0);
    for (let i = 7; i < 10; i++) await limiter.attempt("10.0.0.3", `customer:n${i}@example.in`);
    expect(await limiter.attempt("10.0.0.3", "customer:fresh@example.in")).toBeGreaterThan(0);
  });
});

describe("using a reset link (issue 22)", () => {
  const hashes = vi.mocked(hashPassword);
  /** Hashes made since the last call. */
  let seen = 0;
  const newHashes = () => {
    const made = hashes.mock.calls.length - seen;
    seen = hashes.mock.calls.length;
    return made;
  };

  it("checks the token before hashing: made-up tokens make no hash, and an address gets 429 TOO_MANY_ATTEMPTS after 10 tries a minute", async () => {
    const address = env.as(null, "10.16.1.1");
    newHashes();
    for (let i = 0; i < 10; i++) {
      const reset = i % 2 === 0 ? address.auth.customerResetPassword : address.auth.adminResetPassword;
      await expect(reset({ token: `made-up-token-${i}-${"x".repeat(30)}`, password: NEW_PASSWORD })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        cause: expect.objectContaining({ code: "RESET_TOKEN_INVALID" }),
      });
    }
    expect(newHashes()).toBe(0);
    // the 11th, even with a real link, waits: the address has spent its tries
    const shopper = await env.newCustomer();
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });
    const token = await tokenMailedTo(shopper.fields.email);
    newHashes();
    await expect(address.auth.customerResetPassword({ token, password: NEW_PASSWORD })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many tries of reset links\. Please wait \d+ seconds and try again\.$/),
      cause: expect.objectContaining({ code: "TOO_MANY_ATTEMPTS" }),
    });
    expect(newHashes()).toBe(0);
    // another address uses the link: one hash, the new password's
    await expect(env.as(null, "10.16.1.2").auth.customerResetPassword({ token, password: NEW_PASSWORD })).resolves.toMatchObject({ success: true });
    expect(newHashes()).toBe(1);
  });

  it("a weak password with a good link makes no hash and leaves the link usable", async () => {
    const shopper = await env.newCustomer();
    await env.anonymous.auth.customerForgotPassword({ email: shopper.fields.email });
    const token = await tokenMailedTo(shopper.fields.email);
    const address = env.as(null, "10.16.1.3");
    newHashes();
    await expect(address.auth.customerResetPassword({ token, password: "aaaaaaaaaa" })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "PASSWORD_TOO_WEAK" }),
    });
    expect(newHashes()).toBe(0);
    await expect(address.auth.customerResetPassword({ token, password: NEW_PASSWORD })).resolves.toMatchObject({ success: true });
    expect(newHashes()).toBe(1);
  });
});

describe("a reset request does the same work for an unknown account as for a known one (issue 22)", () => {
  /** The database calls of one request, in order, as model.operation (a Prisma query extension). */
  async function callsOf(role: "customer" | "admin", input: { email?: string; number?: string }, ip: string) {
    const calls: string[] = [];
    const recording = env.handle.db.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          calls.push(`${model ?? "$"}.${operation}`);
          return query(args);
        },
      },
    }) as unknown as Db;
    const caller = createCallerFactory(appRouter)(createInnerContext({ db: recording, services: env.services, auth: null, clientIp: ip }));
    const forgot = role === "customer" ? caller.auth.customerForgotPassword : caller.auth.adminForgotPassword;
    const answer = await forgot(input);
    return { answer, calls };
  }

  it("customer by email and by phone, and the admin: the same answer and the same database calls; only a known account keeps a link and a mail", async () => {
    const shopper = await env.newCustomer();
    const rows = async () => ({
      links: await env.handle.db.passwordResetToken.count(),
      mails: await env.handle.db.outboxMessage.count({ where: { kind: "password-reset" } }),
    });
    const cases = [
      { role: "customer" as const, known: { email: shopper.fields.email }, unknown: { email: "nobody.at.all@example.in" } },
      { role: "customer" as const, known: { number: shopper.fields.number }, unknown: { number: "9099999999" } },
      { role: "admin" as const, known: { email: "admin@test.in" }, unknown: { email: "not.an.admin@test.in" } },
    ];
    for (const [i, c] of cases.entries()) {
      const before = await rows();
      const known = await callsOf(c.role, c.known, `10.16.2.${i}`);
      const afterKnown = await rows();
      const unknown = await callsOf(c.role, c.unknown, `10.16.3.${i}`);
      expect(unknown.answer).toEqual(known.answer);
      expect(unknown.calls, JSON.stringify(c.unknown)).toEqual(known.calls);
      expect(known.calls).toEqual(expect.arrayContaining(["PasswordResetToken.create", "OutboxMessage.create"]));
      expect(afterKnown).toEqual({ links: before.links + 1, mails: before.mails + 1 });
      expect(await rows()).toEqual(afterKnown);
    }
  });
});
