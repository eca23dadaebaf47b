// Signed proofs that a phone passed an OTP (issue 29): the `signupToken` of an unknown phone's LOGIN and
// the guest checkout's `otpToken`, each valid 30 minutes for that phone. They are HMACs under the OTP
// secret (derived from the JWT secret, so no new setting and no overlap with login tokens), and are
// checked synchronously: the guest checkout asks `verifyGuestOtpToken` while it validates.
import { createHmac, timingSafeEqual } from "node:crypto";

export type PhoneTokenKind = "signup" | "guest";
export const PHONE_TOKEN_TTL_SECONDS = 30 * 60;

/** The secret of OTP hashes and phone tokens: an HMAC of the JWT secret, so neither reveals the other. */
export const deriveOtpSecret = (jwtSecret: string): string => createHmac("sha256", jwtSecret).update("store-otp-v1").digest("hex");

const mac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("base64url");

/** `<kind>.<phone>.<expiry in unix seconds>.<mac>` */
export function signPhoneToken(secret: string, kind: PhoneTokenKind, phone: string, now = Date.now()): string {
  const body = `${kind}.${phone}.${Math.floor(now / 1000) + PHONE_TOKEN_TTL_SECONDS}`;
  return `${body}.${mac(secret, body)}`;
}

/** Whether `token` is a live `kind` token for exactly this phone. */
export function isPhoneToken(secret: string, kind: PhoneTokenKind, token: string, phone: string, now = Date.now()): boolean {
  const parts = token.split(".");
  if (parts.length !== 4) return false;
  const [tokenKind, tokenPhone, expiry, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${tokenKind}.${tokenPhone}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return tokenKind === kind && tokenPhone === phone && /^\d{1,12}$/.test(expiry) && Number(expiry) * 1000 > now;
}
