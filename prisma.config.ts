// Prisma CLI wiring: everything runs in WebAssembly through driver adapters (Prisma 6.19),
// so no native engine is downloaded. See docs/design.md "Database" and scripts/prisma.sh.
import { defineConfig } from "prisma/config";
import { createMigrationAdapter } from "./packages/db/src/migration-adapter.ts";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  adapter: async () => createMigrationAdapter(),
});
