// One-time codes sent by SMS, and on WhatsApp when the store has it (issue 29, contracts/otp-and-sms.md;
// issue 30, contracts/whatsapp.md): 6 digits from a CSPRNG, stored only as
// an HMAC under the server's OTP secret, valid 5 minutes, used once, dead after 5 wrong tries. Rate limits
// are not here: the send endpoint checks them (otp-flows.ts).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db, Prisma } from "@store/db";
import { formatRupees } from "@store/domain";
import type { OtpPurpose } from "@store/validators";
import type { Services } from "../../context.ts";
import { StoreError } from "../../platform/errors.ts";
import { queueBuyerMessage } from "../../messaging/buyer-messages.ts";
import { isPhoneToken } from "./phone-tokens.ts";
import { RESEND_AFTER_SECONDS } from "./otp-limits.ts";

type Tx = Prisma.TransactionClient;

export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_WRONG = 5;

/**
 * A refusal that carries a number the client acts on: `attemptsLeft` of a wrong code, or
 * `retryAfterSeconds` of a 429 (the REST facade's Retry-After).
 */
export class OtpRefusal extends StoreError {
  constructor(status: 400 | 429, code: string, message: string, details: { attemptsLeft?: number; retryAfterSeconds?: number }) {
    super(status, code, message, { details });
  }
}

/** The stored form of a code: bound to its request, so one table of the million codes does not fit every request. */
const codeHash = (secret: string, requestId: string, code: string) => createHmac("sha256", secret).update(`${requestId}:${code}`).digest("hex");

export async function issueOtp(
  tx: Tx,
  services: Pick<Services, "otpSecret" | "mail">,
  input: { phone: string; purpose: OtpPurpose; productOrderId?: string; clientIp: string },
): Promise<{ requestId: string; expiresInSeconds: number; resendAfterSeconds: number }> {
  const requestId = `otp_${randomBytes(18).toString("base64url")}`;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await tx.otpRequest.create({
    data: {
      requestId,
      phone: input.phone,
      purpose: input.purpose,
      productOrderId: input.productOrderId ?? null,
      codeHash: codeHash(services.otpSecret, requestId, code),
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      clientIp: input.clientIp.slice(0, 64),
    },
  });
  // the code goes to the phone it was asked for, whoever's it is: a code needs no WhatsApp opt-in
  const to = { phone: input.phone, whatsappOptIn: false };
  if (input.purpose === "COD_CONFIRM" && input.productOrderId) {
    const order = await tx.order.findUniqueOrThrow({ where: { productOrderId: input.productOrderId }, select: { grandTotal: true, customerName: true } });
    const amount = formatRupees(order.grandTotal);
    await queueBuyerMessage(tx, services, {
      kind: "cod_confirm",
      to,
      values: { otp: code, productOrderId: input.productOrderId, grandTotal: amount, customerName: order.customerName.split(" ")[0] ?? order.customerName },
      sms: { kind: "cod_confirm", variables: [code, input.productOrderId, amount] },
    });
  } else {
    await queueBuyerMessage(tx, services, { kind: "otp", to, values: { otp: code }, sms: { kind: "otp", variables: [code, String(OTP_TTL_SECONDS / 60)] } });
  }
  return { requestId, expiresInSeconds: OTP_TTL_SECONDS, resendAfterSeconds: RESEND_AFTER_SECONDS };
}

type RequestState = { usedAt: Date | null; lockedAt: Date | null; attempts: number; expiresAt: Date };

/** Why a request can no longer be used, or null while it can. */
function deadRequest(row: RequestState, now: Date): StoreError | null {
  if (row.usedAt) return new StoreError(400, "OTP_USED", "This code has already been used. Please ask for a new one.");
  if (row.lockedAt || row.attempts >= OTP_MAX_WRONG) return new StoreError(400, "OTP_LOCKED", "Too many wrong codes. Please ask for a new one.");
  if (row.expiresAt <= now) return new StoreError(400, "OTP_EXPIRED", "This code has expired. Please ask for a new one.");
  return null;
}

const wrongCode = (attemptsLeft: number) =>
  new OtpRefusal(
    400,
    "OTP_INVALID",
    attemptsLeft > 0
      ? `The code is not correct. ${attemptsLeft} ${attemptsLeft === 1 ? "try" : "tries"} left.`
      : "The code is not correct. No tries left: please ask for a new code.",
    { attemptsLeft },
  );

/**
 * Checks a code and uses its request up. Every wrong try is counted by one UPDATE … RETURNING in the
 * database, so parallel or batched guesses cannot share a read and get more than 5 tries.
 *
 * Pass the database itself, not a transaction that a refusal rolls back: a wrong try must stay counted.
 * `otpSecret`: services.otpSecret, the key the codes are hashed under.
 */
export async function consumeOtp(
  tx: Tx | Db,
  input: { requestId: string; code: string },
  otpSecret: string,
): Promise<{ phone: string; purpose: string; productOrderId: string | null }> {
  const row = await tx.otpRequest.findUnique({ where: { requestId: input.requestId } });
  if (!row) throw new OtpRefusal(400, "OTP_INVALID", "This code is not valid. Please ask for a new one.", { attemptsLeft: 0 });
  const now = new Date();
  const dead = deadRequest(row, now);
  if (dead) throw dead;
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(codeHash(otpSecret, row.requestId, input.code), "hex");
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (matches) {
    const used = await tx.otpRequest.updateMany({
      where: { requestId: row.requestId, usedAt: null, lockedAt: null, attempts: { lt: OTP_MAX_WRONG }, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count === 1) return { phone: row.phone, purpose: row.purpose, productOrderId: row.productOrderId };
  } else {
    const counted = await tx.$queryRaw<{ attempts: number }[]>`
      UPDATE "OtpRequest"
      SET "attempts" = "attempts" + 1,
          "lockedAt" = CASE WHEN "attempts" + 1 >= ${OTP_MAX_WRONG} THEN ${now} ELSE "lockedAt" END
      WHERE "requestId" = ${row.requestId} AND "usedAt" IS NULL AND "lockedAt" IS NULL AND "attempts" < ${OTP_MAX_WRONG}
      RETURNING "attempts"`;
    const attempts = counted[0]?.attempts;
    if (attempts !== undefined) throw wrongCode(OTP_MAX_WRONG - Number(attempts));
  }
  // another try changed the request between the read and the write: answer with what it is now
  const now2 = await tx.otpRequest.findUniqueOrThrow({ where: { requestId: row.requestId } });
  throw deadRequest(now2, new Date()) ?? new StoreError(400, "OTP_LOCKED", "Too many wrong codes. Please ask for a new one.");
}

/** Whether `otpToken` (from a GUEST_CHECKOUT verify) is live and for exactly this phone. */
export const verifyGuestOtpToken = (services: Pick<Services, "otpSecret">, otpToken: string, phone: string): boolean =>
  isPhoneToken(services.otpSecret, "guest", otpToken, phone);
