import {
  createLoginLimiter,
  createOtpLimiter,
  createGuestOrderLimiter,
  createGrievanceLimiter,
  createGrievanceLookupLimiter,
  GRIEVANCES_PER_HOUR,
  deriveOtpSecret,
  createProductCache,
  createProductEvents,
  createResetLimiter,
  createSignupLimiter,
  createTokenService,
  createTrackLimiter,
  databaseLimitStore,
  memoryLimitStore,
  type MailSettings,
  type CourierSettings,
  type SmsProvider,
  type WhatsAppSettings,
  NO_WHATSAPP,
  type PaymentProvider,
  type Services,
} from "@store/api";
import type { DbHandle } from "@store/db";

export interface ServiceOptions {
  jwtSecret: string;
  loginMaxFailures?: number;
  signupsPerHour?: number;
  /** new complaints per hour per customer, phone and address (default 5, contracts/grievances.md) */
  grievancesPerHour?: number;
  /** count limits in the database (default: on PostgreSQL) */
  sharedLimits?: boolean;
  /** the card/UPI gateway; null (the default) turns ONLINE payment off */
  paymentProvider?: PaymentProvider | null;
  /** the courier adapters and the courier webhook's token (default: none, only manual shipments) */
  couriers?: CourierSettings;
  /** the SMS provider (default: none) */
  sms?: SmsProvider | null;
  /** WhatsApp's sender and webhook secrets (default: none) */
  whatsapp?: WhatsAppSettings;
  /** links in messages and whether SMTP is configured (default: http://localhost:8080, none) */
  mail?: MailSettings;
}

/**
 * The services of one server. On PostgreSQL the limits count in the database, so every server
 * instance on it shares one budget; the embedded database has one server, which counts in memory.
 */
export function createServices(handle: DbHandle, opts: ServiceOptions): Services {
  const { jwtSecret, loginMaxFailures = 10, signupsPerHour = 20, sharedLimits = handle.kind === "postgresql" } = opts;
  const productEvents = createProductEvents();
  const store = sharedLimits ? databaseLimitStore(handle.db) : memoryLimitStore;
  return {
    tokens: createTokenService(jwtSecret),
    loginLimiter: createLoginLimiter({ failures: loginMaxFailures, store }),
    signupLimiter: createSignupLimiter({ perHour: signupsPerHour, store }),
    productEvents,
    productCache: createProductCache(productEvents),
    paymentProvider: opts.paymentProvider ?? null,
    couriers: opts.couriers ?? { shiprocket: null, webhookToken: null },
    mail: opts.mail ?? { publicUrl: "http://localhost:8080", smtpConfigured: false },
    resetLimiter: createResetLimiter({ store }),
    trackLimiter: createTrackLimiter({ store }),
    sms: opts.sms ?? null,
    whatsapp: opts.whatsapp ?? NO_WHATSAPP,
    otpLimiter: createOtpLimiter({ store }),
    guestOrderLimiter: createGuestOrderLimiter({ store }),
    grievanceLimiter: createGrievanceLimiter({ store, perHour: opts.grievancesPerHour ?? GRIEVANCES_PER_HOUR }),
    grievanceLookupLimiter: createGrievanceLookupLimiter({ store }),
    otpSecret: deriveOtpSecret(jwtSecret),
  };
}
