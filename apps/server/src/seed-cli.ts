// `npm run db:seed`: migrate and seed the configured database, then exit.
import { openDb } from "@store/db";
import { loadEnv } from "./env.ts";
import { seed } from "./seed.ts";

const env = loadEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const result = await seed(handle.db, {
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
  adminPhone: env.ADMIN_PHONE,
  sampleProducts: env.SEED_SAMPLE_DATA,
});
console.log(`Seeded: admin ${result.admin ? "created" : "already there"}, ${result.products} sample products added, ${result.pincodes} PIN codes added.`);
await handle.close();
