// Keeps the product caches of several server instances that share one PostgreSQL in step:
// a local product/stock write is announced with NOTIFY, and a NOTIFY from another instance
// empties this instance's cache. The embedded PGlite is one process, so it needs none of this.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "@store/api";

const CHANNEL = "store_products_changed";

export async function startProductSync(databaseUrl: string, services: Services, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const me = randomUUID();
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload !== me) services.productCache.clear();
    });
    c.on("error", (err) => {
      log.warn({ err }, "product sync connection lost; reconnecting");
      reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    // anything may have changed while we were not listening
    services.productCache.clear();
  };
  const reconnect = () => {
    client?.end().catch(() => {});
    client = undefined;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => reconnect());
    }, 1000);
  };

  const unsubscribe = services.productEvents.subscribe(() => {
    client?.query("SELECT pg_notify($1, $2)", [CHANNEL, me]).catch((err) => log.warn({ err }, "could not announce a product change"));
  });
  await connect().catch((err) => {
    log.warn({ err }, "product sync could not connect; retrying");
    reconnect();
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    unsubscribe();
    await client?.end().catch(() => {});
  };
}
