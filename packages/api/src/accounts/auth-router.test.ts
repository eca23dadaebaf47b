import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createContext } from "../context.ts";
import { createTestEnv, TEST_ADMIN, TEST_JWT_SECRET, type TestEnv } from "../testing.ts";
import { createTokenService } from "./tokens.ts";
import { verifyPassword } from "./passwords.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

let ipCounter = 0;
/** each test logs in from its own address so the per-IP limit of one test does not leak into another */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe("auth.customerLogin", () => {
  it("logs in by phone number or email and returns a working customer token", async () => {
    const a = await env.newCustomer();
    const anon = env.as(null, freshIp());
    const byNumber = await anon.auth.customerLogin({ number: a.fields.number, password: a.fields.password });
    expect(byNumber).toMatchObject({ customerId: a.customerId, firstName: a.fields.firstName });
    expect(Object.keys(byNumber).sort()).toEqual(["customerId", "firstName", "token"]);
    const verified = await env.services.tokens.verify(byNumber.token);
    expect(verified).toEqual({ ok: true, user: { role: "customer", customerId: a.customerId, sessionVersion: 0 } });
    const byEmail = await anon.auth.customerLogin({ email: a.fields.email.toUpperCase(), password: a.fields.password });
    expect(byEmail.customerId).toBe(a.customerId);
  });

  it("takes the phone number in the email field too (spec §7's first reading)", async () => {
    const a = await env.newCustomer();
    const anon = env.as(null, freshIp());
    const byPhoneAsEmail = await anon.auth.customerLogin({ email: ` ${a.fields.number} `, password: a.fields.password });
    expect(byPhoneAsEmail.customerId).toBe(a.customerId);
    await expect(anon.auth.customerLogin({ email: a.fields.number, password: "Wrong@Pass1" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("answers 401 'Invalid phone number or password.' for a wrong password or unknown number", async () => {
    const a = await env.newCustomer();
    const anon = env.as(null, freshIp());
    await expect(anon.auth.customerLogin({ number: a.fields.number, password: "Wrong@Pass1" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid phone number or password.",
    });
    await expect(anon.auth.customerLogin({ number: "9999999999", password: "whatever1" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid phone number or password.",
    });
  });

  it("validates with the spec's messages", async () => {
    const anon = env.as(null, freshIp());
    await expect(anon.auth.customerLogin({ number: "", password: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Phone Number is required" });
    await expect(anon.auth.customerLogin({ number: "9876543210", password: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Password is required",
    });
    await expect(anon.auth.customerLogin({ password: "abc" })).rejects.toMatchObject({ message: "Phone Number is required" });
  });

  it("refuses an inactive customer with 403 even with the right password", async () => {
    const a = await env.newCustomer();
    await env.admin.customers.setStatus({ customerId: a.customerId, customerStatus: false });
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: a.fields.password })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Your account is inactive. Please contact the store.",
    });
  });

  it("answers 429 after 10 failures a minute for one account, even from different addresses and with the right password", async () => {
    const a = await env.newCustomer();
    for (let i = 0; i < 10; i++) {
      await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: `Wrong${i}pass` })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: a.fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many failed logins\. Please wait \d+ seconds and try again\.$/),
    });
    // another account is not affected
    const b = await env.newCustomer();
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: b.fields.number, password: b.fields.password })).resolves.toMatchObject({
      customerId: b.customerId,
    });
  });

  it("counts failures by phone and by email against the same account", async () => {
    const a = await env.newCustomer();
    for (let i = 0; i < 10; i++) {
      const who = i % 2 === 0 ? { number: a.fields.number } : { email: a.fields.email };
      await expect(env.as(null, freshIp()).auth.customerLogin({ ...who, password: `Wrong${i}pass` })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    await expect(env.as(null, freshIp()).auth.customerLogin({ email: a.fields.email, password: a.fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: a.fields.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("answers 429 after 10 failures a minute from one address, across accounts", async () => {
    const ip = freshIp();
    const anon = env.as(null, ip);
    for (let i = 0; i < 10; i++) {
      await expect(anon.auth.customerLogin({ number: `90000000${String(i).padStart(2, "0")}`, password: "Wrong@123" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    const c = await env.newCustomer();
    await expect(anon.auth.customerLogin({ number: c.fields.number, password: c.fields.password })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(anon.auth.adminLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // the same customer from another address is fine
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: c.fields.number, password: c.fields.password })).resolves.toMatchObject({
      customerId: c.customerId,
    });
  });

  it("resets an account's failure count after a successful login", async () => {
    const a = await env.newCustomer();
    for (let i = 0; i < 9; i++) {
      await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: "Wrong@123" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    await env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: a.fields.password });
    for (let i = 0; i < 9; i++) {
      await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: "Wrong@123" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    await expect(env.as(null, freshIp()).auth.customerLogin({ number: a.fields.number, password: a.fields.password })).resolves.toMatchObject({
      customerId: a.customerId,
    });
  });
});

describe("auth.adminLogin", () => {
  it("logs in by email (any case) or phone and returns an admin token", async () => {
    const anon = env.as(null, freshIp());
    const byEmail = await anon.auth.adminLogin({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
    expect(byEmail.name).toBe("Test Admin");
    expect(await env.services.tokens.verify(byEmail.token)).toEqual({ ok: true, user: { role: "admin", adminId: env.adminId, sessionVersion: 0 } });
    const byPhone = await anon.auth.adminLogin({ email: TEST_ADMIN.phone, password: TEST_ADMIN.password });
    expect(await env.services.tokens.verify(byPhone.token)).toMatchObject({ ok: true, user: { role: "admin" } });
    expect(JSON.stringify(byEmail)).not.toMatch(/passwordHash|argon2/);
  });

  it("answers 401 for a wrong password or a customer's credentials, and validates blanks", async () => {
    const anon = env.as(null, freshIp());
    await expect(anon.auth.adminLogin({ email: TEST_ADMIN.email, password: "nope-nope" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid email/phone number or password.",
    });
    const a = await env.newCustomer();
    await expect(anon.auth.adminLogin({ email: a.fields.email, password: a.fields.password })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.auth.adminLogin({ email: " ", password: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Email/Phone Number is required",
    });
    await expect(anon.auth.adminLogin({ email: TEST_ADMIN.email, password: "" })).rejects.toMatchObject({ message: "Password is required" });
  });

  it("refuses text with a lone Unicode surrogate as a 400, for logins and searches alike", async () => {
    const anon = env.as(null, freshIp());
    const broken = { code: "BAD_REQUEST", message: expect.stringContaining("broken character") };
    await expect(anon.auth.adminLogin({ email: "\udfff\ud800", password: TEST_ADMIN.password })).rejects.toMatchObject(broken);
    await expect(anon.auth.customerLogin({ email: "a\ud800@x.in", password: "whatever1" })).rejects.toMatchObject(broken);
    await expect(anon.products.list({ search: "soap\udc00" })).rejects.toMatchObject(broken);
    // well-formed text beyond the BMP (a surrogate pair) is fine
    expect(await anon.products.list({ search: "soap 🧼" })).toEqual([]);
  });

  it("answers 429 after 10 failures for the admin account", async () => {
    // its own environment: blocking the shared admin account would break the other tests
    const own = await createTestEnv();
    try {
      for (let i = 0; i < 10; i++) {
        await expect(own.as(null, `10.9.0.${i}`).auth.adminLogin({ email: TEST_ADMIN.email, password: "wrong-pass" })).rejects.toMatchObject({
          code: "UNAUTHORIZED",
        });
      }
      await expect(own.as(null, "10.9.1.1").auth.adminLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
      });
      // naming the same admin by phone does not get around the limit
      await expect(own.as(null, "10.9.1.2").auth.adminLogin({ email: TEST_ADMIN.phone, password: TEST_ADMIN.password })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
      });
    } finally {
      await own.close();
    }
  });
});

describe("auth.adminMe and auth.adminChangePassword", () => {
  it("returns the admin without the hash; refuses customers and anonymous", async () => {
    const me = await env.admin.auth.adminMe();
    expect(me).toEqual({ adminId: env.adminId, name: "Test Admin", email: TEST_ADMIN.email, phone: TEST_ADMIN.phone, role: "owner" });
    const a = await env.newCustomer();
    await expect(a.caller.auth.adminMe()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.auth.adminMe()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.as({ role: "admin", adminId: 99999 }).auth.adminMe()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("changes the password only with the right current one", async () => {
    const own = await createTestEnv();
    try {
      await expect(own.admin.auth.adminChangePassword({ currentPassword: "wrong", newPassword: "Another@Pass1" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "The current password is not correct.",
      });
      await expect(own.admin.auth.adminChangePassword({ currentPassword: TEST_ADMIN.password, newPassword: "short" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "Password must be at least 10 characters",
      });
      await expect(own.admin.auth.adminChangePassword({ currentPassword: TEST_ADMIN.password, newPassword: "Another@Pass1" })).resolves.toEqual({
        success: true,
        message: "Password changed.",
        token: expect.any(String),
      });
      await expect(own.anonymous.auth.adminLogin({ email: TEST_ADMIN.email, password: "Another@Pass1" })).resolves.toHaveProperty("token");
      await expect(own.anonymous.auth.adminLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    } finally {
      await own.close();
    }
  });
});

describe("the admin's current password is limited like a login (issue 22)", () => {
  it("answers 429 TOO_MANY_ATTEMPTS after 10 wrong current passwords for the account, also from another address, and the right one then waits", async () => {
    const own = await createTestEnv();
    try {
      const admin = (ip: string) => own.as({ role: "admin", adminId: own.adminId }, ip);
      for (let i = 0; i < 10; i++) {
        await expect(admin("10.23.0.1").auth.adminChangePassword({ currentPassword: `wrong-${i}`, newPassword: "Another@Pass1" })).rejects.toMatchObject({
          code: "BAD_REQUEST",
          message: "The current password is not correct.",
          cause: expect.objectContaining({ code: "CURRENT_PASSWORD_INCORRECT" }),
        });
      }
      for (const ip of ["10.23.0.1", "10.23.0.2"]) {
        await expect(admin(ip).auth.adminChangePassword({ currentPassword: TEST_ADMIN.password, newPassword: "Another@Pass1" })).rejects.toMatchObject({
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(/^Too many wrong passwords\. Please wait \d+ seconds and try again\.$/),
          cause: expect.objectContaining({ code: "TOO_MANY_ATTEMPTS" }),
        });
      }
      expect(await verifyPassword((await own.handle.db.admin.findUniqueOrThrow({ where: { adminId: own.adminId } })).passwordHash, TEST_ADMIN.password)).toBe(
        true,
      );
    } finally {
      await own.close();
    }
  });
});

describe("tokens", () => {
  it("rejects a token signed with another secret, an expired one and a wrong role", async () => {
    const other = createTokenService("another-secret-that-is-at-least-32-chars!!");
    const forged = await other.sign({ role: "admin", adminId: env.adminId });
    expect(await env.services.tokens.verify(forged)).toEqual({ ok: false, problem: "Your session is not valid. Please log in again." });
    const { SignJWT } = await import("jose");
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("cleaning-store")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    expect(await env.services.tokens.verify(expired)).toEqual({ ok: false, problem: "Your session has expired. Please log in again." });
    const noRole = await new SignJWT({ role: "root" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("cleaning-store")
      .setExpirationTime("1h")
      .sign(key);
    expect(await env.services.tokens.verify(noRole)).toMatchObject({ ok: false });
  });

  it("refuses a signed token whose subject is no id of the database (over its int range, or not digits) instead of failing later (issue 22)", async () => {
    const { SignJWT } = await import("jose");
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    for (const sub of ["99999999999999999999", "2147483648", "1e3", "-1", "0", " 7"]) {
      const token = await new SignJWT({ role: "customer" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(sub)
        .setIssuer("cleaning-store")
        .setExpirationTime("1h")
        .sign(key);
      expect(await env.services.tokens.verify(token), sub).toEqual({ ok: false, problem: "Your session is not valid. Please log in again." });
    }
    const largest = await new SignJWT({ role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("2147483647")
      .setIssuer("cleaning-store")
      .setExpirationTime("1h")
      .sign(key);
    expect(await env.services.tokens.verify(largest)).toMatchObject({ ok: true, user: { role: "admin", adminId: 2147483647 } });
  });
});

describe("an admin's password change ends the admin's other sessions (issue 13, 8)", () => {
  it("refuses tokens issued before the change and accepts the fresh one", async () => {
    const own = await createTestEnv();
    try {
      const session = async (token: string) =>
        createCallerFactory(appRouter)(
          await createContext({ db: own.handle.db, services: own.services, authorization: `Bearer ${token}`, clientIp: "127.0.0.1" }),
        );
      const first = await session((await own.anonymous.auth.adminLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).token);
      const second = await session((await own.anonymous.auth.adminLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).token);
      const { token } = await first.auth.adminChangePassword({ currentPassword: TEST_ADMIN.password, newPassword: "Another@Pass1" });
      await expect(first.auth.adminMe()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(second.stats.dashboard()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect((await session(token)).auth.adminMe()).resolves.toMatchObject({ email: TEST_ADMIN.email });
    } finally {
      await own.close();
    }
  });
});
