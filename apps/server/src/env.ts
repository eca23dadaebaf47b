import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isCommonPassword } from "@store/api/password-policy";

export const DEFAULT_ADMIN_EMAIL = "admin@cleanstore.in";
export const DEFAULT_ADMIN_PASSWORD = "Admin@12345";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./data"),
  JWT_SECRET: z
    .string()
    .min(32, "JWT_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAIL: z.string().email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
  ADMIN_PHONE: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  /** comma-separated origins allowed to call the API from a browser; closed by default */
  CORS_ORIGINS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** failed logins a minute allowed per IP and per account before 429 */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(10),
  /** sign-up attempts an hour allowed per IP before 429 */
  SIGNUP_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** issue 31: new complaints per hour per customer, phone and address (the contract's 5; raised only for browser test runs) */
  GRIEVANCE_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), as Fastify's trustProxy:
   * a hop count ("1"), "true", or comma-separated addresses/CIDRs ("127.0.0.1,10.0.0.0/8"). Off by default.
   */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v): boolean | number | string[] => {
      const value = v.trim();
      if (value === "" || value === "false") return false;
      if (value === "true") return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /** seconds of Strict-Transport-Security sent in production; 0 for a deployment without TLS */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /** server worker processes under the restarting primary (supervisor.ts); 0 = no primary */
  WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
  /** Razorpay (ONLINE payment): all three set turn it on; RAZORPAY_API_BASE for a stand-in in tests */
  RAZORPAY_KEY_ID: z.string().trim().optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  RAZORPAY_API_BASE: z.string().url("RAZORPAY_API_BASE must be a URL such as https://api.razorpay.com").optional(),
  /** Shiprocket (courier AWBs, labels, tracking): email and password turn it on; SHIPROCKET_API_BASE for a stand-in in tests */
  SHIPROCKET_EMAIL: z.string().trim().optional(),
  SHIPROCKET_PASSWORD: z.string().trim().optional(),
  SHIPROCKET_API_BASE: z.string().url("SHIPROCKET_API_BASE must be a URL such as https://apiv2.shiprocket.in").optional(),
  /** the courier webhook's shared token (x-api-key); unset refuses every webhook call */
  SHIPROCKET_WEBHOOK_TOKEN: z.string().trim().optional(),
  /** the pickup location's name in the Shiprocket panel (default Primary) */
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().optional(),
  /** outgoing mail (issue 16): smtp://user:pass@host:587, smtps://… for TLS; unset keeps messages waiting in the outbox */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** SMS (issue 29): console (development: nothing leaves the server, the owner reads the text in the outbox) or msg91; unset: no SMS */
  SMS_PROVIDER: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(["console", "msg91"], { error: "SMS_PROVIDER must be console or msg91" }).optional(),
  ),
  /** MSG91's auth key (SMS_PROVIDER=msg91); MSG91_API_BASE for a stand-in in tests */
  MSG91_AUTH_KEY: z.string().trim().optional(),
  MSG91_API_BASE: z.string().url("MSG91_API_BASE must be a URL such as https://control.msg91.com").optional(),
  /** WhatsApp Cloud API (issue 30): the access token and the business number's id together turn sending on */
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d*$/, "WHATSAPP_PHONE_NUMBER_ID must be the number's id in WhatsApp Manager (digits), not the phone number")
    .optional(),
  /** the Cloud API with its version (default https://graph.facebook.com/v21.0); a stand-in in tests */
  WHATSAPP_API_BASE: z.string().url("WHATSAPP_API_BASE must be a URL such as https://graph.facebook.com/v21.0").optional(),
  /** the Meta app's secret: the key of the webhook's X-Hub-Signature-256; unset refuses every webhook POST */
  WHATSAPP_APP_SECRET: z.string().trim().optional(),
  /** the token Meta's webhook subscription check must echo; unset refuses the check */
  WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
  /** the From of every message */
  MAIL_FROM: z.string().trim().min(3).default("Clean Store <orders@cleanstore.in>"),
  /** the storefront's public address, for links in messages */
  PUBLIC_URL: z
    .string()
    .trim()
    .url("PUBLIC_URL must be a URL such as https://shop.example.in")
    .default("http://localhost:8080")
    .transform((u) => u.replace(/\/+$/, "")),
  /** serve the API reference (Swagger UI) at /api/docs: on by default, off by default in production */
  API_DOCS_PUBLIC: z.enum(["true", "false"], { error: "API_DOCS_PUBLIC must be true or false" }).optional(),
  /** folder of the built web app (default apps/web/dist) */
  WEB_DIST: z.string().optional(),
  /** Seed the sample catalogue when the product table is empty (default on) */
  SEED_SAMPLE_DATA: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = Omit<z.infer<typeof schema>, "API_DOCS_PUBLIC"> & { JWT_SECRET: string; API_DOCS_PUBLIC: boolean };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the environment; production refuses unsafe defaults. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production") {
    if (!env.JWT_SECRET) throw new ConfigError("JWT_SECRET must be set in production (at least 32 characters).");
    if (secretBits(env.JWT_SECRET) < MIN_SECRET_BITS) {
      throw new ConfigError("JWT_SECRET is too easy to guess (too few different characters): use a random one, e.g. `openssl rand -base64 48`.");
    }
    if (env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) throw new ConfigError("ADMIN_PASSWORD must be changed from the default in production.");
    if (env.ADMIN_PASSWORD.length < 10 || isCommonPassword(env.ADMIN_PASSWORD)) {
      throw new ConfigError("ADMIN_PASSWORD is too weak for production: at least 10 characters and not a common password.");
    }
  }
  if (env.SMS_PROVIDER === "msg91" && !env.MSG91_AUTH_KEY) throw new ConfigError("SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY (the auth key of the MSG91 panel).");
  if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID)) {
    const missing = env.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN";
    throw new ConfigError(`WhatsApp needs both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: ${missing} is not set.`);
  }
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? developmentSecret(env.DATA_DIR),
    // the interactive console is for development; a production store shows it only when told to
    API_DOCS_PUBLIC: env.API_DOCS_PUBLIC === undefined ? env.NODE_ENV !== "production" : env.API_DOCS_PUBLIC === "true",
  };
}

/** A random 32-character hex secret carries 128 bits; 32 × "a" carries none. */
const MIN_SECRET_BITS = 96;

/** The secret's Shannon entropy over its characters, times its length: a cheap estimate of how guessable it is. */
export function secretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / secret.length) * Math.log2(n / secret.length);
  return perChar * secret.length;
}

/** In development a secret is generated once and kept in DATA_DIR, so logins survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "jwt-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The console SMS provider sends nothing: a production store that asks COD buyers for an OTP would
 * leave every COD order unconfirmable. Checked once the database is open (the Setting codConfirmation).
 */
export function checkSmsForProduction(env: Pick<Env, "NODE_ENV" | "SMS_PROVIDER">, codConfirmation: string | null): void {
  if (env.NODE_ENV === "production" && env.SMS_PROVIDER === "console" && codConfirmation === "otp") {
    throw new ConfigError(
      "SMS_PROVIDER=console delivers no SMS, yet COD confirmation by OTP is on: set SMS_PROVIDER=msg91 (with MSG91_AUTH_KEY), or turn codConfirmation off.",
    );
  }
}
