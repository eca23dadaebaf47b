// Creates the Prisma client for either database: the embedded PGlite (default, data in
// DATA_DIR) or PostgreSQL when a postgresql:// URL is given. Migrations run before use.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client.ts";
import { applyMigrations, type SqlRunner } from "./migrate.ts";
import { lowMemoryPgliteModule } from "./pglite-memory.ts";
import { takingTurns } from "./pglite-turns.ts";

export type Db = PrismaClient;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgresql";
  /** runs SQL outside Prisma (health checks, LISTEN/NOTIFY); never for business queries */
  raw: SqlRunner;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** folder for the embedded database; "memory://" keeps it in memory */
  dataDir?: string;
  /** PostgreSQL pool size */
  poolSize?: number;
}

export function pgliteRunner(pglite: PGlite): SqlRunner {
  return {
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
}

export function pgRunner(pool: pg.Pool): SqlRunner {
  return {
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
  };
}

/**
 * pglite-prisma-adapter 0.6 is typed against @prisma/driver-adapter-utils 6.10 while Prisma is
 * 6.19; the runtime contract is the same (covered by the whole test suite), only the nominal
 * types differ, hence the cast. Its queries take turns with the event loop (pglite-turns.ts).
 */
export function pgliteAdapter(pglite: PGlite) {
  return new PrismaPGlite(takingTurns(pglite)) as unknown as PrismaPg;
}

/** pg_trgm backs the search indexes (prisma/migrations/*_search_indexes); PostgreSQL ships it as a contrib module */
export const pgliteExtensions = { pg_trgm };

export async function openDb(options: DbOptions = {}): Promise<DbHandle> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // an idle client losing its connection (database restarted) must not crash the process
    pool.on("error", () => {});
    const raw = pgRunner(pool);
    await applyMigrations(raw);
    const db = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      db,
      kind: "postgresql",
      raw,
      close: async () => {
        await db.$disconnect();
        await pool.end().catch(() => {});
      },
    };
  }
  const dataDir = options.dataDir ?? "./data";
  const wasmModule = await lowMemoryPgliteModule();
  const pgliteOptions = { extensions: pgliteExtensions, ...(wasmModule ? { wasmModule } : {}) };
  let pglite: PGlite;
  if (dataDir === "memory://") {
    pglite = new PGlite(pgliteOptions);
  } else {
    const dir = path.resolve(dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir, pgliteOptions);
  }
  // index builds (migrations) take up to this much WASM memory, which is never given back
  await pglite.exec("SET maintenance_work_mem = '16MB'");
  const raw = pgliteRunner(pglite);
  await applyMigrations(raw);
  const db = new PrismaClient({ adapter: pgliteAdapter(pglite) });
  return {
    db,
    kind: "pglite",
    raw,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}
