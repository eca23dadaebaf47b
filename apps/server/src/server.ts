// The server process: database, services, the Fastify app, and a graceful shutdown.
import "./v8-flags.ts";
import { openDb } from "@store/db";
import { buildApp } from "./app.ts";
import { checkSmsForProduction, loadEnv } from "./env.ts";
import { seed } from "./seed.ts";
import { createServices } from "./services.ts";
import { couriersFromEnv, razorpayFromEnv, smsFromEnv, smtpTransport, whatsappFromEnv } from "@store/api";
import { startProductSync } from "./product-sync.ts";

/** Opens the database, seeds it, and serves until SIGTERM/SIGINT (a worker of supervisor.ts, or the whole server with WEB_CONCURRENCY=0). */
export async function startServer() {
  const env = loadEnv();
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await seed(handle.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    adminPhone: env.ADMIN_PHONE,
    sampleProducts: env.SEED_SAMPLE_DATA,
  });
  const codConfirmation = await handle.db.storeSetting.findUnique({ where: { key: "codConfirmation" } });
  checkSmsForProduction(env, codConfirmation?.value ?? null);
  const services = createServices(handle, {
    jwtSecret: env.JWT_SECRET,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    signupsPerHour: env.SIGNUP_MAX_PER_HOUR,
    grievancesPerHour: env.GRIEVANCE_MAX_PER_HOUR,
    paymentProvider: razorpayFromEnv(process.env),
    couriers: couriersFromEnv(process.env),
    sms: smsFromEnv(process.env),
    whatsapp: whatsappFromEnv(process.env),
    mail: { publicUrl: env.PUBLIC_URL, smtpConfigured: Boolean(env.SMTP_URL) },
  });
  const app = await buildApp({
    handle,
    services,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    trustProxy: env.TRUST_PROXY,
    mailer: env.SMTP_URL ? { transport: smtpTransport(env.SMTP_URL), from: env.MAIL_FROM } : undefined,
    hstsMaxAge: env.NODE_ENV === "production" ? env.HSTS_MAX_AGE : 0,
    apiDocs: env.API_DOCS_PUBLIC,
    corsOrigins: env.CORS_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  });

  const stopSync = env.DATABASE_URL ? await startProductSync(env.DATABASE_URL, services, app.log) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await stopSync();
      await handle.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Store on http://localhost:${env.PORT} (database: ${handle.kind}); API docs at /api/docs`);
}
