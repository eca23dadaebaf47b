// Phone OTPs at procedure depth (issue 29, contracts/otp-and-sms.md): the code only in the SMS, never in an
// answer or the database; LOGIN for a known and an unknown phone (then sign-up with the signupToken),
// GUEST_CHECKOUT's otpToken, COD_CONFIRM on one's own order, every refusal, parallel guessing, and the limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, customerFields, type TestEnv } from "../../testing.ts";
import { createOtpLimiter } from "./otp-limits.ts";
import { OtpRefusal, verifyGuestOtpToken } from "./otp.ts";
import { signPhoneToken } from "./phone-tokens.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  const templates = [
    { kind: "otp", dltTemplateId: "1107160000000000001", text: "{#var#} is your Zz Store login code. It is valid for {#var#} minutes." },
    { kind: "cod_confirm", dltTemplateId: "1107160000000000002", text: "Code {#var#} confirms your Zz Store order {#var#} of {#var#} to be paid on delivery." },
  ];
  for (const t of templates) await env.handle.db.messageTemplate.create({ data: { channel: "sms", senderId: "ZZSTOR", ...t } });
});
afterAll(() => env.close());

let serial = 0;
/** a fresh mobile number for each use: the resend wait is per phone */
const newPhone = () => `7${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++serial).padStart(3, "0")}`;

/** the code in the last SMS to the phone (the console provider's outbox row) */
async function smsCode(phone: string): Promise<string> {
  const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone }, orderBy: { messageId: "desc" } });
  const code = sms.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in "${sms.text}"`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; attemptsLeft?: number; retryAfterSeconds?: number }> {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as { cause?: unknown; message: string },
  );
  const cause = error.cause as { code?: string; details?: { attemptsLeft?: number; retryAfterSeconds?: number } } | undefined;
  return { code: cause?.code ?? "?", message: error.message, ...(cause instanceof OtpRefusal ? cause.details : {}) };
}

describe("sending a code", () => {
  it("answers requestId, 300 and 30; the code is only in the SMS, stored as an HMAC", async () => {
    const phone = newPhone();
    const sent = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    expect(sent).toEqual({ requestId: expect.stringMatching(/^otp_/), expiresInSeconds: 300, resendAfterSeconds: 30 });
    const code = await smsCode(phone);
    expect(JSON.stringify(sent)).not.toContain(code);
    const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone } });
    expect(sms).toMatchObject({ kind: "otp", status: "queued", text: `${code} is your Zz Store login code. It is valid for 5 minutes.` });
    const row = await env.handle.db.otpRequest.findUniqueOrThrow({ where: { requestId: sent.requestId } });
    expect(row).toMatchObject({ phone, purpose: "LOGIN", attempts: 0, usedAt: null, lockedAt: null, clientIp: "127.0.0.1" });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(299_000);
  });

  it("gives an account's phone and an unknown phone the same answer", async () => {
    const { fields } = await env.newCustomer({ number: newPhone() });
    const known = await env.anonymous.otp.send({ phone: fields.number, purpose: "LOGIN" });
    const unknown = await env.anonymous.otp.send({ phone: newPhone(), purpose: "LOGIN" });
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
    expect({ ...known, requestId: "" }).toEqual({ ...unknown, requestId: "" });
  });

  it("refuses a number that is not an Indian mobile, a missing phone and an unknown purpose (400)", async () => {
    for (const phone of ["5123456789", "98765", "98765432100", "98765x4321"]) {
      await expect(env.anonymous.otp.send({ phone, purpose: "LOGIN" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(env.anonymous.otp.send({ purpose: "GUEST_CHECKOUT" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.anonymous.otp.send({ phone: newPhone(), purpose: "RESET" as "LOGIN" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.anonymous.otp.send({ purpose: "COD_CONFIRM" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("without an SMS provider: 503, and nothing is stored", async () => {
    const sms = env.services.sms;
    env.services.sms = null;
    try {
      const phone = newPhone();
      expect(await refusal(env.anonymous.otp.send({ phone, purpose: "LOGIN" }))).toMatchObject({
        code: "SMS_NOT_CONFIGURED",
        message: "SMS is not set up on this store.",
      });
      expect(await env.handle.db.otpRequest.count({ where: { phone } })).toBe(0);
    } finally {
      env.services.sms = sms;
    }
  });
});

describe("LOGIN", () => {
  it("a known phone: the customer's token, the phone verified, its guest orders attached", async () => {
    const phone = newPhone();
    const { customerId } = await env.newCustomer({ number: phone });
    const guestOrder = `ORD-OTP-${++serial}`;
    await env.handle.db.order.create({
      data: {
        productOrderId: guestOrder,
        customerId: 0,
        isGuest: true,
        phone,
        customerName: "Asha Verma",
        shippingAddress: "12B MG Road, Pune",
        pinCode: "411001",
        state: "Maharashtra",
        itemsTotal: 10_000,
        deliveryTotal: 0,
        discountTotal: 0,
        grandTotal: 10_000,
      },
    });
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const verified = await env.anonymous.otp.verify({ requestId, code: await smsCode(phone) });
    expect(verified).toEqual({ newCustomer: false, token: expect.any(String), customerId });
    const token = "token" in verified ? verified.token : "";
    expect(await env.services.tokens.verify(token)).toEqual({ ok: true, user: { role: "customer", customerId, sessionVersion: 0 } });
    const customer = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } });
    expect(customer.phoneVerified).toBe(true);
    expect(customer.phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: guestOrder } })).customerId).toBe(customerId);
    // the admin customer view shows it
    expect(await env.admin.customers.details({ customerId })).toMatchObject({ phoneVerified: true, phoneVerifiedAt: expect.any(Date) });
  });

  it("an inactive account: 403 after the right code", async () => {
    const phone = newPhone();
    const { customerId } = await env.newCustomer({ number: phone });
    await env.handle.db.customer.update({ where: { customerId }, data: { customerStatus: false } });
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    await expect(env.anonymous.otp.verify({ requestId, code: await smsCode(phone) })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("an unknown phone: a signupToken, which signs up that phone without a password", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const verified = await env.anonymous.otp.verify({ requestId, code: await smsCode(phone) });
    expect(verified).toEqual({ newCustomer: true, signupToken: expect.any(String) });
    const signupToken = "signupToken" in verified ? verified.signupToken : "";
    const { password: _password, ...fields } = customerFields({ number: phone });

    // another phone with this token, a forged token, a login token: 400, no account
    const other = newPhone();
    expect(await refusal(env.anonymous.customers.save({ ...fields, number: other, signupToken }))).toMatchObject({ code: "SIGNUP_TOKEN_INVALID" });
    const forged = signPhoneToken("not-the-secret", "signup", phone);
    expect(await refusal(env.anonymous.customers.save({ ...fields, signupToken: forged }))).toMatchObject({ code: "SIGNUP_TOKEN_INVALID" });
    const guestToken = signPhoneToken(env.services.otpSecret, "guest", phone);
    expect(await refusal(env.anonymous.customers.save({ ...fields, signupToken: guestToken }))).toMatchObject({ code: "SIGNUP_TOKEN_INVALID" });
    const expired = signPhoneToken(env.services.otpSecret, "signup", phone, Date.now() - 31 * 60_000);
    expect(await refusal(env.anonymous.customers.save({ ...fields, signupToken: expired }))).toMatchObject({ code: "SIGNUP_TOKEN_INVALID" });
    // neither a password nor a token
    await expect(env.anonymous.customers.save(fields as never)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Password is required" });

    const saved = await env.anonymous.customers.save({ ...fields, signupToken });
    expect(saved).toMatchObject({ success: true, customerId: expect.any(Number), token: expect.any(String) });
    expect(await env.services.tokens.verify(saved.token ?? "")).toMatchObject({ ok: true, user: { customerId: saved.customerId } });
    const customer = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: saved.customerId } });
    expect(customer).toMatchObject({ number: phone, phoneVerified: true });
    expect(customer.passwordHash).toMatch(/^\$argon2/);
    // no password to guess: an empty or common one does not log in
    await expect(env.anonymous.auth.customerLogin({ number: phone, password: "Secret@123" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await env.handle.db.customer.count({ where: { number: other } })).toBe(0);
  });

  it("a password sign-up leaves the phone unverified", async () => {
    const { customerId } = await env.newCustomer({ number: newPhone() });
    expect(await env.admin.customers.details({ customerId })).toMatchObject({ phoneVerified: false, phoneVerifiedAt: null });
  });
});

describe("wrong, late and reused codes", () => {
  it("a wrong code: OTP_INVALID with attemptsLeft 4…0, then OTP_LOCKED, even for the right code", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const code = await smsCode(phone);
    for (const left of [4, 3, 2, 1, 0]) {
      const r = await refusal(env.anonymous.otp.verify({ requestId, code: wrongOf(code) }));
      expect(r).toMatchObject({ code: "OTP_INVALID", attemptsLeft: left });
      if (left > 0) expect(r.message).toContain(`${left} tr`);
    }
    expect(await refusal(env.anonymous.otp.verify({ requestId, code: wrongOf(code) }))).toMatchObject({ code: "OTP_LOCKED" });
    expect(await refusal(env.anonymous.otp.verify({ requestId, code }))).toMatchObject({ code: "OTP_LOCKED" });
    expect(await env.handle.db.otpRequest.findUniqueOrThrow({ where: { requestId } })).toMatchObject({ attempts: 5, usedAt: null, lockedAt: expect.any(Date) });
  });

  it("20 wrong codes at once: exactly 5 counted (4…0 left), 15 OTP_LOCKED, and the right code is refused", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const code = await smsCode(phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refusal(env.anonymous.otp.verify({ requestId, code: wrongOf(code) }))));
    const invalid = answers.filter((a) => a.code === "OTP_INVALID");
    expect(invalid.map((a) => a.attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((a) => a.code === "OTP_LOCKED")).toHaveLength(15);
    expect(await refusal(env.anonymous.otp.verify({ requestId, code }))).toMatchObject({ code: "OTP_LOCKED" });
    expect((await env.handle.db.otpRequest.findUniqueOrThrow({ where: { requestId } })).attempts).toBe(5);
  });

  it("the right code twice: OTP_USED; many right codes at once: one succeeds", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "GUEST_CHECKOUT" });
    const code = await smsCode(phone);
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => env.anonymous.otp.verify({ requestId, code })));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect((a.reason as { cause?: { code?: string } }).cause?.code).toBe("OTP_USED");
    expect(await refusal(env.anonymous.otp.verify({ requestId, code }))).toMatchObject({ code: "OTP_USED" });
  });

  it("after 5 minutes: OTP_EXPIRED, the right code too; an unknown request: OTP_INVALID", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const code = await smsCode(phone);
    await env.handle.db.otpRequest.update({ where: { requestId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusal(env.anonymous.otp.verify({ requestId, code }))).toMatchObject({ code: "OTP_EXPIRED" });
    expect(await refusal(env.anonymous.otp.verify({ requestId, code: wrongOf(code) }))).toMatchObject({ code: "OTP_EXPIRED" });
    expect(await refusal(env.anonymous.otp.verify({ requestId: "otp_nothing", code }))).toMatchObject({ code: "OTP_INVALID" });
    await expect(env.anonymous.otp.verify({ requestId, code: "12345" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("GUEST_CHECKOUT", () => {
  it("gives an otpToken good for that phone only", async () => {
    const phone = newPhone();
    const { requestId } = await env.anonymous.otp.send({ phone, purpose: "GUEST_CHECKOUT" });
    const verified = await env.anonymous.otp.verify({ requestId, code: await smsCode(phone) });
    expect(verified).toEqual({ otpToken: expect.any(String) });
    const otpToken = "otpToken" in verified ? verified.otpToken : "";
    expect(verifyGuestOtpToken(env.services, otpToken, phone)).toBe(true);
    expect(verifyGuestOtpToken(env.services, otpToken, newPhone())).toBe(false);
    expect(verifyGuestOtpToken(env.services, `${otpToken.slice(0, -2)}xx`, phone)).toBe(false);
    expect(verifyGuestOtpToken(env.services, signPhoneToken(env.services.otpSecret, "signup", phone), phone)).toBe(false);
    expect(verifyGuestOtpToken(env.services, signPhoneToken(env.services.otpSecret, "guest", phone, Date.now() - 31 * 60_000), phone)).toBe(false);
    expect(verifyGuestOtpToken(env.services, "", phone)).toBe(false);
  });
});

describe("COD_CONFIRM", () => {
  async function pendingCodOrder() {
    const phone = newPhone();
    const c = await env.newCustomer({ number: phone });
    const productId = await env.newProduct({ productName: "Zz OTP Mop", productPrice: 250, mainPrice: 300 });
    await c.caller.cart.save({ productId, quantity: 1 });
    const { productOrderId } = (await c.caller.cart.checkout({ paymentMethod: "COD" })) as { productOrderId: string };
    await env.handle.db.order.update({ where: { productOrderId }, data: { codConfirmation: "Pending", codConfirmBy: new Date(Date.now() + 86_400_000) } });
    return { ...c, phone, productOrderId };
  }

  it("only the order's customer may ask; the code goes to the order's phone and confirms the order", async () => {
    const buyer = await pendingCodOrder();
    const other = await env.newCustomer({ number: newPhone() });
    const input = { purpose: "COD_CONFIRM" as const, productOrderId: buyer.productOrderId };
    expect(await refusal(other.caller.otp.send(input))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(env.anonymous.otp.send(input))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(env.admin.otp.send(input))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(buyer.caller.otp.send({ ...input, productOrderId: "ORD-NOPE" }))).toMatchObject({ code: "NOT_FOUND" });

    // a phone in the request is not where it goes
    const { requestId } = await buyer.caller.otp.send({ ...input, phone: other.fields.number });
    expect((await env.handle.db.otpRequest.findUniqueOrThrow({ where: { requestId } })).phone).toBe(buyer.phone);
    const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: buyer.phone }, orderBy: { messageId: "desc" } });
    expect(sms.kind).toBe("cod_confirm");
    expect(sms.text).toContain(buyer.productOrderId);
    expect(await env.anonymous.otp.verify({ requestId, code: await smsCode(buyer.phone) })).toMatchObject({ success: true });
    expect((await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: buyer.productOrderId } })).codConfirmation).toBe("Confirmed");
    // confirmed: nothing more to send
    expect(await refusal(buyer.caller.otp.send(input))).toMatchObject({ code: "COD_ALREADY_CONFIRMED" });
  });
});

describe("limits", () => {
  it("a resend within 30 seconds: 429 with the seconds to wait", async () => {
    const phone = newPhone();
    await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const r = await refusal(env.anonymous.otp.send({ phone, purpose: "GUEST_CHECKOUT" }));
    expect(r).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(r.retryAfterSeconds).toBeGreaterThan(0);
    expect(r.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(r.message).toContain(`wait ${r.retryAfterSeconds} seconds`);
    expect(await env.handle.db.otpRequest.count({ where: { phone } })).toBe(1);
  });

  it("5 codes a phone an hour, 20 an address an hour", async () => {
    const limiter = env.services.otpLimiter;
    env.services.otpLimiter = createOtpLimiter({ resendSeconds: 0 });
    try {
      const phone = newPhone();
      const from = (ip: string) => env.as(null, ip);
      for (let i = 0; i < 5; i++) await from(`10.0.0.${i}`).otp.send({ phone, purpose: "LOGIN" });
      const perPhone = await refusal(from("10.0.0.9").otp.send({ phone, purpose: "LOGIN" }));
      expect(perPhone).toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(perPhone.retryAfterSeconds).toBeGreaterThan(3000);

      const ip = "10.1.1.1";
      for (let i = 0; i < 20; i++) await from(ip).otp.send({ phone: newPhone(), purpose: "LOGIN" });
      const perIp = await refusal(from(ip).otp.send({ phone: newPhone(), purpose: "LOGIN" }));
      expect(perIp).toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(perIp.message).toContain("network");
      // another address still may
      expect((await from("10.1.1.2").otp.send({ phone: newPhone(), purpose: "LOGIN" })).requestId).toBeTruthy();
    } finally {
      env.services.otpLimiter = limiter;
    }
  });
});
