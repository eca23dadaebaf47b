import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export { appRouter, type AppRouter } from "./root.ts";
export { createCallerFactory } from "./trpc.ts";
export { createContext, createInnerContext, type Context, type Services, type AuthUser } from "./context.ts";
export { createTokenService } from "./services/tokens.ts";
export { createLoginLimiter } from "./services/login-limiter.ts";
export { createSignupLimiter } from "./services/signup-limiter.ts";
export { createResetLimiter } from "./services/reset-limiter.ts";
export { smtpTransport, type MailTransport } from "./mail/transport.ts";
export { sendDueMessages, RETRY_DELAYS_MINUTES } from "./mail/outbox-sender.ts";
export type { MailSettings } from "./mail/outbox.ts";
export { databaseLimitStore, memoryLimitStore, type LimitStore } from "./services/limit-store.ts";
export { createProductEvents, type ProductEvents } from "./services/product-events.ts";
export { createProductCache, type ProductCache } from "./services/product-cache.ts";
export { sharedRuns } from "./services/shared-runs.ts";
export { hashPassword, HASH_PARAMS } from "./services/passwords.ts";
export { isCommonPassword } from "./domain/password-policy.ts";
export { renderProductImages, saveProductImages, IMAGE_SIZES } from "./services/images.ts";

export { handleGatewayWebhook } from "./domain/gateway-payments.ts";
export { expireUnpaidUpiOrders } from "./domain/payments.ts";
export { createRazorpayProvider, razorpayFromEnv } from "./services/razorpay.ts";
export type { PaymentProvider } from "./services/payment-provider.ts";
export { renderInvoicePdf } from "./services/invoice-pdf.ts";
export { gstSummaryCsv } from "./domain/gst-report.ts";
export { AUDIT_SUBJECTS, NOT_AUDITED } from "./domain/audit-subjects.ts";
export { exportRows, spreadsheetSafe } from "./domain/exports.ts";
export { robotsTxt, sitemapUrls, type SitemapUrl } from "./domain/seo.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
