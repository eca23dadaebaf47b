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
});

export type AppRouter = typeof appRouter;
