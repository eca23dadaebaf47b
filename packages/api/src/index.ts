import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export { appRouter, type AppRouter } from "./root.ts";
export { createCallerFactory } from "./trpc.ts";
export { StoreError, errorCodeOf, fieldErrors } from "./platform/errors.ts";
export { createContext, createInnerContext, type Context, type Services, type AuthUser } from "./context.ts";
export { createTokenService } from "./accounts/tokens.ts";
export { createLoginLimiter } from "./accounts/login-limiter.ts";
export { createSignupLimiter } from "./accounts/signup-limiter.ts";
export { createResetLimiter } from "./accounts/reset-limiter.ts";
export { smtpTransport, type MailTransport } from "./messaging/email/smtp.ts";
export { sendDueMessages, RETRY_DELAYS_MINUTES } from "./messaging/outbox-sender.ts";
export type { MailSettings } from "./messaging/outbox.ts";
export { databaseLimitStore, memoryLimitStore, type LimitStore } from "./platform/limit-store.ts";
export { createProductEvents, type ProductEvents } from "./catalogue/product-events.ts";
export { createProductCache, type ProductCache } from "./catalogue/product-cache.ts";
export { sharedRuns } from "./platform/shared-runs.ts";
export { hashPassword, HASH_PARAMS } from "./accounts/passwords.ts";
export { isCommonPassword } from "./accounts/password-policy.ts";
export { renderProductImages, saveProductImages, IMAGE_SIZES } from "./catalogue/images.ts";
export { createFirstVariant } from "./catalogue/product-variants.ts";

export { handleGatewayWebhook } from "./payments/gateway-webhook.ts";
export { expireUnpaidUpiOrders } from "./payments/payments.ts";
export { JOBS, type JobName, type JobSchedule, type JobDefinition } from "./jobs/registry.ts";
export { createJobRunner, type JobRunner } from "./jobs/runner.ts";
export { startJobQueue, type JobQueue } from "./jobs/queue.ts";
export { createRazorpayProvider, razorpayFromEnv } from "./payments/razorpay/adapter.ts";
export type { PaymentProvider } from "./payments/gateway.ts";
export { renderInvoicePdf } from "./invoices/invoice-pdf.ts";
export { gstSummaryCsv } from "./invoices/gst-report.ts";
export { AUDIT_SUBJECTS, NOT_AUDITED } from "./back-office/audit-subjects.ts";
export { auditExport } from "./back-office/audit.ts";
export { exportRows, spreadsheetSafe } from "./back-office/exports.ts";
export { robotsTxt, sitemapUrls, type SitemapUrl } from "./catalogue/seo.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
