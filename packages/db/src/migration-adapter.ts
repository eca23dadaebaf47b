// The adapter the Prisma CLI uses for `migrate deploy|dev|diff`.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

/**
 * Workaround for prisma/orm#27403: migrating through @prisma/adapter-pg fails with
 * "Column type 'name' could not be deserialized" because catalog queries return columns of
 * type `name` (OID 19). Report them as `text` (OID 25). Used only by the migration adapter.
 */
class NameAsTextPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // pg.Pool#query has a dozen overloads; this keeps every one of them and only relabels the fields
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      return result instanceof Promise ? result.then(nameAsText) : result;
    }) as pg.Pool["query"];
  }
}

function nameAsText<T>(result: T): T {
  const fields = (result as Partial<pg.QueryResult> | undefined)?.fields ?? [];
  for (const field of fields) if (field.dataTypeID === 19) field.dataTypeID = 25;
  return result;
}

export function createMigrationAdapter(): Promise<PrismaPg> {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return Promise.resolve(new PrismaPg(new NameAsTextPool({ connectionString: url })));
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
  fs.mkdirSync(dataDir, { recursive: true });
  // typed against an older driver-adapter-utils; same runtime contract (see client.ts)
  return Promise.resolve(new PrismaPGlite(new PGlite(dataDir, { extensions: { pg_trgm } })) as unknown as PrismaPg);
}
