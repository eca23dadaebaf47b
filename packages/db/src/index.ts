export { openDb, type Db, type DbHandle, type DbOptions } from "./client.ts";
export { applyMigrations } from "./migrate.ts";
export { Prisma } from "./generated/client.ts";
export type * from "./generated/models.ts";
