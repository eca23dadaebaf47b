// Phone OTP limits and tries with two server instances on one database (issue 29, contracts/otp-and-sms.md
// "Limits … hold on PostgreSQL with several instances"): the resend wait, the per-phone and per-address
// hourly counts (in the shared RateLimit table) and a request's 5 tries hold whichever instance is asked.
// With TEST_DATABASE_URL each instance has its own connection pool to PostgreSQL; on PGlite both share the
// embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createOtpLimiter, databaseLimitStore, type OtpLimiter } from "@store/api";
import { createTestServices } from "@store/api/testing";
import type { Services } from "@store/api";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle | null; services: Services };
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  env = await createHttpTestEnv();
  let handle: DbHandle | null = null;
  if (pgUrl) {
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  }
  // the same secret as the first instance: a code sent by one is checked by the other
  const services = createTestServices();
  const app = await buildApp({ handle: handle ?? env.handle, services, logLevel: "silent" });
  await app.ready();
  second = { app, handle, services };
  await env.handle.db.messageTemplate.create({
    data: {
      channel: "sms",
      kind: "otp",
      dltTemplateId: "1107160000000000021",
      senderId: "ZZSTOR",
      text: "{#var#} is your Zz Store code, valid {#var#} minutes.",
    },
  });
});

afterAll(async () => {
  await second.app.close();
  await second.handle?.close();
  await env.close();
});

/** both instances count in the database, each through its own connection */
function limitBoth(options: { resendSeconds?: number } = {}) {
  env.services.otpLimiter = createOtpLimiter({ ...options, store: databaseLimitStore(env.handle.db) });
  second.services.otpLimiter = createOtpLimiter({ ...options, store: databaseLimitStore((second.handle ?? env.handle).db) });
}

let serial = 0;
const newPhone = () => `6${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++serial).padStart(3, "0")}`;
let ipSerial = 0;
const freshIp = () => `10.7.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`;

const apps = () => [env.app, second.app];
const send = (i: number, phone: string, remoteAddress: string) =>
  apps()[i % 2]!.inject({ method: "POST", url: "/api/v1/auth/otp/send", payload: { phone, purpose: "LOGIN" }, remoteAddress });

describe("OTP limits across two instances", () => {
  let saved: [OtpLimiter, OtpLimiter];
  beforeAll(() => {
    saved = [env.services.otpLimiter, second.services.otpLimiter];
  });
  afterAll(() => {
    [env.services.otpLimiter, second.services.otpLimiter] = saved;
  });

  it("a resend on the other instance within 30 seconds: 429", async () => {
    limitBoth();
    const phone = newPhone();
    expect((await send(0, phone, freshIp())).statusCode).toBe(200);
    const again = await send(1, phone, freshIp());
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("10 sends to one phone at once, split across both: exactly 5 go", async () => {
    limitBoth({ resendSeconds: 0 });
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, phone, freshIp())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await env.handle.db.otpRequest.count({ where: { phone } })).toBe(5);
  });

  it("25 sends from one address at once, split across both: exactly 20 go", async () => {
    limitBoth({ resendSeconds: 0 });
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(i, newPhone(), ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      answers.map((a) => a.body.slice(0, 160)).join("\n"),
    ).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await env.handle.db.otpRequest.count({ where: { clientIp: ip } })).toBe(20);
  });
});

describe("a code's tries across two instances", () => {
  it("20 wrong codes at once, split across both: 5 OTP_INVALID, 15 OTP_LOCKED, then the right code is refused", async () => {
    const phone = newPhone();
    const sent = await send(0, phone, freshIp());
    expect(sent.statusCode).toBe(200);
    const { requestId } = sent.json<{ requestId: string }>();
    const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone }, orderBy: { messageId: "desc" } });
    const code = sms.text.slice(0, 6);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apps()[i % 2]!.inject({ method: "POST", url: "/api/v1/auth/otp/verify", payload: { requestId, code: wrong } })),
    );
    const codes = answers.map((a) => a.json<{ code: string }>().code);
    expect(codes.filter((c) => c === "OTP_INVALID")).toHaveLength(5);
    expect(codes.filter((c) => c === "OTP_LOCKED")).toHaveLength(15);
    const right = await second.app.inject({ method: "POST", url: "/api/v1/auth/otp/verify", payload: { requestId, code } });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: "OTP_LOCKED" });
    expect((await env.handle.db.otpRequest.findUniqueOrThrow({ where: { requestId } })).attempts).toBe(5);
  });
});
