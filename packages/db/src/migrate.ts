// Applies prisma/migrations/*/migration.sql in order, recording them in Prisma's own
// `_prisma_migrations` table, so `prisma migrate deploy` (npm run db:migrate) and this runner
// agree on what is applied. Used at server start and by the test database helper, where
// spawning the Prisma CLI per test file would be far too slow.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

// Found through the package's own entry (packages/db/src/index.ts), not this file's location: the
// server's production build bundles this module into apps/server/dist/main.js.
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.resolve("@store/db"))), "../../../prisma/migrations");

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

let cached: Migration[] | undefined;
function readMigrations(): Migration[] {
  cached ??= fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
  return cached;
}

export interface MigrateOptions {
  /** stop before this migration (by folder name): a database as the version before it made it (migration tests) */
  before?: string;
}

export async function applyMigrations(db: SqlRunner, options: MigrateOptions = {}): Promise<string[]> {
  const all = readMigrations();
  const stop = options.before === undefined ? all.length : all.findIndex((m) => m.name === options.before);
  if (stop < 0) throw new Error(`No migration named ${options.before}`);
  await db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const done = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(done.map((r) => r.migration_name));
  const ran: string[] = [];
  for (const m of all.slice(0, stop)) {
    if (applied.has(m.name)) continue;
    await db.exec(`BEGIN;\n${m.sql}\n;COMMIT;`);
    await db.query(`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`, [
      randomUUID(),
      m.checksum,
      m.name,
    ]);
    ran.push(m.name);
  }
  return ran;
}
