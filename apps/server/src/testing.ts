// HTTP tests: the real Fastify app on a fresh test database, driven with app.inject.
import type { FastifyInstance } from "fastify";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import type { WhatsAppSettings } from "@store/api";
import { buildApp, type AppOptions } from "./app.ts";
import { checkEveryAnswer } from "./openapi-check.ts";

export interface HttpTestEnv extends TestEnv {
  app: FastifyInstance;
  adminToken: string;
  tokenFor(customerId: number): Promise<string>;
}

export async function createHttpTestEnv(
  options: Pick<AppOptions, "mailer" | "logLevel" | "logStream" | "apiDocs"> & { whatsapp?: WhatsAppSettings } = {},
): Promise<HttpTestEnv> {
  const env = await createTestEnv();
  const { whatsapp, ...appOptions } = options;
  // the WhatsApp sender and webhook secrets (issue 30); none unless a suite sets them
  if (whatsapp) env.services.whatsapp = whatsapp;
  const app = await buildApp({ handle: env.handle, services: env.services, logLevel: "silent", ...appOptions });
  await app.ready();
  // every answer of the HTTP suites must be one /api/v1/openapi.json describes (openapi-check.ts)
  await checkEveryAnswer(app);
  const adminToken = await env.services.tokens.sign({ role: "admin", adminId: env.adminId });
  return {
    ...env,
    app,
    adminToken,
    tokenFor: (customerId) => env.services.tokens.sign({ role: "customer", customerId }),
    close: async () => {
      await app.close();
      await env.close();
    },
  };
}
