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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    if (result && typeof result.then === "function") {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return result.then((res: any) => {
        for (const field of res?.fields ?? []) if (field.dataTypeID === 19) field.dataTypeID = 25;
        return res;
      });
    }
    return result;
  }
}

export async function createMigrationAdapter() {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return new PrismaPg(new NameAsTextPool({ connectionString: url }));
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
  fs.mkdirSync(dataDir, { recursive: true });
  // typed against an older driver-adapter-utils; same runtime contract (see client.ts)
  return new PrismaPGlite(new PGlite(dataDir, { extensions: { pg_trgm } })) as unknown as PrismaPg;
}
