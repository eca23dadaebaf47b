// Phone OTPs over the real Fastify app (issue 29, contracts/otp-and-sms.md): POST /auth/otp/send and
// /auth/otp/verify in the REST shapes, refusals with their `code`, a tRPC batch of wrong codes that gets
// exactly 5 tries, the code only in the SMS outbox row, LOGIN then sign-up with the signupToken, and the
// per-phone and per-address limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOtpLimiter } from "@store/api";
import { customerFields } from "@store/api/testing";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.handle.db.messageTemplate.create({
    data: {
      channel: "sms",
      kind: "otp",
      dltTemplateId: "1107160000000000011",
      senderId: "ZZSTOR",
      text: "{#var#} is your Zz Store code, valid {#var#} minutes.",
    },
  });
});
afterAll(() => env.close());

let serial = 0;
const newPhone = () => `8${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++serial).padStart(3, "0")}`;
let ipSerial = 0;
const freshIp = () => `10.9.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`;

const post = (url: string, payload: object, remoteAddress = "127.0.0.1") => env.app.inject({ method: "POST", url: `/api/v1${url}`, payload, remoteAddress });

async function smsCode(phone: string): Promise<string> {
  const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone }, orderBy: { messageId: "desc" } });
  return sms.text.match(/\b(\d{6})\b/)?.[1] ?? "";
}
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function sendLogin(phone: string, ip?: string): Promise<string> {
  const res = await post("/auth/otp/send", { phone, purpose: "LOGIN" }, ip);
  expect(res.statusCode).toBe(200);
  return res.json<{ requestId: string }>().requestId;
}

describe("POST /auth/otp/send", () => {
  it("200 with the same shape for an account's phone and an unknown one; the code is only in the outbox", async () => {
    const c = await env.newCustomer({ number: newPhone() });
    const unknown = newPhone();
    const a = await post("/auth/otp/send", { phone: c.fields.number, purpose: "LOGIN" });
    const b = await post("/auth/otp/send", { phone: unknown, purpose: "LOGIN" });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const shape = (body: Record<string, unknown>) => ({ ...body, requestId: typeof body.requestId });
    expect(shape(a.json())).toEqual({ requestId: "string", expiresInSeconds: 300, resendAfterSeconds: 30 });
    expect(shape(b.json())).toEqual(shape(a.json()));
    for (const [res, phone] of [
      [a, c.fields.number],
      [b, unknown],
    ] as const) {
      const code = await smsCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(res.body).not.toContain(code);
    }
  });

  it("400 for a bad phone or purpose, with the REST error shape", async () => {
    const res = await post("/auth/otp/send", { phone: "1234567890", purpose: "LOGIN" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED", path: "/api/v1/auth/otp/send" });
    expect((await post("/auth/otp/send", { phone: newPhone(), purpose: "SPAM" })).statusCode).toBe(400);
  });

  it("503 when SMS is not set up", async () => {
    const sms = env.services.sms;
    env.services.sms = null;
    try {
      const res = await post("/auth/otp/send", { phone: newPhone(), purpose: "LOGIN" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "SMS_NOT_CONFIGURED", message: "SMS is not set up on this store." });
    } finally {
      env.services.sms = sms;
    }
  });

  it("429 for a resend within 30 seconds, and for the 6th code to a phone and the 21st from an address in an hour", async () => {
    const phone = newPhone();
    await sendLogin(phone, freshIp());
    const resend = await post("/auth/otp/send", { phone, purpose: "LOGIN" }, freshIp());
    expect(resend.statusCode).toBe(429);
    // the contract's Retry-After, and the same number in the body
    const wait = Number(resend.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(resend.json()).toMatchObject({ retryAfterSeconds: wait });
    expect(resend.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/wait \d+ seconds/) });

    const limiter = env.services.otpLimiter;
    env.services.otpLimiter = createOtpLimiter({ resendSeconds: 0 });
    try {
      const target = newPhone();
      for (let i = 0; i < 5; i++) await sendLogin(target, freshIp());
      expect((await post("/auth/otp/send", { phone: target, purpose: "LOGIN" }, freshIp())).statusCode).toBe(429);
      const ip = freshIp();
      for (let i = 0; i < 20; i++) await sendLogin(newPhone(), ip);
      const over = await post("/auth/otp/send", { phone: newPhone(), purpose: "LOGIN" }, ip);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringContaining("network") });
    } finally {
      env.services.otpLimiter = limiter;
    }
  });
});

describe("POST /auth/otp/verify", () => {
  it("LOGIN of an account: the customer's token, good for its own calls", async () => {
    const phone = newPhone();
    const c = await env.newCustomer({ number: phone });
    const requestId = await sendLogin(phone);
    const res = await post("/auth/otp/verify", { requestId, code: await smsCode(phone) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; customerId: number; newCustomer: boolean }>();
    expect(body).toEqual({ token: expect.any(String), customerId: c.customerId, newCustomer: false });
    const details = await env.app.inject({
      method: "GET",
      url: `/api/v1/customers/details/${c.customerId}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ phoneVerified: true, number: phone });
  });

  it("LOGIN of an unknown phone: a signupToken, then POST /customers/save with it and no password", async () => {
    const phone = newPhone();
    const requestId = await sendLogin(phone);
    const res = await post("/auth/otp/verify", { requestId, code: await smsCode(phone) });
    expect(res.statusCode).toBe(200);
    const { signupToken, newCustomer } = res.json<{ signupToken: string; newCustomer: boolean }>();
    expect(newCustomer).toBe(true);
    const { password: _password, ...fields } = customerFields({ number: phone });
    const mismatch = await post("/customers/save", { ...fields, number: newPhone(), signupToken }, freshIp());
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: "SIGNUP_TOKEN_INVALID" });
    const saved = await post("/customers/save", { ...fields, signupToken }, freshIp());
    expect(saved.statusCode).toBe(200);
    const { customerId, token } = saved.json<{ customerId: number; token: string }>();
    const admin = await env.app.inject({
      method: "GET",
      url: `/api/v1/customers/details/${customerId}`,
      headers: { authorization: `Bearer ${env.adminToken}` },
    });
    expect(admin.json()).toMatchObject({ number: phone, phoneVerified: true, phoneVerifiedAt: expect.any(String) });
    expect(await env.services.tokens.verify(token)).toMatchObject({ ok: true, user: { customerId } });
  });

  it("a wrong code: 400 OTP_INVALID saying the tries left; a reused one OTP_USED; an expired one OTP_EXPIRED", async () => {
    const phone = newPhone();
    const requestId = await sendLogin(phone);
    const code = await smsCode(phone);
    const wrong = await post("/auth/otp/verify", { requestId, code: wrongOf(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "OTP_INVALID", attemptsLeft: 4, message: expect.stringContaining("4 tries left") });
    expect((await post("/auth/otp/verify", { requestId, code })).statusCode).toBe(200);
    const reused = await post("/auth/otp/verify", { requestId, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: "OTP_USED" });

    const late = newPhone();
    const lateId = await sendLogin(late);
    await env.handle.db.otpRequest.update({ where: { requestId: lateId }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await post("/auth/otp/verify", { requestId: lateId, code: await smsCode(late) })).json()).toMatchObject({ code: "OTP_EXPIRED" });
  });

  it("a tRPC batch of 10 wrong codes: 5 OTP_INVALID (4…0 left), 5 OTP_LOCKED, then the right code is OTP_LOCKED", async () => {
    const phone = newPhone();
    const requestId = await sendLogin(phone);
    const code = await smsCode(phone);
    const input: Record<string, { json: object }> = {};
    for (let i = 0; i < 10; i++) input[i] = { json: { requestId, code: wrongOf(code) } };
    const res = await env.app.inject({ method: "POST", url: `/api/trpc/${Array(10).fill("otp.verify").join(",")}?batch=1`, payload: input });
    const answers = res.json<{ error: { json: { message: string; data: { storeCode: string } } } }[]>();
    expect(answers).toHaveLength(10);
    const codes = answers.map((a) => a.error.json.data.storeCode);
    expect(codes.filter((c) => c === "OTP_INVALID")).toHaveLength(5);
    expect(codes.filter((c) => c === "OTP_LOCKED")).toHaveLength(5);
    const left = answers.filter((a) => a.error.json.data.storeCode === "OTP_INVALID").map((a) => a.error.json.message);
    for (const n of ["4 tries", "3 tries", "2 tries", "1 try", "No tries"]) expect(left.some((m) => m.includes(n))).toBe(true);
    const after = await post("/auth/otp/verify", { requestId, code });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ code: "OTP_LOCKED" });
    expect(after.body).not.toContain(code);
  });
});
