import type { MailSettings } from "./messaging/outbox.ts";
import type { ResetLimiter } from "./accounts/reset-limiter.ts";
import type { Db } from "@store/db";
import type { TokenService } from "./accounts/tokens.ts";
import type { LoginLimiter } from "./accounts/login-limiter.ts";
import type { SignupLimiter } from "./accounts/signup-limiter.ts";
import type { ProductEvents } from "./catalogue/product-events.ts";
import type { ProductCache } from "./catalogue/product-cache.ts";
import type { PaymentProvider } from "./payments/gateway.ts";
import type { JobRunner } from "./jobs/runner.ts";
import type { CourierAdapter } from "./shipments/couriers/port.ts";
import type { TrackLimiter } from "./shipments/track-limiter.ts";
import type { SmsProvider } from "./messaging/sms/port.ts";
import type { OtpLimiter } from "./accounts/otp/otp-limits.ts";
import type { WhatsAppSettings } from "./messaging/whatsapp/port.ts";
import type { GuestOrderLimiter } from "./guest/guest-order-limiter.ts";
import type { GrievanceLimiter } from "./trust/grievances/grievance-limiter.ts";
import type { GrievanceLookupLimiter } from "./trust/grievances/lookup-limiter.ts";

/** `sessionVersion`: the account's version when the token was issued (0 when absent); an older one is refused. */
export type AuthUser = { role: "customer"; customerId: number; sessionVersion?: number } | { role: "admin"; adminId: number; sessionVersion?: number };

/** Long-lived pieces built once per server (or per test) and shared by every request. */
export interface Services {
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  signupLimiter: SignupLimiter;
  productEvents: ProductEvents;
  productCache: ProductCache;
  /** the card/UPI gateway (Razorpay) when configured; null turns ONLINE payment off */
  paymentProvider: PaymentProvider | null;
  /** issue 28: the courier adapters that are configured (Shiprocket with SHIPROCKET_EMAIL/PASSWORD) and the webhook's shared token; `manual` needs none */
  couriers: CourierSettings;
  /** failed lookups of the public tracking page, per address (issue 28) */
  trackLimiter: TrackLimiter;
  /** issue 29: the SMS provider (SMS_PROVIDER: console or msg91); null: SMS is not set up, OTPs cannot be sent */
  sms: SmsProvider | null;
  /** issue 30: the WhatsApp Cloud API adapter (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID) and the webhook's secrets */
  whatsapp: WhatsAppSettings;
  /** issue 29: guest orders per address of the request in an hour */
  guestOrderLimiter: GuestOrderLimiter;
  /** issue 31: new complaints per hour per customer, phone and address */
  grievanceLimiter: GrievanceLimiter;
  /** issue 31: a guest's failed ticket lookups (wrong e-mail or number) per address */
  grievanceLookupLimiter: GrievanceLookupLimiter;
  /** issue 29: OTP sends per phone (resend wait, hourly) and per address */
  otpLimiter: OtpLimiter;
  /** issue 29: the key of OTP code hashes and of signupToken/otpToken (accounts/otp/phone-tokens.ts deriveOtpSecret) */
  otpSecret: string;
  /** where links in messages point and whether SMTP is configured (messaging/outbox.ts) */
  mail: MailSettings;
  /** "forgot password" requests: per address and per account (issue 16) */
  resetLimiter: ResetLimiter;
  /** the server's background jobs, set by the server when it starts them (jobs/runner.ts); absent, a run on demand uses the context's database */
  jobs?: JobRunner;
}

export interface CourierSettings {
  shiprocket: CourierAdapter | null;
  /** SHIPROCKET_WEBHOOK_TOKEN: the courier webhook's x-api-key; null refuses every webhook call */
  webhookToken: string | null;
}

export interface InnerContext {
  db: Db;
  services: Services;
  auth: AuthUser | null;
  /** why a bearer token that was sent is not accepted (expired, forged); shown on 401 */
  authProblem?: string;
  clientIp: string;
  /** the request's Idempotency-Key header, for the order-placing procedures (platform/idempotency.ts) */
  idempotencyKey?: string;
  /** issue 29: the X-Order-Token header, a guest's orderAccessToken for reading one order (guest/order-access.ts) */
  orderToken?: string;
}

/** Context without a request: tests build it directly and call procedures via createCaller. */
export function createInnerContext(opts: InnerContext): InnerContext {
  return opts;
}

/** Context for an HTTP request: reads `Authorization: Bearer …`. */
export async function createContext(opts: {
  db: Db;
  services: Services;
  authorization?: string | string[];
  clientIp: string;
  idempotencyKey?: string | string[];
  orderToken?: string | string[];
}): Promise<InnerContext> {
  const header = Array.isArray(opts.authorization) ? opts.authorization[0] : opts.authorization;
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const idempotencyKey = Array.isArray(opts.idempotencyKey) ? opts.idempotencyKey[0] : opts.idempotencyKey;
  const orderToken = (Array.isArray(opts.orderToken) ? opts.orderToken[0] : opts.orderToken)?.trim();
  const common = {
    db: opts.db,
    services: opts.services,
    clientIp: opts.clientIp,
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    ...(orderToken ? { orderToken } : {}),
  };
  if (!token) return createInnerContext({ ...common, auth: null });
  const verified = await opts.services.tokens.verify(token);
  return createInnerContext({ ...common, auth: verified.ok ? verified.user : null, authProblem: verified.ok ? undefined : verified.problem });
}

export type Context = InnerContext;
