// HTTP tests of the customer, login and admin paths of /api/v1 through the real Fastify app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFields, TEST_ADMIN, TEST_JWT_SECRET } from "@store/api/testing";
import { createSignupLimiter, hashPassword } from "@store/api";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let ip = 0;
const freshIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

function expectSpringError(res: { statusCode: number; json(): unknown; body: string }, status: number, error: string, path: string, message?: string | RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status, error, path, timestamp: expect.stringMatching(ISO), code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/) });
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
  expect(res.body).not.toMatch(/passwordHash|argon2|\bat .+\.(ts|js):\d+/);
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const fields = customerFields(overrides);
  const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: fields, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  const customerId = res.json().customerId as number;
  return { fields, customerId, token: await env.tokenFor(customerId) };
}

describe("POST /api/v1/customers/save", () => {
  it("registers and answers { success, message }", async () => {
    const fields = customerFields();
    const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: fields });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Registration successful. Please log in.", customerId: expect.any(Number) });
    expect(res.body).not.toMatch(/password/i);
    expect(await env.handle.db.customer.count({ where: { number: fields.number } })).toBe(1);
  });

  it("answers 400 with the first human message and the field errors", async () => {
    const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ email: "nope" }) });
    expectSpringError(res, 400, "Bad Request", "/api/v1/customers/save", "Enter a valid email address");
    expect(res.json().errors).toEqual({ email: "Enter a valid email address" });
    const phone = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ number: "12345678901" }) });
    expectSpringError(phone, 400, "Bad Request", "/api/v1/customers/save", "Phone Number must be at most 10 digits");
  });

  it("answers 409 naming the duplicate", async () => {
    const a = await signUp();
    const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ number: a.fields.number }) });
    expectSpringError(res, 409, "Conflict", "/api/v1/customers/save", "A customer with this phone number is already registered.");
    const res2 = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ email: a.fields.email }) });
    expectSpringError(res2, 409, "Conflict", "/api/v1/customers/save", "A customer with this email is already registered.");
  });

  it("answers one 200 and named 409s (never a 500) to simultaneous sign-ups with the same phone", async () => {
    const number = customerFields().number;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ number }) })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expectSpringError(r, 409, "Conflict", "/api/v1/customers/save", "A customer with this phone number is already registered.");
    }
  });

  it("answers 400 for broken JSON and 415 for an unsupported content type (never 5xx)", async () => {
    const broken = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", headers: { "content-type": "application/json" }, payload: "{oops" });
    expectSpringError(broken, 400, "Bad Request", "/api/v1/customers/save", "The request body is not valid JSON.");
    const text = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", headers: { "content-type": "text/plain" }, payload: "firstName=x" });
    expectSpringError(text, 415, "Unsupported Media Type", "/api/v1/customers/save");
    const wrongTypes = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: { ...customerFields(), firstName: 12, number: ["x"] } });
    expect(wrongTypes.statusCode).toBe(400);
  });

  it("answers 413 for a body over the limit", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/save",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...customerFields(), areaAddress: "x".repeat(9 * 1024 * 1024) }),
    });
    expectSpringError(res, 413, "Payload Too Large", "/api/v1/customers/save");
  });
});

describe("sign-up limit per address (API6)", () => {
  it("answers 429 after the allowed sign-up attempts of an hour from one address, counting refused ones too; other addresses go on", async () => {
    const limited = await buildApp({
      handle: env.handle,
      services: { ...env.services, signupLimiter: createSignupLimiter({ perHour: 3 }) },
      logLevel: "silent",
    });
    try {
      const save = (payload: Record<string, unknown>, remoteAddress: string) =>
        limited.inject({ method: "POST", url: "/api/v1/customers/save", payload, remoteAddress });
      const first = customerFields();
      expect((await save(first, "10.77.0.1")).statusCode).toBe(200);
      // a taken phone number (409: which numbers are registered is what a flood would probe) counts
      expect((await save({ ...customerFields(), number: first.number }, "10.77.0.1")).statusCode).toBe(409);
      expect((await save(customerFields(), "10.77.0.1")).statusCode).toBe(200);
      const fourth = customerFields();
      const refused = await save(fourth, "10.77.0.1");
      expectSpringError(
        refused,
        429,
        "Too Many Requests",
        "/api/v1/customers/save",
        /^Too many sign-ups from your network\. Please try again in \d+ minutes\.$/,
      );
      expect(await env.handle.db.customer.count({ where: { number: fourth.number } })).toBe(0);
      expect((await save(fourth, "10.77.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("probing phone numbers through POST /customers/update counts like sign-ups (issue 13): the 4th change from one address is 429", async () => {
    const limited = await buildApp({
      handle: env.handle,
      services: { ...env.services, signupLimiter: createSignupLimiter({ perHour: 3 }) },
      logLevel: "silent",
    });
    try {
      const { customerId, fields } = await env.newCustomer();
      const taken = await env.newCustomer();
      const token = await env.tokenFor(customerId);
      const update = (number: string) =>
        limited.inject({
          method: "POST",
          url: `/api/v1/customers/update/${customerId}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { ...fields, customerId, number, password: "" },
          remoteAddress: "10.78.0.1",
        });
      // saving the profile unchanged is not a probe: never counted
      for (let i = 0; i < 4; i++) expect((await update(fields.number)).statusCode).toBe(200);
      expect((await update(taken.fields.number)).statusCode).toBe(409);
      expect((await update(customerFields().number)).statusCode).toBe(200);
      expect((await update(taken.fields.number)).statusCode).toBe(409);
      const refused = await update(customerFields().number);
      expectSpringError(
        refused,
        429,
        "Too Many Requests",
        `/api/v1/customers/update/${customerId}`,
        /^Too many changes of phone number or email from your network\./,
      );
    } finally {
      await limited.close();
    }
  });
});

describe("POST /api/v1/customers/login", () => {
  it("logs in by number or email and answers { token, customerId }", async () => {
    const a = await signUp();
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ customerId: a.customerId, token: expect.any(String) });
    const me = await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${a.customerId}`, headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    const byEmail = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { email: a.fields.email, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(byEmail.json().customerId).toBe(a.customerId);
    // the phone number in the email field (spec §7's first reading)
    const byPhoneInEmail = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { email: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(byPhoneInEmail.statusCode).toBe(200);
    expect(byPhoneInEmail.json().customerId).toBe(a.customerId);
  });

  it("answers 401 with error 'Unauthorized' and a message; 400 for blanks", async () => {
    const a = await signUp();
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: "wrong-pass" },
      remoteAddress: freshIp(),
    });
    expectSpringError(res, 401, "Unauthorized", "/api/v1/customers/login", "Invalid phone number or password.");
    const blank = await env.app.inject({ method: "POST", url: "/api/v1/customers/login", payload: { number: "", password: "" }, remoteAddress: freshIp() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Phone Number is required|Password is required/);
  });

  it("answers 403 to an inactive customer, whose token also stops working", async () => {
    const a = await signUp();
    const token = (
      await env.app.inject({
        method: "POST",
        url: "/api/v1/customers/login",
        payload: { number: a.fields.number, password: a.fields.password },
        remoteAddress: freshIp(),
      })
    ).json().token;
    const off = await env.app.inject({
      method: "POST",
      url: `/api/v1/customers/status/${a.customerId}`,
      headers: bearer(env.adminToken),
      payload: { customerStatus: false },
    });
    expect(off.statusCode).toBe(200);
    const login = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expectSpringError(login, 403, "Forbidden", "/api/v1/customers/login", "Your account is inactive. Please contact the store.");
    const me = await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${a.customerId}`, headers: bearer(token) });
    expectSpringError(me, 403, "Forbidden", `/api/v1/customers/details/${a.customerId}`);
  });

  it("answers 429 after 10 failed logins a minute from one IP", async () => {
    const address = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await env.app.inject({
        method: "POST",
        url: "/api/v1/customers/login",
        payload: { number: `91000000${String(i).padStart(2, "0")}`, password: "Wrong@123" },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(401);
    }
    const a = await signUp();
    const blocked = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: address,
    });
    expectSpringError(blocked, 429, "Too Many Requests", "/api/v1/customers/login", /^Too many failed logins/);
    const elsewhere = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("answers 429 after 10 failed logins a minute for one account from many IPs", async () => {
    const a = await signUp();
    for (let i = 0; i < 10; i++) {
      const res = await env.app.inject({
        method: "POST",
        url: "/api/v1/customers/login",
        payload: { number: a.fields.number, password: `Wrong${i}xx` },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe("POST /api/v1/admin/login", () => {
  it("logs in by email or phone and answers { token }; 401 'Unauthorized' otherwise", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/admin/login",
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().token;
    expect((await env.app.inject({ method: "GET", url: "/api/v1/customers/details", headers: bearer(token) })).statusCode).toBe(200);
    const byPhone = await env.app.inject({
      method: "POST",
      url: "/api/v1/admin/login",
      payload: { email: TEST_ADMIN.phone, password: TEST_ADMIN.password },
      remoteAddress: freshIp(),
    });
    expect(byPhone.json()).toHaveProperty("token");
    const bad = await env.app.inject({
      method: "POST",
      url: "/api/v1/admin/login",
      payload: { email: TEST_ADMIN.email, password: "x-wrong" },
      remoteAddress: freshIp(),
    });
    expectSpringError(bad, 401, "Unauthorized", "/api/v1/admin/login", "Invalid email/phone number or password.");
    const blank = await env.app.inject({ method: "POST", url: "/api/v1/admin/login", payload: { email: "", password: "x" }, remoteAddress: freshIp() });
    expectSpringError(blank, 400, "Bad Request", "/api/v1/admin/login", "Email/Phone Number is required");
  });

  it("answers 400 (not 500) to a lone Unicode surrogate in the JSON, over REST and tRPC", async () => {
    // JSON's \udfff escape survives parsing as a lone surrogate, which Prisma's query compiler refuses
    const payload = '{"email":"\\udfff\\ud800","password":"Admin@Test123"}';
    const rest = await env.app.inject({
      method: "POST",
      url: "/api/v1/admin/login",
      headers: { "content-type": "application/json" },
      payload,
      remoteAddress: freshIp(),
    });
    expectSpringError(rest, 400, "Bad Request", "/api/v1/admin/login", /broken character/);
    const trpc = await env.app.inject({
      method: "POST",
      url: "/api/trpc/auth.adminLogin",
      headers: { "content-type": "application/json" },
      payload: `{"json":${payload}}`,
      remoteAddress: freshIp(),
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.body).toMatch(/broken character/);
  });

  it("GET /admin/me needs an admin token", async () => {
    const a = await signUp();
    expect((await env.app.inject({ method: "GET", url: "/api/v1/admin/me", headers: bearer(env.adminToken) })).json()).toMatchObject({
      email: TEST_ADMIN.email,
    });
    expectSpringError(await env.app.inject({ method: "GET", url: "/api/v1/admin/me", headers: bearer(a.token) }), 403, "Forbidden", "/api/v1/admin/me");
    expectSpringError(await env.app.inject({ method: "GET", url: "/api/v1/admin/me" }), 401, "Unauthorized", "/api/v1/admin/me", "Please log in to continue.");
  });
});

describe("GET /api/v1/customers/details/{customerId}", () => {
  it("access matrix: self 200, admin 200, other 403, anonymous 401, bad token 401, missing 404, bad id 400", async () => {
    const a = await signUp();
    const b = await signUp();
    const url = `/api/v1/customers/details/${a.customerId}`;
    const self = await env.app.inject({ method: "GET", url, headers: bearer(a.token) });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ customerId: a.customerId, firstName: a.fields.firstName, customerStatus: true });
    expect(self.body).not.toMatch(/password/i);
    expect((await env.app.inject({ method: "GET", url, headers: bearer(env.adminToken) })).statusCode).toBe(200);
    expectSpringError(await env.app.inject({ method: "GET", url, headers: bearer(b.token) }), 403, "Forbidden", url);
    expectSpringError(await env.app.inject({ method: "GET", url }), 401, "Unauthorized", url, "Please log in to continue.");
    expectSpringError(
      await env.app.inject({ method: "GET", url, headers: bearer("not.a.jwt") }),
      401,
      "Unauthorized",
      url,
      "Your session is not valid. Please log in again.",
    );
    expectSpringError(
      await env.app.inject({ method: "GET", url: "/api/v1/customers/details/999999", headers: bearer(env.adminToken) }),
      404,
      "Not Found",
      "/api/v1/customers/details/999999",
    );
    expectSpringError(
      await env.app.inject({ method: "GET", url: "/api/v1/customers/details/abc", headers: bearer(env.adminToken) }),
      400,
      "Bad Request",
      "/api/v1/customers/details/abc",
      "Customer id must be a number",
    );
  });
});

describe("GET /api/v1/customers/details", () => {
  it("is an array for the admin, never with password hashes; 403/401 otherwise", async () => {
    const a = await signUp();
    const res = await env.app.inject({ method: "GET", url: "/api/v1/customers/details", headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c: { customerId: number }) => c.customerId)).toContain(a.customerId);
    expect(res.body).not.toMatch(/passwordHash|argon2|"password"/);
    expectSpringError(
      await env.app.inject({ method: "GET", url: "/api/v1/customers/details", headers: bearer(a.token) }),
      403,
      "Forbidden",
      "/api/v1/customers/details",
    );
    expectSpringError(await env.app.inject({ method: "GET", url: "/api/v1/customers/details" }), 401, "Unauthorized", "/api/v1/customers/details");
  });
});

describe("POST /api/v1/customers/update/{customerId}", () => {
  it("self may update (status ignored, blank password keeps the old one); other 403; admin may switch status", async () => {
    const a = await signUp();
    const b = await signUp();
    const url = `/api/v1/customers/update/${a.customerId}`;
    const self = await env.app.inject({
      method: "POST",
      url,
      headers: bearer(a.token),
      payload: { ...a.fields, city: "Indore", password: "", customerStatus: false },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ success: true, customer: { city: "Indore", customerStatus: true } });
    expect(self.body).not.toMatch(/password/i);
    const login = await env.app.inject({
      method: "POST",
      url: "/api/v1/customers/login",
      payload: { number: a.fields.number, password: a.fields.password },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    expectSpringError(await env.app.inject({ method: "POST", url, headers: bearer(b.token), payload: { ...a.fields, city: "X" } }), 403, "Forbidden", url);
    expectSpringError(await env.app.inject({ method: "POST", url, payload: a.fields }), 401, "Unauthorized", url);
    const admin = await env.app.inject({ method: "POST", url, headers: bearer(env.adminToken), payload: { ...a.fields, customerStatus: false } });
    expect(admin.json().customer.customerStatus).toBe(false);
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).customerStatus).toBe(false);
    expectSpringError(
      await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${a.customerId}`, headers: bearer(a.token) }),
      403,
      "Forbidden",
      `/api/v1/customers/details/${a.customerId}`,
    );
  });

  it("answers 409 on a taken phone or email without saying which to the customer (issue 22), and 400 on bad fields", async () => {
    const a = await signUp();
    const b = await signUp();
    const url = `/api/v1/customers/update/${a.customerId}`;
    for (const taken of [{ number: b.fields.number }, { email: b.fields.email }]) {
      const res = await env.app.inject({ method: "POST", url, headers: bearer(a.token), payload: { ...a.fields, ...taken }, remoteAddress: freshIp() });
      expectSpringError(res, 409, "Conflict", url, "This phone number or email cannot be used. Please enter another.");
      expect(res.json().code).toBe("PHONE_OR_EMAIL_UNAVAILABLE");
    }
    expectSpringError(
      await env.app.inject({ method: "POST", url, headers: bearer(a.token), payload: { ...a.fields, pinCode: "12" } }),
      400,
      "Bad Request",
      url,
      "Pin Code must be 6 digits",
    );
  });
});

describe("a details answer posted back to POST /customers/update (issue 22)", () => {
  it("is accepted as it came, null GSTIN and read-only fields included: the admin flips customerStatus, the customer saves its profile", async () => {
    const a = await signUp();
    const url = `/api/v1/customers/update/${a.customerId}`;
    const details = async (token: string) => {
      const res = await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${a.customerId}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json<Record<string, unknown>>();
    };
    const record = await details(env.adminToken);
    expect(record).toMatchObject({ gstin: null, customerStatus: true, customerId: a.customerId, createdAt: expect.stringMatching(ISO) });
    const flipped = await env.app.inject({ method: "POST", url, headers: bearer(env.adminToken), payload: { ...record, customerStatus: false } });
    expect(flipped.statusCode, flipped.body).toBe(200);
    expect(flipped.json().customer).toMatchObject({ customerStatus: false, gstin: null, firstName: a.fields.firstName });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).customerStatus).toBe(false);
    const back = await env.app.inject({
      method: "POST",
      url,
      headers: bearer(env.adminToken),
      payload: { ...(await details(env.adminToken)), customerStatus: true },
    });
    expect(back.json().customer.customerStatus).toBe(true);

    // the customer's own profile screen shares the schema: its details, a city changed, saved back
    const own = await details(a.token);
    const saved = await env.app.inject({ method: "POST", url, headers: bearer(a.token), payload: { ...own, city: "Indore" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().customer).toMatchObject({ city: "Indore", gstin: null, customerStatus: true });
    // a GSTIN set is answered and taken back the same way
    await env.handle.db.customer.update({ where: { customerId: a.customerId }, data: { gstin: "27AAACC1234D1ZC" } });
    const withGstin = await details(a.token);
    const again = await env.app.inject({ method: "POST", url, headers: bearer(a.token), payload: withGstin });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().customer.gstin).toBe("27AAACC1234D1ZC");
  });
});

describe("account security findings (issue 22)", () => {
  it("sign-up refuses line breaks and control characters in names with a 400 that says so", async () => {
    const names: [field: string, value: string, label: string][] = [
      ["firstName", "Asha\nSubject: You won", "First Name"],
      ["lastName", "Verma\r\nBcc: all@example.in", "Last Name"],
      ["firstName", "Asha\u0007", "First Name"],
    ];
    for (const [field, value, label] of names) {
      const res = await env.app.inject({
        method: "POST",
        url: "/api/v1/customers/save",
        payload: customerFields({ [field]: value }),
        remoteAddress: freshIp(),
      });
      expectSpringError(res, 400, "Bad Request", "/api/v1/customers/save", `${label} may not contain line breaks or control characters`);
    }
  });

  it("sign-up refuses repeated characters, a decorated common password and the store's name: 400 PASSWORD_TOO_WEAK", async () => {
    for (const password of ["aaaaaaaaaa", "Password1!", "Clean Store", "cleanstore123"]) {
      const res = await env.app.inject({ method: "POST", url: "/api/v1/customers/save", payload: customerFields({ password }), remoteAddress: freshIp() });
      expectSpringError(res, 400, "Bad Request", "/api/v1/customers/save", /easy to guess/);
      expect(res.json().code, password).toBe("PASSWORD_TOO_WEAK");
    }
  });

  it("answers 401 (not 500) to a token signed with the right secret whose subject overflows an int", async () => {
    const { SignJWT } = await import("jose");
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    for (const role of ["customer", "admin"]) {
      const token = await new SignJWT({ role, sv: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("99999999999999999999")
        .setIssuer("cleaning-store")
        .setExpirationTime("1h")
        .sign(key);
      const url = role === "admin" ? "/api/v1/admin/me" : "/api/v1/customers/details/1";
      expectSpringError(
        await env.app.inject({ method: "GET", url, headers: bearer(token) }),
        401,
        "Unauthorized",
        url,
        "Your session is not valid. Please log in again.",
      );
    }
  });

  it("a reset link's tries are limited per address: 400 RESET_TOKEN_INVALID, then 429 TOO_MANY_ATTEMPTS", async () => {
    const address = freshIp();
    const reset = (url: string, i: number) =>
      env.app.inject({ method: "POST", url, payload: { token: `made-up-${i}-${"y".repeat(40)}`, password: "Neem-Tulsi-Handwash-77" }, remoteAddress: address });
    for (let i = 0; i < 10; i++) {
      const url = i % 2 ? "/api/v1/admin/password/reset" : "/api/v1/customers/password/reset";
      const res = await reset(url, i);
      expectSpringError(res, 400, "Bad Request", url, /not valid any more/);
      expect(res.json().code).toBe("RESET_TOKEN_INVALID");
    }
    const refused = await reset("/api/v1/customers/password/reset", 10);
    expectSpringError(
      refused,
      429,
      "Too Many Requests",
      "/api/v1/customers/password/reset",
      /^Too many tries of reset links\. Please wait \d+ seconds and try again\.$/,
    );
    expect(refused.json().code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("current-password checks are limited like logins: the customer's profile and /admin/password answer 429 TOO_MANY_ATTEMPTS", async () => {
    const a = await signUp();
    const address = freshIp();
    const url = `/api/v1/customers/update/${a.customerId}`;
    const change = (currentPassword: string) =>
      env.app.inject({
        method: "POST",
        url,
        headers: bearer(a.token),
        payload: { ...a.fields, password: "Brand@New123", currentPassword },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) expectSpringError(await change(`Wrong@Guess${i}`), 400, "Bad Request", url, "The current password is not correct.");
    const refused = await change(a.fields.password);
    expectSpringError(refused, 429, "Too Many Requests", url, /^Too many wrong passwords\. Please wait \d+ seconds and try again\.$/);
    expect(refused.json().code).toBe("TOO_MANY_ATTEMPTS");

    // the admin's: a second admin account, so the shared one stays usable
    const second = await env.handle.db.admin.create({
      data: { name: "Second Owner", email: "second.owner@test.in", passwordHash: await hashPassword("Second-Owner-Password-26") },
    });
    const adminToken = await env.services.tokens.sign({ role: "admin", adminId: second.adminId });
    const adminAddress = freshIp();
    const changeAdmin = (currentPassword: string) =>
      env.app.inject({
        method: "POST",
        url: "/api/v1/admin/password",
        headers: bearer(adminToken),
        payload: { currentPassword, newPassword: "Another@Pass1" },
        remoteAddress: adminAddress,
      });
    for (let i = 0; i < 10; i++) {
      const res = await changeAdmin(`wrong-${i}`);
      expectSpringError(res, 400, "Bad Request", "/api/v1/admin/password", "The current password is not correct.");
      expect(res.json().code).toBe("CURRENT_PASSWORD_INCORRECT");
    }
    const adminRefused = await changeAdmin("Second-Owner-Password-26");
    expectSpringError(adminRefused, 429, "Too Many Requests", "/api/v1/admin/password", /^Too many wrong passwords/);
    expect(adminRefused.json().code).toBe("TOO_MANY_ATTEMPTS");
  });
});

describe("customer delete: DELETE /api/v1/customers/delete/{id} and the legacy /cctv/api/v1/customer/delete/{id}", () => {
  it("deletes for the admin only", async () => {
    const a = await signUp();
    const url = `/api/v1/customers/delete/${a.customerId}`;
    expectSpringError(await env.app.inject({ method: "DELETE", url, headers: bearer(a.token) }), 403, "Forbidden", url);
    expectSpringError(await env.app.inject({ method: "DELETE", url }), 401, "Unauthorized", url);
    const res = await env.app.inject({ method: "DELETE", url, headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Customer deleted." });
    expect(await env.handle.db.customer.count({ where: { customerId: a.customerId } })).toBe(0);
    expectSpringError(await env.app.inject({ method: "DELETE", url, headers: bearer(env.adminToken) }), 404, "Not Found", url);
    // the deleted customer's token no longer works
    expectSpringError(
      await env.app.inject({ method: "GET", url: `/api/v1/customers/details/${a.customerId}`, headers: bearer(a.token) }),
      401,
      "Unauthorized",
      `/api/v1/customers/details/${a.customerId}`,
    );
  });

  it("answers the legacy path with and without the /api/v1 prefix", async () => {
    for (const prefix of ["", "/api/v1"]) {
      const a = await signUp();
      const url = `${prefix}/cctv/api/v1/customer/delete/${a.customerId}`;
      expectSpringError(await env.app.inject({ method: "DELETE", url, headers: bearer(a.token) }), 403, "Forbidden", url);
      expectSpringError(await env.app.inject({ method: "DELETE", url }), 401, "Unauthorized", url);
      const res = await env.app.inject({ method: "DELETE", url, headers: bearer(env.adminToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: "Customer deleted." });
      expect(await env.handle.db.customer.count({ where: { customerId: a.customerId } })).toBe(0);
      expectSpringError(
        await env.app.inject({ method: "DELETE", url, headers: bearer(env.adminToken) }),
        404,
        "Not Found",
        url,
        `Customer ${a.customerId} was not found.`,
      );
    }
  });
});

describe("GET /api/v1/customers/count", () => {
  it("is a plain number for the admin", async () => {
    await signUp();
    const res = await env.app.inject({ method: "GET", url: "/api/v1/customers/count", headers: bearer(env.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(String(await env.handle.db.customer.count()));
    const a = await signUp();
    expect((await env.app.inject({ method: "GET", url: "/api/v1/customers/count", headers: bearer(a.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: "/api/v1/customers/count" })).statusCode).toBe(401);
  });
});
