import { SignJWT, jwtVerify, errors } from "jose";
import type { AuthUser } from "../context.ts";

export const CUSTOMER_TOKEN_TTL = "7d";
export const ADMIN_TOKEN_TTL = "12h";
const MAX_ID = 2_147_483_647;

export type VerifyResult = { ok: true; user: AuthUser } | { ok: false; problem: string };

export interface TokenService {
  sign(user: AuthUser): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/** HS256 JWTs (jose). The subject is the customer or admin id, the role a claim. */
export function createTokenService(secret: string, issuer = "cleaning-store"): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      const sub = user.role === "customer" ? String(user.customerId) : String(user.adminId);
      return new SignJWT({ role: user.role, sv: user.sessionVersion ?? 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(user.role === "admin" ? ADMIN_TOKEN_TTL : CUSTOMER_TOKEN_TTL)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ["HS256"] });
        // ids are PostgreSQL ints: a larger subject (even a signed one) names nobody, and was a 500 in the query
        const id = /^\d{1,10}$/.test(payload.sub ?? "") ? Number(payload.sub) : 0;
        if (id <= 0 || id > MAX_ID) return { ok: false, problem: "Your session is not valid. Please log in again." };
        // tokens issued before session versions existed carry none: version 0
        const sessionVersion = typeof payload.sv === "number" && Number.isInteger(payload.sv) ? payload.sv : 0;
        if (payload.role === "customer") return { ok: true, user: { role: "customer", customerId: id, sessionVersion } };
        if (payload.role === "admin") return { ok: true, user: { role: "admin", adminId: id, sessionVersion } };
        return { ok: false, problem: "Your session is not valid. Please log in again." };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, problem: "Your session has expired. Please log in again." };
        return { ok: false, problem: "Your session is not valid. Please log in again." };
      }
    },
  };
}
