// Helpers for procedure tests: a fresh database per test file and callers for each role.
import { createTestDb } from "@store/db/testing";
import type { DbHandle } from "@store/db";
import { appRouter } from "./root.ts";
import { createCallerFactory } from "./trpc.ts";
import { createInnerContext, type AuthUser, type Services } from "./context.ts";
import { createTokenService } from "./accounts/tokens.ts";
import { createLoginLimiter } from "./accounts/login-limiter.ts";
import { createSignupLimiter } from "./accounts/signup-limiter.ts";
import { createResetLimiter } from "./accounts/reset-limiter.ts";
import { createProductEvents } from "./catalogue/product-events.ts";
import { createProductCache } from "./catalogue/product-cache.ts";
import { hashPassword } from "./accounts/passwords.ts";
import { createTrackLimiter } from "./shipments/track-limiter.ts";
import { createConsoleSmsProvider } from "./messaging/sms/console.ts";
import { NO_WHATSAPP } from "./messaging/whatsapp/port.ts";
import { createOtpLimiter } from "./accounts/otp/otp-limits.ts";
import { createGuestOrderLimiter } from "./guest/guest-order-limiter.ts";
import { createGrievanceLimiter } from "./trust/grievances/grievance-limiter.ts";
import { createGrievanceLookupLimiter } from "./trust/grievances/lookup-limiter.ts";
import { deriveOtpSecret } from "./accounts/otp/phone-tokens.ts";

const createCaller = createCallerFactory(appRouter);

export const TEST_JWT_SECRET = "test-secret-that-is-at-least-32-characters-long";
export const TEST_ADMIN = { email: "admin@test.in", password: "Admin@Test123", phone: "9000000001" };

export function createTestServices(): Services {
  const productEvents = createProductEvents();
  return {
    tokens: createTokenService(TEST_JWT_SECRET),
    loginLimiter: createLoginLimiter(),
    // the suites sign up many customers from one address; the limit itself is tested with its own limiter
    signupLimiter: createSignupLimiter({ perHour: 1_000_000 }),
    productEvents,
    productCache: createProductCache(productEvents),
    paymentProvider: null,
    couriers: { shiprocket: null, webhookToken: null },
    trackLimiter: createTrackLimiter(),
    sms: createConsoleSmsProvider(),
    whatsapp: NO_WHATSAPP,
    // many OTPs from one address to many phones; the hourly limits are tested with their own limiter
    guestOrderLimiter: createGuestOrderLimiter(),
    // the suites file many complaints from one address; the limit is tested with its own limiter
    grievanceLimiter: createGrievanceLimiter({ perHour: 1_000_000 }),
    grievanceLookupLimiter: createGrievanceLookupLimiter(),
    otpLimiter: createOtpLimiter({ perPhonePerHour: 1_000_000, perIpPerHour: 1_000_000 }),
    otpSecret: deriveOtpSecret(TEST_JWT_SECRET),
    mail: { publicUrl: "http://localhost:8080", smtpConfigured: false },
    resetLimiter: createResetLimiter({ perHour: 1_000_000, perAccount: 1_000_000 }),
  };
}

export interface TestEnv {
  handle: DbHandle;
  services: Services;
  anonymous: ReturnType<typeof createCaller>;
  admin: ReturnType<typeof createCaller>;
  adminId: number;
  as(auth: AuthUser | null, clientIp?: string): ReturnType<typeof createCaller>;
  /** registers a customer and returns its id and a caller acting as it */
  newCustomer(overrides?: Partial<CustomerFields>): Promise<{ customerId: number; caller: ReturnType<typeof createCaller>; fields: CustomerFields }>;
  /** creates a product directly (admin procedure) and returns its id */
  newProduct(overrides?: Partial<ProductFields>): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;
export type CustomerFields = ReturnType<typeof customerFields>;
export function customerFields(overrides: Record<string, unknown> = {}) {
  counter++;
  const n = `${Date.now() % 1_000_000}${counter}`.slice(-7).padStart(7, "0");
  return {
    firstName: "Asha",
    lastName: "Verma",
    number: `98${n}${counter % 10}`.slice(0, 10),
    email: `asha.${n}.${counter}@example.in`,
    houseNo: "12B",
    city: "Pune",
    pinCode: "411001",
    state: "Maharashtra",
    areaAddress: "MG Road",
    password: "Secret@123",
    agreeToTerms: true as const,
    ...overrides,
  };
}

export type ProductFields = ReturnType<typeof productFields>;
export function productFields(overrides: Record<string, unknown> = {}) {
  return {
    productName: "Floor Cleaner",
    productPrice: 99,
    mainPrice: 120,
    offer: "18% off",
    packSize: "500ml",
    productInfo: "Cleans floors.",
    deliveryCharge: "Free" as number | "Free",
    quantity: 50,
    ...overrides,
  };
}

export async function createTestEnv(): Promise<TestEnv> {
  const handle = await createTestDb();
  const services = createTestServices();
  const admin = await handle.db.admin.create({
    data: { name: "Test Admin", email: TEST_ADMIN.email, phone: TEST_ADMIN.phone, passwordHash: await hashPassword(TEST_ADMIN.password) },
  });
  const as = (auth: AuthUser | null, clientIp = "127.0.0.1") => createCaller(createInnerContext({ db: handle.db, services, auth, clientIp }));
  const adminCaller = as({ role: "admin", adminId: admin.adminId });
  return {
    handle,
    services,
    anonymous: as(null),
    admin: adminCaller,
    adminId: admin.adminId,
    as,
    async newCustomer(overrides = {}) {
      const fields = customerFields(overrides);
      const { customerId } = await as(null).customers.save(fields);
      return { customerId, caller: as({ role: "customer", customerId }), fields };
    },
    async newProduct(overrides = {}) {
      const { product } = await adminCaller.products.save(productFields(overrides));
      return product.productId;
    },
    close: () => handle.close(),
  };
}
