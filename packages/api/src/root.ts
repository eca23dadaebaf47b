import { createTRPCRouter } from "./trpc.ts";
import { authRouter } from "./accounts/auth-router.ts";
import { customersRouter } from "./accounts/customers-router.ts";
import { addressesRouter } from "./accounts/addresses/addresses-router.ts";
import { preferencesRouter } from "./accounts/preferences/preferences-router.ts";
import { productsRouter } from "./catalogue/products-router.ts";
import { variantsRouter } from "./catalogue/variants-router.ts";
import { cartRouter } from "./orders/cart-router.ts";
import { ordersRouter } from "./orders/orders-router.ts";
import { orderDeskRouter } from "./orders/order-desk-router.ts";
import { statsRouter } from "./back-office/stats-router.ts";
import { settingsRouter } from "./back-office/settings-router.ts";
import { paymentsRouter } from "./payments/payments-router.ts";
import { reportsRouter } from "./back-office/reports-router.ts";
import { emailsRouter } from "./messaging/emails-router.ts";
import { templatesRouter } from "./messaging/templates-router.ts";
import { inboxRouter } from "./messaging/inbox-router.ts";
import { staffRouter } from "./accounts/staff-router.ts";
import { auditRouter } from "./back-office/audit-router.ts";
import { importsRouter } from "./back-office/imports-router.ts";
import { exportsRouter } from "./back-office/exports-router.ts";
import { jobsRouter } from "./jobs/jobs-router.ts";
import { zonesRouter } from "./delivery/zones-router.ts";
import { serviceabilityRouter } from "./delivery/serviceability-router.ts";
import { couponsRouter } from "./offers/coupons-router.ts";
import { cartOffersRouter } from "./offers/cart-offers-router.ts";
import { pincodesRouter } from "./delivery/pincodes-router.ts";
import { shipmentsRouter } from "./shipments/shipments-router.ts";
import { trackingRouter } from "./shipments/tracking-router.ts";
import { guestRouter } from "./guest/guest-router.ts";
import { otpRouter } from "./accounts/otp/otp-router.ts";
import { grievancesRouter } from "./trust/grievances/grievances-router.ts";
import { reviewsRouter } from "./trust/reviews/reviews-router.ts";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  customers: customersRouter,
  addresses: addressesRouter,
  preferences: preferencesRouter,
  products: productsRouter,
  variants: variantsRouter,
  cart: cartRouter,
  orders: ordersRouter,
  orderDesk: orderDeskRouter,
  stats: statsRouter,
  settings: settingsRouter,
  payments: paymentsRouter,
  reports: reportsRouter,
  emails: emailsRouter,
  messagingTemplates: templatesRouter,
  messagingInbox: inboxRouter,
  staff: staffRouter,
  audit: auditRouter,
  imports: importsRouter,
  exports: exportsRouter,
  jobs: jobsRouter,
  zones: zonesRouter,
  serviceability: serviceabilityRouter,
  coupons: couponsRouter,
  offers: cartOffersRouter,
  pincodes: pincodesRouter,
  shipments: shipmentsRouter,
  tracking: trackingRouter,
  guest: guestRouter,
  otp: otpRouter,
  grievances: grievancesRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
