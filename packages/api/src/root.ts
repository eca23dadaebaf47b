import { createTRPCRouter } from "./trpc.ts";
import { authRouter } from "./routers/auth.ts";
import { customersRouter } from "./routers/customers.ts";
import { productsRouter } from "./routers/products.ts";
import { cartRouter } from "./routers/cart.ts";
import { ordersRouter } from "./routers/orders.ts";
import { statsRouter } from "./routers/stats.ts";
import { settingsRouter } from "./routers/settings.ts";
import { paymentsRouter } from "./routers/payments.ts";
import { reportsRouter } from "./routers/reports.ts";
import { emailsRouter } from "./routers/emails.ts";
import { staffRouter } from "./routers/staff.ts";
import { auditRouter } from "./routers/audit.ts";
import { importsRouter } from "./routers/imports.ts";
import { exportsRouter } from "./routers/exports.ts";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  customers: customersRouter,
  products: productsRouter,
  cart: cartRouter,
  orders: ordersRouter,
  stats: statsRouter,
  settings: settingsRouter,
  payments: paymentsRouter,
  reports: reportsRouter,
  emails: emailsRouter,
  staff: staffRouter,
  audit: auditRouter,
  imports: importsRouter,
  exports: exportsRouter,
});

export type AppRouter = typeof appRouter;
